import DBus
import PetalCommandLine

/// petalctl's command line, declared once: its options, and each command's
/// (``CommandName/declaration``). Parsing (``Invocation``), `--help`
/// (``HelpText``) and the shells' completions (`--completions`) come from it.
public enum PetalctlCommandLine {
    /// petalctl and its commands.
    public static let program = CommandDeclaration(
        "petalctl", abstract: "Control petald, the Petal action-menu daemon, over D-Bus.",
        usage: ["[--bus BUS] [--json] COMMAND [ARGUMENTS]"],
        help: [
            .text("Control petald, the Petal action-menu daemon, over D-Bus."),
            .commands(heading: "Commands:", column: 30),
            .madeText { openMenuParagraph },
            .options(
                ["--bus", "--address", "--json", "--menu", "--completions", "--version", "--help"], heading: "Options:",
                column: 30),
            .text(
                """
                Exit status: 0 on success, 1 when petald answered with an error (printed
                as "name: message"), 2 for a usage error, 3 when petald cannot be reached;
                choose and dmenu: 1 when nothing was chosen, 4 when no program draws
                menus, 10 to 28 for --kb-custom-1 to --kb-custom-19, 124 when --timeout passed.
                """),
            .text("See petalctl(1) for the JSON shapes and more examples."),
        ],
        options: [bus, address, json, completions, help, version], sharedOptions: [menu],
        subcommands: CommandName.allCases.map { name in Subcommand(name.rawValue) { name.declaration } })

    static let bus = Option<BusAddress>(
        "--bus", valueName: "session|system|ADDRESS", abstract: "the bus petald is on (default: session)",
        example: "--bus session, --bus system or --bus unix:path=/run/user/1000/bus",
        completion: .words(["session", "system"])
    ) { text throws(UsageError) in try Invocation.bus(text, option: "--bus") }

    static let address = Option<BusAddress>(
        "--address", valueName: "ADDRESS", abstract: "the same as --bus ADDRESS",
        example: "--address unix:path=/run/user/1000/bus"
    ) { text throws(UsageError) in try Invocation.bus(text, option: "--address") }

    static let json = Flag("-j", "--json", abstract: "print JSON (one object, or one per line for watch)")

    /// Shared with the commands that act on one menu, which list it.
    static let menu = Option<String>(
        "--menu", valueName: "NAME", abstract: "the menu a command acts on (default: the open one, or main; see above)",
        example: "--menu apps (see petalctl menus)", completion: menuNames,
        refusal: { command, value in
            command == CommandName.show.rawValue
                ? "show takes the menu's name itself, not --menu: petalctl show \(value)"
                : "\(command) takes no --menu; the commands that act on one menu are \(CommandName.actingOnAMenu.map { $0.rawValue }.joined(separator: ", "))"
        },
        parse: MenuNameOption.checked)

    static let completions = Option<Shell>(
        "--completions", noun: "shell", abstract: "print the shell's completion script for petalctl and exit",
        completed: false)

    static let version = Flag("-V", "--version", abstract: "print petalctl's version and exit")

    static let help = Flag.help("print help (after a command: that command's)")

    /// The names of petald's menus, asked of the petald on the line's bus.
    static let menuNames = CompletionKind.program(arguments: ["menus", "--names"], passing: ["--bus", "--address"])

    /// Which menu the commands act on, from the commands' declarations.
    static var openMenuParagraph: String {
        let onMain = CommandName.actingOnAMenu.filter { !CommandName.followingTheOpenMenu.contains($0) }
        let list = { (names: [CommandName]) in Wording.list(names.map { $0.rawValue }) }
        return """
            \(list(onMain)) act on the main menu; \(list(CommandName.followingTheOpenMenu)) on the menu that is open (close on the first menu of its chain), or main when none is. --menu NAME, anywhere among a command's options, makes any of them act on NAME.
            """
    }
}

extension CommandName {
    /// This command's declaration: what it takes, and its help.
    public var declaration: CommandDeclaration {
        switch self {
        case .toggle: PetalctlCommandLine.toggle
        case .open: PetalctlCommandLine.open
        case .close: PetalctlCommandLine.close
        case .show: PetalctlCommandLine.show
        case .back: PetalctlCommandLine.back
        case .menus: PetalctlCommandLine.menus
        case .context: PetalctlCommandLine.contextCommand
        case .status: PetalctlCommandLine.status
        case .items: PetalctlCommandLine.items
        case .actions: PetalctlCommandLine.actions
        case .plugins: PetalctlCommandLine.plugins
        case .activate: PetalctlCommandLine.activate
        case .highlight: PetalctlCommandLine.highlight
        case .trigger: PetalctlCommandLine.trigger
        case .choose: PetalctlCommandLine.choose
        case .dmenu: PetalctlCommandLine.dmenu
        case .layout: PetalctlCommandLine.layout
        case .preview: PetalctlCommandLine.preview
        case .watch: PetalctlCommandLine.watch
        case .reload: PetalctlCommandLine.reload
        case .version: PetalctlCommandLine.versionCommand
        case .help: PetalctlCommandLine.helpCommand
        }
    }
}
