import DBus
import PetalAPI
import PetalCommandLine
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

    /// Parses the arguments after the program name, by ``PetalctlCommandLine/program``.
    ///
    /// Global options (`--bus`, `--address`, `--json`, `--help`, `--version`)
    /// may come before or after the subcommand, and so may `--menu NAME`,
    /// which only the commands that act on one menu take.
    /// - Throws: ``UsageError`` saying what was wrong and what is expected.
    public init(arguments: [String]) throws(UsageError) {
        typealias Line = PetalctlCommandLine
        let line = try Line.program.parse(arguments)
        bus = line.lastValue(of: Line.bus, Line.address) ?? .session
        json = line[Line.json]
        menuOption = line[Line.menu]
        menu = menuOption ?? PetalBus.mainMenu
        let name = line.subcommand.flatMap(CommandName.init(rawValue:))
        if line.isHelpRequested {
            command = .help(name == .help ? nil : name)
            return
        }
        guard let name else {
            if let shell = line[Line.completions] {
                command = .completions(shell)
            } else if line[Line.version] {
                command = .version(daemon: false)
            } else {
                throw UsageError("a command is needed: \(CommandName.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return
        }
        if line[Line.version] {
            throw UsageError("--version takes no command; for petald's version too, run petalctl version")
        }
        if line[Line.completions] != nil {
            throw UsageError("--completions takes no command; it prints the completions of every one")
        }
        command = try Command(name, line)
        if case .chooseFrom = command, menuOption != nil {
            throw UsageError(
                "choose --from and --lines show a menu of their own, so they take no --menu; to choose from \(menu), leave out --from and --lines"
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
}
