import DBus
import PetalAPI
import PetalCore

/// A parsed petalctl command line: where to connect, how to print, what to do.
public struct Invocation: Equatable, Sendable {
    /// The bus petald is on.
    public var bus: BusAddress = .session
    /// Print JSON instead of text.
    public var json = false
    /// The subcommand.
    public var command: Command = .help(nil)
    /// The menu a command that acts on one menu acts on (`--menu NAME`; `main` by default).
    public var menu = PetalBus.mainMenu
    /// The menu `--menu` names; nil when it is not given, and the commands of
    /// ``CommandName/followingTheOpenMenu`` act on the open menu.
    public var menuOption: String?

    /// Parses the arguments after the program name.
    ///
    /// Global options (`--bus`, `--address`, `--json`, `--help`, `--version`)
    /// may come before or after the subcommand, and so may `--menu NAME`,
    /// which only the commands that act on one menu take.
    /// - Throws: ``UsageError`` saying what was wrong and what is expected.
    public init(arguments: [String]) throws(UsageError) {
        var words: [String] = []
        var remaining = arguments[...]
        var help = false
        var clientVersion = false
        var menuGiven = false
        while let argument = remaining.popFirst() {
            let (name, inline) = Self.split(argument)
            switch name {
            case "--bus", "--address":
                let value = try Self.value(
                    of: name, inline, &remaining,
                    example: name == "--bus"
                        ? "--bus session, --bus system or --bus unix:path=/run/user/1000/bus"
                        : "--address unix:path=/run/user/1000/bus")
                bus = try Self.bus(value, option: name)
            case "--json", "-j":
                try Self.noValue(name, inline)
                json = true
            case "-h", "--help":
                try Self.noValue(name, inline)
                help = true
            case "-V", "--version":
                try Self.noValue(name, inline)
                clientVersion = true
            case "--menu":
                menu = try MenuNameOption.checked(
                    try Self.value(of: name, inline, &remaining, example: "--menu apps (see petalctl menus)"))
                menuOption = menu
                menuGiven = true
            case "--":
                words += remaining
                remaining = []
            default:
                words.append(argument)
            }
        }
        guard let first = words.first else {
            guard help || clientVersion else {
                throw UsageError("a command is needed: \(CommandName.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            command = help ? .help(nil) : .version(daemon: false)
            return
        }
        guard let name = CommandName(rawValue: first) else {
            throw UsageError(
                "unknown command \"\(first)\"; the commands are \(CommandName.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        if help {
            command = .help(name == .help ? nil : name)
            return
        }
        if clientVersion {
            throw UsageError("--version takes no command; for petald's version too, run petalctl version")
        }
        var parser = CommandParser(name: name, words: Array(words.dropFirst()))
        command = try parser.parse()
        if menuGiven { try checkMenuOption(of: name) }
    }

    /// Only the commands that act on one menu take `--menu`, and `choose` only for a menu of petald's.
    private func checkMenuOption(of name: CommandName) throws(UsageError) {
        switch command {
        case .show:
            throw UsageError("show takes the menu's name itself, not --menu: petalctl show \(menu)")
        case .chooseFrom:
            throw UsageError(
                "choose --from and --lines show a menu of their own, so they take no --menu; to choose from \(menu), leave out --from and --lines"
            )
        case .toggle, .open, .close, .back, .status, .items, .activate, .highlight, .choose, .layout, .preview:
            return
        default:
            throw UsageError(
                "\(name.rawValue) takes no --menu; the commands that act on one menu are \(CommandName.actingOnAMenu.map(\.rawValue).joined(separator: ", "))"
            )
        }
    }

    /// `session`, `system`, or a D-Bus address (`transport:key=value,…`).
    static func bus(_ value: String, option: String) throws(UsageError) -> BusAddress {
        let address = BusAddress(value)
        if case .address = address {
            let transport = value.prefix { $0 != ":" }
            guard transport.count < value.count, !transport.isEmpty, transport.allSatisfy({ $0.isLetter || $0 == "-" })
            else {
                throw UsageError(
                    "\(option) \"\(value)\" is not a bus: use session, system, or a D-Bus address such as unix:path=/run/user/1000/bus"
                )
            }
        }
        return address
    }

    static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    static func value(
        of name: String, _ inline: String?, _ remaining: inout ArraySlice<String>, example: String
    ) throws(UsageError) -> String {
        guard let value = inline ?? remaining.popFirst(), !value.isEmpty else {
            throw UsageError("\(name) needs a value, e.g. \(example)")
        }
        return value
    }

    static func noValue(_ name: String, _ inline: String?) throws(UsageError) {
        if let inline { throw UsageError("\(name) takes no value, but was given \"\(inline)\"") }
    }
}

/// A wrong command line; its message says what was wrong and what is expected.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public let description: String

    /// A usage error with the given explanation.
    public init(_ description: String) { self.description = description }
}
