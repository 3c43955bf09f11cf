import DBus
import PetalAPI
import PetalCore
import PetalPluginRuntime

/// One menu as petald serves it: its state machine, its items, the item
/// highlighted, a runtime layout style, and the `Choose` calls waiting on it.
/// petald serves one of these at ``path`` with `org.petal.Petal1.Menu`
/// (``MenuService/menuInterface(for:)``) and each item at its own object
/// (``ItemObjects``).
///
/// Confined to its scheduler's thread. Its seams (scheduler, signals,
/// object server, action path, selection store) come with `init`.
final class ServedMenu {
    /// The menu's object.
    let path: ObjectPath
    /// The menu's own settings and configured items.
    private(set) var settings: MenuSettings
    private var configuredItems: [MenuItem]
    /// The items as served: disabled when no action provides theirs, toggles with their saved selection.
    private(set) var items: [MenuItem] = []
    var machine: MenuMachine
    private(set) var highlighted = ""
    private(set) var layoutOverride: LayoutStyle?
    var choosers = ChooseWaiters()
    /// Whether a toggle's selection is being written; another toggle waits its turn (`Busy`).
    var savingSelection = false
    private var transitionTimer: ScheduledTimer?

    let scheduler: any Scheduler
    let signals: any SignalSink
    let actions: ActionRunner
    let selections: SelectionStore
    let log: Logger
    /// The item objects; nil when there is no bus (in-process tests, `--introspect`).
    private let itemObjects: ItemObjects?

    /// A menu at `path` with `settings` and `items`, on `scheduler`, whose
    /// items run through `actions`; its item objects are served on `server`.
    init(
        path: ObjectPath, settings: MenuSettings, items: [MenuItem], scheduler: any Scheduler, signals: any SignalSink,
        server: ObjectServer?, actions: ActionRunner, selections: SelectionStore, log: Logger
    ) {
        self.path = path
        self.settings = settings
        self.configuredItems = items
        self.scheduler = scheduler
        self.signals = signals
        self.actions = actions
        self.selections = selections
        self.log = log
        machine = MenuMachine(
            openDuration: settings.openDuration, closeDuration: settings.closeDuration,
            clock: scheduler.clock)
        itemObjects = server.map { ItemObjects(server: $0, signals: signals) }
        self.items = resolved(items, keeping: [:], warn: false)
    }

    /// Resolves the items again, now that every action is listed, saying in
    /// the log which are disabled.
    func start() {
        items = resolved(configuredItems, keeping: [:], warn: true)
    }

    // MARK: Items

    /// The item with `id` as it is now.
    func item(_ id: String) -> MenuItem? { items.first { $0.id == id } }

    /// Items whose action nothing provides are served disabled (and said so in
    /// the log, when `warn`); toggles keep `kept` selections, else take their saved one.
    private func resolved(_ configured: [MenuItem], keeping kept: [String: Bool], warn: Bool) -> [MenuItem] {
        configured.map { item in
            var item = item
            if item.toggle, let selected = kept[item.id] ?? selections.selections[item.id] { item.selected = selected }
            if item.enabled && !actions.registry.contains(item.action) {
                if warn {
                    log.warning(
                        "item \"\(item.id)\" is disabled: no loaded plugin provides its action \"\(item.action)\"")
                }
                item.enabled = false
            }
            return item
        }
    }

    private var currentSelections: [String: Bool] {
        Dictionary(items.map { ($0.id, $0.selected) }, uniquingKeysWith: { first, _ in first })
    }

    /// After actions came or went (a provider): items are enabled or disabled
    /// to match, keeping their selections. Returns the items as they were,
    /// for ``publishItems(replacing:interface:)``.
    func actionsChanged() -> [MenuItem] {
        let previous = items
        items = resolved(configuredItems, keeping: currentSelections, warn: false)
        return previous
    }

    /// Brings the item objects in line with the items after `previous`.
    func publishItems(replacing previous: [MenuItem], interface: (String) -> DBusInterface) {
        itemObjects?.publish(items, replacing: previous, interface: interface)
    }

    /// Sets a toggle's selection once it is saved, and announces it.
    func setSelected(_ selected: Bool, of id: String) -> MenuItem? {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return nil }
        items[index].selected = selected
        signals.emitPropertiesChanged(at: path, [PetalBus.Menu.items])
        signals.emitPropertiesChanged(at: PetalBus.itemPath(id), [PetalBus.Item.selected])
        return items[index]
    }

    /// Takes `settings` and `items` from a reloaded configuration: the state
    /// machine keeps its state, selections of items that remain are kept, a
    /// highlighted item that is gone is cleared, and a runtime layout style
    /// lasts until now. Returns the items as they were (for
    /// ``publishItems(replacing:interface:)``) and whether the highlight was cleared.
    func reload(settings: MenuSettings, items configured: [MenuItem]) -> (previous: [MenuItem], highlightCleared: Bool)
    {
        let previous = items
        let kept = currentSelections
        self.settings = settings
        configuredItems = configured
        items = resolved(configured, keeping: kept, warn: true)
        layoutOverride = nil
        machine.openDuration = settings.openDuration
        machine.closeDuration = settings.closeDuration
        guard !highlighted.isEmpty && item(highlighted) == nil else { return (previous, false) }
        highlighted = ""
        return (previous, true)
    }

    // MARK: State

    /// Applies Toggle, Open or Close and returns the state after it.
    func handle(_ command: MenuCommand) -> MenuState {
        announce(machine.handle(command))
        return machine.state
    }

    /// Closes the menu after an item's activation, when its settings say so.
    func closeAfterActivating(_ item: MenuItem) {
        if settings.closesAfterActivating(item) { announce(machine.closeAfterActivation()) }
    }

    /// Emits `StateChanged` and `PropertiesChanged` for each transition, in
    /// order; a closing menu cancels the `Choose` calls waiting on it.
    func announce(_ transitions: [StateTransition]) {
        for transition in transitions {
            // Eight signals in all, whatever the menu: each is built once.
            signals.emit(
                PetalBus.Menu.stateChanged, at: path, transition.to.rawValue, transition.from.rawValue,
                reusable: true)
            signals.emitChange(of: PetalBus.Menu.state, at: path, to: transition.to.rawValue, reusable: true)
            if transition.to == .collapsing || transition.to == .collapsed {
                choosers.cancelAll("the menu closed before an item was chosen")
            }
        }
        scheduleTransition()
    }

    private func scheduleTransition() {
        guard transitionTimer == nil, let deadline = machine.deadline else { return }
        let delay = deadline - scheduler.clock.now
        transitionTimer = scheduler.schedule(after: max(delay, Duration.zero)) { [unowned self] in
            transitionTimer = nil
            announce(machine.advance())
        }
    }

    // MARK: Highlight and layout

    /// The layout in force: the runtime override, else the configuration's.
    var geometry: MenuGeometry {
        var geometry = settings.geometry
        if let layoutOverride { geometry.style = layoutOverride }
        return geometry
    }

    /// The `Layout` rows: each item's centre in the expanded menu.
    var layoutRows: [LayoutPoint] {
        zip(items, geometry.positions(count: items.count)).map { LayoutPoint(id: $0.id, x: $1.x, y: $1.y) }
    }

    /// The `Items` rows.
    var itemRows: [ItemRow] {
        items.map {
            ItemRow(
                id: $0.id, title: $0.title, icon: $0.currentIcon, action: $0.action, enabled: $0.enabled,
                selected: $0.selected)
        }
    }

    func setHighlighted(_ id: String) throws(DBusError) {
        try MenuService.checkLength(id, what: "item id", error: DBusError.Name.invalidArgs)
        guard id.isEmpty || item(id) != nil else {
            throw DBusError.invalidArgs("no item has id \"\(id)\"; Highlighted takes an item id or \"\" for none")
        }
        guard id != highlighted else { return }
        highlighted = id
        signals.emitPropertiesChanged(at: path, [PetalBus.Menu.highlighted])
    }

    func setLayoutStyle(_ name: String) throws(DBusError) {
        guard let style = LayoutStyle(rawValue: name) else {
            let styles = LayoutStyle.allCases.map(\.rawValue)
            throw DBusError.invalidArgs(
                "\"\(name)\" is not a layout style; use \(styles.dropLast().joined(separator: ", ")) or \(styles.last ?? "")"
            )
        }
        guard style != geometry.style else { return }
        layoutOverride = style
        signals.emitPropertiesChanged(at: path, [PetalBus.Menu.layoutStyle, PetalBus.Menu.layout])
    }
}
