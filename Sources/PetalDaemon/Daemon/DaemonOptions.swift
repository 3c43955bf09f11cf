import DBus
import PetalCommandLine

/// `petald`'s command line.
public struct DaemonOptions: Sendable, Equatable {
    /// Which bus to serve on.
    public var bus: BusAddress = .session
    /// Take the name from a running instance.
    public var replace = false
    /// Print the introspection XML and exit.
    public var introspect = false
    /// Print help and exit.
    public var help = false
    /// Print the version and exit.
    public var version = false
    /// Log debug lines too.
    public var verbose = false
    /// Log only warnings and errors.
    public var quiet = false
    /// Folders searched for plugins first, in order.
    public var pluginDirectories: [String] = []
    /// Load only Petal's built-in plugins.
    public var safeMode = false
    /// The configuration file given with `--config`; nil for the default place.
    public var configPath: String?
    /// The file given with `--check-config`: check it, print its problems and exit.
    public var checkConfigPath: String?

    /// Defaults: the session bus, no replacement.
    public init() {}

    /// Parses arguments (without the program name) by ``commandLine``.
    ///
    /// - Throws: ``UsageError`` naming the argument that is wrong.
    public init(arguments: [String]) throws(UsageError) {
        let line = try Self.commandLine.parse(arguments)
        help = line.isHelpRequested
        bus = line[Self.busOption] ?? .session
        replace = line[Self.replaceFlag]
        introspect = line[Self.introspectFlag]
        version = line[Self.versionFlag]
        verbose = line[Self.verboseFlag]
        quiet = line[Self.quietFlag]
        pluginDirectories = line.values(of: Self.pluginDirectory)
        safeMode = line[Self.safeModeFlag]
        configPath = line[Self.config]
        checkConfigPath = line[Self.checkConfig]
    }

    /// The text `petald --help` prints.
    public static var helpText: String { commandLine.help() }

    /// petald's command line, declared once: parsing and `--help` come from it.
    public static let commandLine = CommandDeclaration(
        "petald", abstract: "Serve the Petal action menu as org.petal.Petal1 on D-Bus.", usage: ["[OPTIONS]"],
        help: [
            .text("Serve the Petal action menu as org.petal.Petal1 on D-Bus."),
            .options(nil, heading: "Options:", column: 33),
            .text(
                """
                Exit status: 0 on a clean stop, 1 on a fault (such as a lost bus),
                2 for a usage or configuration error, 3 when the name is owned by
                another petald and --replace was not given.
                """),
        ],
        options: [
            busOption, replaceFlag, config, checkConfig, pluginDirectory, safeModeFlag, introspectFlag, verboseFlag,
            quietFlag, versionFlag, Flag.help("print this help and exit"),
        ])

    static let busOption = Option<BusAddress>(
        "--bus", valueName: "session|system|ADDRESS", abstract: "the bus to serve on (default: session)",
        example: "--bus session, --bus system or --bus unix:path=/run/user/1000/bus",
        completion: .words(["session", "system"])
    ) { text throws(UsageError) in BusAddress(text) }
    static let replaceFlag = Flag("--replace", abstract: "take the name from a running petald")
    static let config = Option<String>(
        "--config", valueName: "FILE",
        abstract: "read the menu from FILE (default: $XDG_CONFIG_HOME/petal/config.json)",
        example: "--config ~/.config/petal/config.json", completion: .file(extensions: ["json"]))
    static let checkConfig = Option<String>(
        "--check-config", valueName: "FILE",
        abstract: "check FILE and the provider drop-ins, print every problem, exit 0 or 2",
        example: "--check-config ~/.config/petal/config.json", completion: .file(extensions: ["json"]))
    static let pluginDirectory = Option<String>(
        "--plugin-dir", valueName: "DIR", abstract: "look for plugins in DIR first (repeatable)",
        example: "--plugin-dir ~/src/my-plugin/.build/debug", completion: .file(extensions: []), repeatable: true)
    static let safeModeFlag = Flag("--safe-mode", abstract: "load only Petal's built-in plugins")
    static let introspectFlag = Flag("--introspect", abstract: "print the D-Bus introspection XML and exit")
    static let verboseFlag = Flag("-v", "--verbose", abstract: "log debug messages too")
    static let quietFlag = Flag("-q", "--quiet", abstract: "log only warnings and errors")
    static let versionFlag = Flag(
        "-V", "--version",
        abstract: "print the version, the Swift compiler petald was built with and the plugin ABI, and exit")
}
