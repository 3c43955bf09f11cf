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
    /// `trigger ACTION [KEY=VALUE | KEY:=JSON …]`
    case trigger(action: String, params: JSONObject)
    /// `choose [--timeout S] [--no-dispatch]`
    case choose(timeout: Double?, dispatch: Bool)
    /// `layout [STYLE]`: show the layout, or set the style.
    case layout(style: LayoutStyle?)
    /// `preview --svg FILE …`
    case preview(PreviewOptions)
    /// `watch [--waybar]`
    case watch(waybar: Bool)
    /// `version` (petalctl's and petald's versions), or `--version` (petalctl's alone, no bus).
    case version(daemon: Bool)
    /// `help [COMMAND]`, `--help`: print help for a command (nil for the overview).
    case help(CommandName?)
}

/// The names of the subcommands, in the order `petalctl --help` lists them.
public enum CommandName: String, CaseIterable, Sendable {
    case toggle, open, close, status, items, actions, plugins, activate, trigger, choose
    case layout, preview, watch, reload, version, help
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
