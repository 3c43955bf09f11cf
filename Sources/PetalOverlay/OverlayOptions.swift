import DBus
import PetalCommandLine
import PetalCore

/// What `petal-overlay` was asked to do, from its command line.
struct OverlayOptions: Equatable {
    enum Mode: Equatable {
        /// Show the overlay on the desktop until stopped.
        case show
        /// Draw one frame to a PNG file and exit.
        case render(path: String, state: MenuState, at: Double, scale: Double)
        /// Print the outputs and exit, or with `follow` print them again after each change.
        case outputs(follow: Bool)
        /// Print where the pointer is on the output named (as the overlay learns it) and exit.
        case probePointer(output: String)
        case help
        case version
    }

    var mode: Mode = .show
    var bus: BusAddress = .session
    /// With `--render`: draw this configuration file instead of asking petald.
    var configPath: String?
    /// With `--render`: the menus to draw, from the configuration, the
    /// top-level one first and each next one open as a submenu of the one
    /// before (`--menu NAME` is a chain of one); nil draws `main` as petald serves it.
    var chain: [String]?
    var verbose = false

    /// Parses the arguments after the program's name, by ``commandLine``.
    ///
    /// - Throws: ``UsageError`` for a mistake on the line, or options that do not go together.
    init(_ arguments: [String]) throws(UsageError) {
        typealias Line = OverlayCommandLine
        let line = try Line.program.parse(arguments)
        bus = line[Line.bus] ?? .session
        verbose = line[Line.verbose]
        configPath = line[Line.config]
        chain = line[Line.menu].map { [$0] } ?? line[Line.open]
        if line.isHelpRequested || line[Line.version] {
            mode = line.isHelpRequested ? .help : .version
            return
        }
        let (render, state, at, scale) = (line[Line.render], line[Line.state], line[Line.at], line[Line.scale])
        let (outputs, probe) = (line[Line.outputs], line[Line.probePointer])
        if line[Line.follow] && !outputs { throw UsageError("--follow goes with --outputs") }
        if outputs || probe != nil {
            guard render == nil, state == nil, at == nil, scale == nil, configPath == nil, chain == nil,
                !(outputs && probe != nil)
            else { throw UsageError("--outputs and --probe-pointer go alone (with --follow, --verbose)") }
            mode = probe.map { .probePointer(output: $0) } ?? .outputs(follow: line[Line.follow])
            return
        }
        if let render {
            mode = .render(path: render, state: state ?? .expanded, at: at ?? 0, scale: scale ?? 1)
        } else if state != nil || at != nil || scale != nil || configPath != nil || chain != nil {
            throw UsageError("--state, --at, --scale, --config, --menu and --open go with --render FILE.png")
        }
    }
}

/// petal-overlay's command line, declared once: parsing and `--help` come from it.
enum OverlayCommandLine {
    static let program = CommandDeclaration(
        "petal-overlay", abstract: "Draws petald's action menu on the desktop.",
        usage: [
            "[--bus session|system|ADDRESS] [--verbose]",
            "--render FILE.png [--state STATE] [--at SECONDS] [--scale FACTOR]\n"
                + "                     [--config FILE] [--bus BUS] [--menu NAME | --open MENU,SUBMENU,...]",
            "--outputs [--follow]",
            "--probe-pointer OUTPUT",
        ],
        help: [
            .text(
                """
                Draws petald's action menu on the desktop: a floating button whose items
                spring out when it is toggled, by a click or by `petalctl toggle`. On a
                Wayland compositor with the layer-shell protocol (sway, Hyprland, river,
                labwc…) it is a surface on the overlay layer; on X11, a popup window.
                """),
            .options(nil, heading: "Options:", column: 19),
            .text(
                """
                Keys while the menu is open: Escape closes it, arrows and Tab move the
                highlight, Enter or Space activate it, 1-9 activate the n-th item.
                See petal-overlay(1).
                """),
        ],
        options: [
            bus, render, state, at, scale, config, menu, open, outputs, follow, probePointer, verbose,
            Flag.help("show this help"), version,
        ],
        exclusions: [ExclusiveGroup("--menu", "--open")])

    static let bus = Option<BusAddress>(
        "--bus", valueName: "BUS",
        abstract: "the bus petald is on: session (the default), system, or a D-Bus address such as "
            + "unix:path=/run/user/1000/bus",
        example: "--bus session"
    ) { text throws(UsageError) in BusAddress(text) }
    static let render = Option<String>(
        "--render", valueName: "FILE", abstract: "draw one frame to FILE (PNG) without a display, and exit",
        example: "--render menu.png")
    static let state = Option<MenuState>(
        "--state", valueName: "STATE",
        abstract: "with --render: collapsed, expanding, expanded (the default) or collapsing")
    static let at = Option<Double>(
        "--at", valueName: "SECONDS", abstract: "with --render: the time since STATE began (default 0)",
        example: "--at 0.15"
    ) { text throws(UsageError) in
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 3600 else {
            throw UsageError("--at \(text): expected seconds since the state began, from 0 to 3600, such as 0.15")
        }
        return seconds
    }
    static let scale = Option<Double>(
        "--scale", valueName: "FACTOR",
        abstract: "with --render: pixels per logical pixel, as on an output at that scale (1 to 4; default 1): "
            + "2 draws the same menu twice as wide and high, crisp",
        example: "--scale 2"
    ) { text throws(UsageError) in
        guard let factor = Double(text), factor.isFinite, factor >= 1, factor <= 4 else {
            throw UsageError("--scale \(text): expected an output's scale from 1 to 4, such as 2 or 1.5")
        }
        return factor
    }
    static let config = Option<String>(
        "--config", valueName: "FILE",
        abstract: "with --render: draw this configuration file instead of the menu petald serves",
        example: "--config ~/.config/petal/config.json")
    static let menu = Option<String>(
        "--menu", valueName: "NAME", abstract: "with --render: draw the menu NAME of the configuration",
        example: "--menu apps")
    static let open = Option<[String]>(
        "--open", valueName: "A,B,...",
        abstract: "with --render: draw A expanded with its submenu B open from its item (and so on); "
            + "STATE and SECONDS are the last menu's",
        example: "--open main,apps"
    ) { text throws(UsageError) in
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !names.contains(where: \.isEmpty) else {
            throw UsageError("--open \(text): expected menu names joined by commas, such as main,apps")
        }
        return names
    }
    static let outputs = Flag(
        "--outputs",
        abstract: "print the outputs, one a line: name, logical frame WxH+X+Y, scale, and \"primary\" for X11's "
            + "primary one; the names petalctl show --output takes")
    static let follow = Flag(
        "--follow",
        abstract: "with --outputs: print them again after each change, each list ended by an empty line, "
            + "until stopped")
    static let probePointer = Option<String>(
        "--probe-pointer", valueName: "OUTPUT",
        abstract: "print where the pointer is on OUTPUT, as the overlay learns it when a menu opens, or \"none\"",
        example: "--probe-pointer HDMI-A-1")
    static let verbose = Flag("-v", "--verbose", abstract: "log every call and signal")
    static let version = Flag("--version", abstract: "show the version")
}
