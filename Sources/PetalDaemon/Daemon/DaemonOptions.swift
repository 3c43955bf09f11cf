import DBus

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

    /// Parses arguments (without the program name).
    ///
    /// - Throws: ``UsageError`` naming the argument that is wrong.
    public init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inline) = Self.split(argument)
            switch name {
            case "--bus":
                guard let value = inline ?? remaining.popFirst(), !value.isEmpty else {
                    throw UsageError(
                        "--bus needs a value: session, system or a D-Bus address such as unix:path=/run/user/1000/bus")
                }
                bus = BusAddress(value)
            case "--plugin-dir":
                guard let value = inline ?? remaining.popFirst(), !value.isEmpty else {
                    throw UsageError("--plugin-dir needs a folder, e.g. --plugin-dir ~/src/my-plugin/.build/debug")
                }
                pluginDirectories.append(value)
            case "--config", "--check-config":
                guard let value = inline ?? remaining.popFirst(), !value.isEmpty else {
                    throw UsageError("\(name) needs a file, e.g. \(name) ~/.config/petal/config.json")
                }
                if name == "--config" { configPath = value } else { checkConfigPath = value }
            case "--safe-mode": safeMode = true
            case "--replace": replace = true
            case "--introspect": introspect = true
            case "-h", "--help": help = true
            case "-V", "--version": version = true
            case "-v", "--verbose": verbose = true
            case "-q", "--quiet": quiet = true
            default:
                throw UsageError("unknown argument \"\(argument)\"; see petald --help")
            }
            if inline != nil && !["--bus", "--plugin-dir", "--config", "--check-config"].contains(name) {
                throw UsageError("\(name) takes no value, but was given \"\(argument)\"")
            }
        }
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The text `petald --help` prints.
    public static let helpText = """
        Usage: petald [OPTIONS]

        Serve the Petal action menu as org.petal.Petal1 on D-Bus.

        Options:
          --bus session|system|ADDRESS   the bus to serve on (default: session)
          --replace                      take the name from a running petald
          --config FILE                  read the menu from FILE (default:
                                         $XDG_CONFIG_HOME/petal/config.json)
          --check-config FILE            check FILE and the provider drop-ins, print
                                         every problem, exit 0 or 2
          --plugin-dir DIR               look for plugins in DIR first (repeatable)
          --safe-mode                    load only Petal's built-in plugins
          --introspect                   print the D-Bus introspection XML and exit
          -v, --verbose                  log debug messages too
          -q, --quiet                    log only warnings and errors
          -V, --version                  print the version, the Swift compiler petald was
                                         built with and the plugin ABI, and exit
          -h, --help                     print this help and exit

        Exit status: 0 on a clean stop, 1 on a fault (such as a lost bus),
        2 for a usage or configuration error, 3 when the name is owned by
        another petald and --replace was not given.

        """
}

/// A wrong command line; its message says what was wrong and what is expected.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public let description: String

    /// A usage error with the given explanation.
    public init(_ description: String) { self.description = description }
}
