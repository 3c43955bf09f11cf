import PetalAPI
import PetalCommandLine
import PetalCore
import PetalJSON

/// One petalctl subcommand with its own arguments.
public enum Command: Equatable, Sendable {
    case toggle, open, close, reload
    case status
    /// `items [--ids]`
    case items(idsOnly: Bool)
    /// `actions [--ids]`
    case actions(idsOnly: Bool)
    /// `plugins [--clear-quarantine]`
    case plugins(clearQuarantine: Bool)
    /// `activate ID`
    case activate(item: String)
    /// `highlight [ID | --none]`: set the highlighted item ("" for none), or print it (nil).
    case highlight(item: String?)
    /// `trigger ACTION [KEY=VALUE | KEY:=JSON …]`
    case trigger(action: String, params: JSONObject)
    /// `choose [--timeout S] [--no-dispatch]`: `Choose` on the menu of ``Invocation/menu``.
    case choose(timeout: Double?, dispatch: Bool)
    /// `choose --from FILE|-` (`ChooseFrom`) or `choose --lines` and `dmenu`
    /// (`PickFrom`): a menu made for the call.
    case chooseFrom(ChoiceOptions)
    /// `show NAME [--at X,Y] [--anchor A] [--output O] [--toggle]`; the name is "" for `show --context`.
    case show(name: String, options: ShowOptions)
    /// `back`: closes the innermost submenu of the menu of ``Invocation/menu``'s chain.
    case back
    /// `menus [--names]`
    case menus(namesOnly: Bool)
    /// `context`: print the context; `context KEY=VALUE…` (`set`): set it, with
    /// `source` petalctl, and hold it until interrupted.
    case context(set: DesktopContext?)
    /// `layout [STYLE]`: show the layout, or set the style.
    case layout(style: LayoutStyle?)
    /// `preview --svg FILE …`
    case preview(PreviewOptions)
    /// `watch [--signals | --waybar]`
    case watch(WatchFormat)
    /// `version` (petalctl's and petald's versions), or `--version` (petalctl's alone, no bus).
    case version(daemon: Bool)
    /// `help [COMMAND]`, `--help`: print help for a command (nil for the overview).
    case help(CommandName?)
    /// `--completions SHELL`: print the shell's completion script.
    case completions(Shell)
}

/// The names of the subcommands, in the order `petalctl --help` lists them.
public enum CommandName: String, CaseIterable, Sendable {
    case toggle, open, close, show, back, menus, context, status, items, actions, plugins, activate, highlight
    case trigger, choose, dmenu, layout, preview, watch, reload, version, help

    /// The commands that act on one menu, and so take `--menu NAME`: those whose declaration lists it.
    public static let actingOnAMenu: [CommandName] = allCases.filter { $0.declaration.takes(PetalctlCommandLine.menu) }

    /// The commands that, without `--menu`, act on the open chain's menu
    /// rather than `main` (docs/dbus-api.md, "The open menu"): `close` its
    /// top-level menu, the rest its innermost one.
    public static let followingTheOpenMenu: [CommandName] = [.back, .close, .status, .items, .activate, .highlight]
}

/// What `watch` prints.
public enum WatchFormat: Equatable, Sendable {
    /// One line per event a person cares about (``EventLine``); with `--json`, every signal as JSON.
    case events
    /// `--signals`: every signal as it came, one `Member key=value …` line each.
    case signals
    /// `--waybar`: the JSON line a waybar custom module reads, on every change.
    case waybar
}

/// What `choose --from`, `choose --lines` and `dmenu` offer, and how they wait.
public struct ChoiceOptions: Equatable, Sendable {
    /// Where the menu comes from.
    public enum Source: Equatable, Sendable {
        /// A menu section in JSON, from a file, or from standard input for `-`.
        case file(String)
        /// One row a line of standard input (``ChoiceLines``), with rofi's flags.
        case lines(DmenuOptions)
    }

    /// Where the menu comes from.
    public var source: Source
    /// Where it opens.
    public var placement: ShowOptions
    /// Seconds petald waits for a choice; nil for ever.
    public var timeout: Double?
    /// Whether a chosen item's action runs.
    public var dispatch: Bool

    /// Options for a menu from `source`.
    public init(source: Source, placement: ShowOptions = ShowOptions(), timeout: Double? = nil, dispatch: Bool = true) {
        (self.source, self.placement, self.timeout, self.dispatch) = (source, placement, timeout, dispatch)
    }
}

/// What `preview` draws and where.
public struct PreviewOptions: Equatable, Sendable {
    /// The SVG file to write; `-` for standard output.
    public var output: String
    /// Draw this state instead of the daemon's (`expanded` when previewing a file).
    public var state: PreviewState?
    /// Draw this layout style instead of the configured one.
    public var layout: LayoutStyle?
    /// Preview this configuration file instead of asking the running daemon.
    public var configPath: String?
    /// Animate the spread with the configured open duration.
    public var animate: Bool

    /// Options for a preview written to `output`.
    public init(
        output: String, state: PreviewState? = nil, layout: LayoutStyle? = nil,
        configPath: String? = nil, animate: Bool = false
    ) {
        self.output = output
        self.state = state
        self.layout = layout
        self.configPath = configPath
        self.animate = animate
    }
}

/// The two resting states a preview can draw.
public enum PreviewState: String, Sendable, CaseIterable {
    case expanded, collapsed
}

extension Command {
    /// The subcommand this is; nil for `--help` and `--version`, which are none.
    public var name: CommandName? {
        switch self {
        case .toggle: .toggle
        case .open: .open
        case .close: .close
        case .reload: .reload
        case .status: .status
        case .items: .items
        case .actions: .actions
        case .plugins: .plugins
        case .activate: .activate
        case .highlight: .highlight
        case .trigger: .trigger
        case .choose, .chooseFrom: .choose
        case .show: .show
        case .back: .back
        case .menus: .menus
        case .context: .context
        case .layout: .layout
        case .preview: .preview
        case .watch: .watch
        case .version(daemon: true): .version
        case .version(daemon: false), .help, .completions: nil
        }
    }
}
