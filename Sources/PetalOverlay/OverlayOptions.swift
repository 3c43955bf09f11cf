import DBus
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

    /// A command-line mistake, said as a person would fix it.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses the arguments after the program's name.
    init(_ arguments: [String]) throws(UsageError) {
        var render: String?
        var outputs = false
        var follow = false
        var probe: String?
        var state: MenuState?
        var at: Double?
        var scale: Double?
        var rest = arguments[...]
        func value(of option: String) throws(UsageError) -> String {
            guard let value = rest.popFirst() else { throw UsageError(description: "\(option) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            let (name, inline) = Self.split(argument)
            func take() throws(UsageError) -> String {
                if let inline { return inline }
                return try value(of: name)
            }
            switch name {
            case "--help", "-h": mode = .help
            case "--version": mode = .version
            case "--verbose", "-v": verbose = true
            case "--bus": bus = BusAddress(try take())
            case "--render": render = try take()
            case "--config": configPath = try take()
            case "--outputs": outputs = true
            case "--follow": follow = true
            case "--probe-pointer": probe = try take()
            case "--menu", "--open":
                guard chain == nil else { throw UsageError(description: "--menu and --open are given once, not both") }
                let text = try take()
                let names =
                    name == "--menu"
                    ? [text] : text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard !names.contains(where: \.isEmpty) else {
                    throw UsageError(
                        description:
                            "\(name) \(text): expected menu names\(name == "--open" ? " joined by commas, such as main,apps" : ", such as apps")"
                    )
                }
                chain = names
            case "--state":
                let text = try take()
                guard let parsed = MenuState(rawValue: text) else {
                    throw UsageError(
                        description: "--state \(text): expected collapsed, expanding, expanded or collapsing")
                }
                state = parsed
            case "--at":
                let text = try take()
                guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 3600 else {
                    throw UsageError(
                        description:
                            "--at \(text): expected seconds since the state began, from 0 to 3600, such as 0.15")
                }
                at = seconds
            case "--scale":
                let text = try take()
                guard let factor = Double(text), factor.isFinite, factor >= 1, factor <= 4 else {
                    throw UsageError(
                        description: "--scale \(text): expected an output's scale from 1 to 4, such as 2 or 1.5")
                }
                scale = factor
            default:
                throw UsageError(description: "unknown option \(argument); see petal-overlay --help")
            }
        }
        if mode == .help || mode == .version { return }
        if follow && !outputs { throw UsageError(description: "--follow goes with --outputs") }
        if outputs || probe != nil {
            guard render == nil, state == nil, at == nil, scale == nil, configPath == nil, chain == nil,
                !(outputs && probe != nil)
            else { throw UsageError(description: "--outputs and --probe-pointer go alone (with --follow, --verbose)") }
            mode = probe.map { .probePointer(output: $0) } ?? .outputs(follow: follow)
            return
        }
        if let render {
            guard !render.isEmpty else { throw UsageError(description: "--render needs a file name, such as menu.png") }
            mode = .render(path: render, state: state ?? .expanded, at: at ?? 0, scale: scale ?? 1)
        } else if state != nil || at != nil || scale != nil || configPath != nil || chain != nil {
            throw UsageError(
                description: "--state, --at, --scale, --config, --menu and --open go with --render FILE.png")
        }
    }

    /// `--name=value` as ("--name", "value"); anything else as (argument, nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    static let help = """
        Usage: petal-overlay [--bus session|system|ADDRESS] [--verbose]
               petal-overlay --render FILE.png [--state STATE] [--at SECONDS] [--scale FACTOR]
                             [--config FILE] [--bus BUS] [--menu NAME | --open MENU,SUBMENU,...]
               petal-overlay --outputs [--follow]
               petal-overlay --probe-pointer OUTPUT

        Draws petald's action menu on the desktop: a floating button whose items
        spring out when it is toggled, by a click or by `petalctl toggle`. On a
        Wayland compositor with the layer-shell protocol (sway, Hyprland, river,
        labwc…) it is a surface on the overlay layer; on X11, a popup window.

        Options:
          --bus BUS        the bus petald is on: session (the default), system, or
                           a D-Bus address such as unix:path=/run/user/1000/bus
          --render FILE    draw one frame to FILE (PNG) without a display, and exit
          --state STATE    with --render: collapsed, expanding, expanded (the
                           default) or collapsing
          --at SECONDS     with --render: the time since STATE began (default 0)
          --scale FACTOR   with --render: pixels per logical pixel, as on an output
                           at that scale (1 to 4; default 1): 2 draws the same
                           menu twice as wide and high, crisp
          --config FILE    with --render: draw this configuration file instead of
                           the menu petald serves
          --menu NAME      with --render: draw the menu NAME of the configuration
          --open A,B,...   with --render: draw A expanded with its submenu B open
                           from its item (and so on); STATE and SECONDS are the
                           last menu's
          --outputs        print the outputs, one a line: name, logical frame
                           WxH+X+Y, scale, and "primary" for X11's primary
                           one; the names petalctl show --output takes
          --follow         with --outputs: print them again after each change,
                           each list ended by an empty line, until stopped
          --probe-pointer OUTPUT
                           print where the pointer is on OUTPUT, as the
                           overlay learns it when a menu opens, or "none"
          -v, --verbose    log every call and signal
          -h, --help       show this help
          --version        show the version

        Keys while the menu is open: Escape closes it, arrows and Tab move the
        highlight, Enter or Space activate it, 1-9 activate the n-th item.
        See petal-overlay(1).
        """
}
