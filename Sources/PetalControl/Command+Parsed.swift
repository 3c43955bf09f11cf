import PetalAPI
import PetalCommandLine
import PetalCore
import PetalJSON

/// A subcommand from what its declaration parsed (``PetalctlCommandLine``).
extension Command {
    /// The command `name` with the options and operands `line` gives it.
    ///
    /// - Throws: ``UsageError`` for what the declarations alone cannot
    ///   refuse: a parameter or context key given twice, a placement without
    ///   a menu of choose's own.
    init(_ name: CommandName, _ line: ParsedCommandLine) throws(UsageError) {
        typealias Line = PetalctlCommandLine
        switch name {
        case .toggle: self = .toggle
        case .open: self = .open
        case .close: self = .close
        case .back: self = .back
        case .reload: self = .reload
        case .status: self = .status
        case .version: self = .version(daemon: true)
        case .items: self = .items(idsOnly: line[Line.ids])
        case .actions: self = .actions(idsOnly: line[Line.ids])
        case .menus: self = .menus(namesOnly: line[Line.names])
        case .plugins: self = .plugins(clearQuarantine: line[Line.clearQuarantine])
        case .activate: self = .activate(item: line[Line.item] ?? "")
        case .highlight: self = .highlight(item: line[Line.clearHighlight] ? "" : line[Line.highlighted])
        case .layout: self = .layout(style: line[Line.style])
        case .help: self = .help(line[Line.topic])
        case .watch: self = .watch(line[Line.signals] ? .signals : line[Line.waybar] ? .waybar : .events)
        case .trigger:
            var params = JSONObject()
            for (key, value) in line.values(of: Line.parameter) {
                guard params[key] == nil else { throw UsageError("parameter \"\(key)\" is given twice") }
                params[key] = value
            }
            self = .trigger(action: line[Line.action] ?? "", params: params)
        case .context:
            var context = DesktopContext()
            for (key, value) in line.values(of: Line.contextWord) {
                guard context[key] == nil else { throw UsageError("\(key.rawValue) is given twice") }
                context[key] = value
            }
            guard !context.isEmpty else {
                self = .context(set: nil)
                return
            }
            context[.source] = "petalctl"
            self = .context(set: context)
        case .show:
            var options = Self.placement(line, toggle: line[Line.toggleOpen])
            options.turbo = line[Line.turbo]
            self = .show(name: line[Line.menuName] ?? "", options: options)
        case .choose: self = try Self.choose(line)
        case .dmenu:
            self = .chooseFrom(
                ChoiceOptions(
                    source: .lines(DmenuOptions(line)), placement: Self.placement(line), timeout: line[Line.timeout])
            )
        case .preview:
            self = .preview(
                PreviewOptions(
                    output: line[Line.svg] ?? "", state: line[Line.state], layout: line[Line.previewLayout],
                    configPath: line[Line.config], animate: line[Line.animate]))
        }
    }

    /// Where `show` or `choose --from`/`--lines` opens its menu.
    private static func placement(_ line: ParsedCommandLine, toggle: Bool = false) -> ShowOptions {
        typealias Line = PetalctlCommandLine
        return ShowOptions(anchor: line[Line.anchor], at: line[Line.at], output: line[Line.output], toggle: toggle)
    }

    /// `choose`: from petald's menu, or from `--from FILE` or `--lines`, which alone take a placement.
    private static func choose(_ line: ParsedCommandLine) throws(UsageError) -> Command {
        typealias Line = PetalctlCommandLine
        let timeout = line[Line.timeout]
        let dispatch = !line[Line.noDispatch]
        let placement = placement(line)
        if line[Line.from] != nil, let given = Line.dmenuOptions.first(where: { line.isGiven($0) }) {
            throw UsageError(
                "\(given.declaration.name) is a flag of choose --lines (rows from standard input), not of --from, whose menu is JSON"
            )
        }
        let lines = DmenuOptions.isGiven(in: line) ? ChoiceOptions.Source.lines(DmenuOptions(line)) : nil
        let source = line[Line.from].map(ChoiceOptions.Source.file) ?? lines
        guard let source else {
            guard placement == ShowOptions() else {
                throw UsageError(
                    "--at, --anchor and --output place a menu of choose --from or --lines; a menu of petald's opens where it rests (petalctl show NAME --at X,Y places it)"
                )
            }
            return .choose(timeout: timeout, dispatch: dispatch)
        }
        return .chooseFrom(ChoiceOptions(source: source, placement: placement, timeout: timeout, dispatch: dispatch))
    }
}
