import DBus
import PetalCommandLine
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

    /// Parses the arguments after the program's name, by ``commandLine``.
    ///
    /// - Throws: ``UsageError`` for a mistake on the line.
    init(_ arguments: [String]) throws(UsageError) {
        let line = try Self.commandLine.parse(arguments)
        mode = line.isHelpRequested ? .help : line[Self.version] ? .version : .run
        bus = line[Self.bus] ?? .session
        backend = line[Self.backendOption]
        verbose = line[Self.verbose]
    }

    /// petal-context's command line, declared once: parsing and `--help` come from it.
    static let commandLine = CommandDeclaration(
        "petal-context", abstract: "Keeps petald's context current.",
        usage: [
            "[--backend \(ContextBackend.allCases.map(\.rawValue).joined(separator: "|"))] [--bus BUS] [--verbose]"
        ],
        help: [
            .text(
                """
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
                """),
            .options(nil, heading: "Options:", column: 19),
            .text(
                """
                Exit status: 0 when stopped (SIGTERM, SIGINT); 1 when the desktop cannot
                be read, or it or the bus goes away; 2 for a usage error.
                See petal-context(1).
                """),
        ],
        options: [backendOption, bus, verbose, Flag.help("show this help"), version])

    static let backendOption = Option<ContextBackend>(
        "--backend", valueName: "NAME", abstract: "read this backend, whatever else the environment says")
    static let bus = Option<BusAddress>(
        "--bus", valueName: "BUS",
        abstract: "the bus petald is on: session (the default), system, or a D-Bus address such as "
            + "unix:path=/run/user/1000/bus",
        example: "--bus session"
    ) { text throws(UsageError) in BusAddress(text) }
    static let verbose = Flag("-v", "--verbose", abstract: "log every context set")
    static let version = Flag("--version", abstract: "show the version")
}
