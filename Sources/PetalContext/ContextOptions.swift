import DBus
import PetalContextCore

/// What `petal-context` was asked to do, from its command line.
struct ContextOptions: Equatable {
    enum Mode: Equatable {
        /// Keep petald's context current until stopped.
        case run
        case help
        case version
    }

    var mode: Mode = .run
    var bus: BusAddress = .session
    /// The backend named by `--backend`; chosen from the environment when nil.
    var backend: ContextBackend?
    var verbose = false

    /// A command-line mistake, said as a person would fix it.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses the arguments after the program's name.
    init(_ arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            let (name, inline) = Self.split(argument)
            func take() throws(UsageError) -> String {
                if let inline { return inline }
                guard let value = rest.popFirst() else { throw UsageError(description: "\(name) needs a value") }
                return value
            }
            switch name {
            case "--help", "-h": mode = .help
            case "--version": mode = .version
            case "--verbose", "-v": verbose = true
            case "--bus": bus = BusAddress(try take())
            case "--backend":
                let text = try take()
                guard let backend = ContextBackend(rawValue: text) else {
                    let names = ContextBackend.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(description: "--backend \(text): expected one of \(names)")
                }
                self.backend = backend
            default:
                throw UsageError(description: "unknown option \(argument); see petal-context --help")
            }
        }
    }

    /// `--name=value` as ("--name", "value"); anything else as (argument, nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    static let help = """
        Usage: petal-context [--backend sway|i3|hyprland|x11] [--bus BUS] [--verbose]

        Keeps petald's context current: which application's window has focus,
        its title, and the focused output. `petalctl show --context` then opens
        the menu whose `when` matches it. It waits for the desktop's events and
        never polls; it sets the context again whenever petald starts.

        Backends, tried in this order (the log says which one runs):
          sway      SWAYSOCK: sway's IPC socket, its window and workspace events
          i3        I3SOCK: i3's IPC socket, the same protocol
          hyprland  HYPRLAND_INSTANCE_SIGNATURE: Hyprland's sockets in
                    $XDG_RUNTIME_DIR/hypr/SIGNATURE (or /tmp/hypr/SIGNATURE)
          x11       DISPLAY, outside a Wayland session: _NET_ACTIVE_WINDOW of
                    the window manager, WM_CLASS, _NET_WM_NAME, RandR outputs

        On another desktop (GNOME or KDE on Wayland) it exits with status 1:
        bind keys to `petalctl show NAME` instead, or set the context from a
        script with `petalctl context app=… title=…`.

        Options:
          --backend NAME   read this backend, whatever else the environment says
          --bus BUS        the bus petald is on: session (the default), system, or
                           a D-Bus address such as unix:path=/run/user/1000/bus
          -v, --verbose    log every context set
          -h, --help       show this help
          --version        show the version

        Exit status: 0 when stopped (SIGTERM, SIGINT); 1 when the desktop cannot
        be read, or it or the bus goes away; 2 for a usage error.
        See petal-context(1).
        """
}
