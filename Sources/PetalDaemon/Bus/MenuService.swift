import DBus
import PetalAPI
import PetalCore
import PetalJSON
import PetalPluginRuntime

/// The menu as the daemon serves it: the state machine, the items, the
/// actions, and everything `org.petal.Petal1.Menu` exposes.
///
/// Confined to its scheduler's thread (the event loop in petald): every entry
/// point (method handlers, property getters and setters, timers, action
/// completions) runs there. The scheduler, the signal sink and the calls are
/// seams: ``attach(to:)`` plugs in the D-Bus ones, and in-process tests a
/// ``ManualScheduler``, a recorder and recorded calls (``serve(on:signals:)``).
public final class MenuService: @unchecked Sendable {
    /// The object path of the menu.
    public static let path = PetalBus.path
    /// The menu interface's name.
    public static let interfaceName = PetalBus.menuInterface
    /// The signals, validated once rather than on every emission (a name literal is checked each time it is evaluated).
    static let stateChanged: MemberName = "StateChanged"
    static let actionStarted: MemberName = "ActionStarted"
    static let actionFinished: MemberName = "ActionFinished"
    /// Ids and action ids longer than this are refused.
    static let maximumIDBytes = 255

    /// Loads the configuration at start-up and on `Reload`.
    public typealias ConfigurationSource = @Sendable () throws -> MenuConfiguration

    let log: Logger
    /// Every action that can run: the plugins' from start-up, and the providers' while they are registered.
    var registry: ActionRegistry
    /// Every plugin file found at start-up, then each registered provider, for the `Plugins` property.
    var plugins: [PluginRecord]
    /// The D-Bus action providers registered now.
    var providers = ProviderDirectory()
    /// The plugins running in hosts of their own, whose rows in `Plugins` change as their hosts come and go.
    private let isolated: [IsolatedPlugin]
    /// The activatable providers drop-in files declare, listed once the service is attached.
    private let providerDropIns: [ProviderDropIn]
    /// Where toggle selections are kept across restarts.
    private let selections: SelectionStore
    private let loadConfiguration: ConfigurationSource
    private(set) var configuration: MenuConfiguration
    private(set) var items: [MenuItem] = []
    private(set) var machine: MenuMachine
    private var transitionTimer: ScheduledTimer?
    private(set) var highlighted = ""
    private(set) var layoutOverride: LayoutStyle?
    private var choosers = ChooseWaiters()
    /// Drops the waiting `Choose` calls of connections that leave the bus.
    private var departures: SignalSubscriptionToken?
    private(set) var server: ObjectServer?
    /// The thread and time the service runs on; set by ``serve(on:signals:)``.
    private var scheduler: (any Scheduler)?
    /// Where the service's signals go.
    private var signals: (any SignalSink)?
    private var dispatcher: ActionDispatcher?
    /// Set once the daemon is stopping: no new action starts.
    private(set) var stopping = false
    /// Whether a toggle's selection is being written; another toggle waits its turn (`Busy`).
    private var savingSelection = false

    /// A menu over `registry`'s actions, configured by `initial` and reloaded from `configuration`.
    init(
        registry: ActionRegistry, plugins: [PluginRecord] = [], isolated: [IsolatedPlugin] = [],
        providerDropIns: [ProviderDropIn] = [], selections: SelectionStore? = nil, initial: MenuConfiguration,
        configuration: @escaping ConfigurationSource, log: Logger
    ) {
        self.registry = registry
        self.plugins = plugins
        self.isolated = isolated
        self.providerDropIns = providerDropIns
        self.selections = selections ?? SelectionStore(directory: nil, log: log)
        self.loadConfiguration = configuration
        self.log = log
        self.configuration = initial
        machine = MenuMachine(
            openDuration: initial.menu.openDuration, closeDuration: initial.menu.closeDuration, clock: MonotonicClock())
        // Said in the log once the drop-ins' actions are listed too (attach).
        items = resolvedItems(initial.items, warn: false)
    }

    /// Starts serving on `server`'s connection; call on the loop thread.
    public func attach(to server: ObjectServer) {
        self.server = server
        serve(on: LoopScheduler(server.connection.loop), signals: server)
        listDropIns(providerDropIns, connection: server.connection)
        for plugin in isolated {
            plugin.actionTimeout = configuration.actions.timeout
            plugin.onChange = { [unowned self, unowned plugin] in isolatedPluginChanged(plugin) }
            isolatedPluginChanged(plugin)
        }
        items = resolvedItems(configuration.items)
        server.register([interface, server.objectManagerInterface(at: Self.path)], at: Self.path)
        publishItems(replacing: [])
        departures = server.connection.onDeparture { [unowned self] name in
            choosers.dropCalls(from: name)
            dropProviders(of: name)
        }
    }

    /// Starts the service on `scheduler`, whose clock the state machine then
    /// follows, with its signals going to `signals`; call on the scheduler's
    /// thread. ``attach(to:)`` calls it; in-process tests call it alone.
    func serve(on scheduler: any Scheduler, signals: any SignalSink) {
        self.scheduler = scheduler
        self.signals = signals
        machine = MenuMachine(openDuration: configuration.menu.openDuration,
                              closeDuration: configuration.menu.closeDuration, clock: scheduler.clock)
        dispatcher = ActionDispatcher(
            settings: configuration.actions, scheduler: scheduler, log: log,
            events: .init(started: { [unowned self] in actionStarted($0, $1, $2) },
                          finished: { [unowned self] in actionFinished($0, $1, $2) }))
    }

    /// Items whose action no registered plugin provides are shown disabled
    /// (and said so in the log, when `warn`); toggles take their saved selection.
    private func resolvedItems(_ configured: [MenuItem], warn: Bool = true) -> [MenuItem] {
        configured.map { item in
            var item = item
            if item.toggle, let saved = selections.selections[item.id] { item.selected = saved }
            if item.enabled && !registry.contains(item.action) {
                if warn { log.warning("item \"\(item.id)\" is disabled: no loaded plugin provides its action \"\(item.action)\"") }
                item.enabled = false
            }
            return item
        }
    }

    /// After actions came or went (a provider): items are enabled or disabled to
    /// match, keeping their selections, and `Actions`, `Plugins` and `Items` are announced.
    func actionsChanged() {
        let previous = items
        let selected = Dictionary(items.map { ($0.id, $0.selected) }, uniquingKeysWith: { a, _ in a })
        items = resolvedItems(configuration.items, warn: false).map { item in
            var item = item
            if item.toggle, let kept = selected[item.id] { item.selected = kept }
            return item
        }
        signals?.emitPropertiesChanged(at: Self.path, interface: Self.interfaceName, ["Items", "Actions", "Plugins"])
        publishItems(replacing: previous)
    }

    /// An isolated plugin's host started, ended or was given up on: its row in `Plugins` says so.
    private func isolatedPluginChanged(_ plugin: IsolatedPlugin) {
        guard let index = plugins.firstIndex(where: { $0.path == plugin.path }) else { return }
        let record = plugin.record
        guard plugins[index] != record else { return }
        plugins[index] = record
        signals?.emitPropertiesChanged(at: Self.path, interface: Self.interfaceName, ["Plugins"])
    }

    // MARK: State

    /// The layout in force: the runtime override, else the configuration's.
    var geometry: MenuGeometry {
        var geometry = configuration.menu.geometry
        if let layoutOverride { geometry.style = layoutOverride }
        return geometry
    }

    /// Applies Toggle, Open or Close and returns the state after it.
    func handle(_ command: MenuCommand) -> MenuState {
        announce(machine.handle(command))
        return machine.state
    }

    private func announce(_ transitions: [StateTransition]) {
        for transition in transitions {
            // Eight signals in all, whatever the menu: each is built once.
            signals?.emit(Self.stateChanged, of: Self.interfaceName, at: Self.path,
                          [.string(transition.to.rawValue), .string(transition.from.rawValue)], reusable: true)
            signals?.emitPropertiesChanged(at: Self.path, interface: Self.interfaceName,
                                          values: [("State", .string(transition.to.rawValue))], reusable: true)
            if transition.to == .collapsing || transition.to == .collapsed {
                choosers.cancelAll("the menu closed before an item was chosen")
            }
        }
        scheduleTransition()
    }

    private func scheduleTransition() {
        guard transitionTimer == nil, let deadline = machine.deadline, let scheduler else { return }
        let delay = deadline - scheduler.clock.now
        transitionTimer = scheduler.schedule(after: max(delay, Duration.zero)) { [unowned self] in
            transitionTimer = nil
            announce(machine.advance())
        }
    }

    // MARK: Activate, Trigger, Choose

    /// Activates the item `id`: flips a toggle, answers waiting `Choose` calls,
    /// closes the menu, and runs the item's action, replying when it finishes.
    func activate(_ id: String, call: any PendingCall) throws(DBusError) -> MethodReply {
        try Self.checkLength(id, what: "item id")
        guard let index = items.firstIndex(where: { $0.id == id }) else {
            throw PetalError.make(.unknownItem,
                "no item has id \"\(id)\"; the Items property lists the ids: \(items.map(\.id).joined(separator: ", "))")
        }
        guard machine.state == .expanded else {
            throw PetalError.make(.notExpanded,
                "the menu is \(machine.state.rawValue); items can be activated only when it is expanded (call Open first)")
        }
        guard items[index].enabled else {
            let reason = registry.contains(items[index].action)
                ? "it is disabled in the configuration"
                : "no loaded plugin provides its action \"\(items[index].action)\""
            throw PetalError.make(.itemDisabled, "item \"\(id)\" cannot be activated: \(reason)")
        }
        // Everything that can refuse comes before the first side effect.
        let action = choosers.wouldDispatch ? registry.action(items[index].action) : nil
        guard items[index].toggle else {
            if action != nil { try admitAction() }
            return try completeActivation(of: id, action: action, params: items[index].params, call: call, reserved: false)
        }
        guard !savingSelection else {
            throw PetalError.make(.busy, "the selection of a toggle is being saved; try again when it is")
        }
        if action != nil {
            try admitAction()
            try dispatcher?.reserve()
        }
        try saveSelection(!items[index].selected, of: id, action: action, call: call)
        return .later
    }

    /// Throws `Busy` when no action may start now: petald is stopping, or
    /// `actions.maxConcurrent` are running.
    private func admitAction() throws(DBusError) {
        guard let dispatcher else { throw DBusError.failed("the menu is not being served") }
        guard !stopping else { throw PetalError.make(.busy, "petald is stopping and starts no new actions") }
        try dispatcher.admit()
    }

    /// Saves the toggles' selections with `id` set to `selected` on the writer
    /// thread, and only once they are durable flips the item and completes the
    /// activation; meanwhile the loop serves everyone else. The action's slot,
    /// if any, is reserved; a failed save gives it back and changes nothing.
    private func saveSelection(_ selected: Bool, of id: String, action: (any Action)?, call: any PendingCall) throws(DBusError) {
        guard let scheduler else { throw DBusError.failed("the menu is not being served") }
        var all = Dictionary(items.filter(\.toggle).map { ($0.id, $0.selected) }, uniquingKeysWith: { a, _ in a })
        all[id] = selected
        savingSelection = true
        selections.save(all, on: scheduler) { [unowned self] outcome in
            savingSelection = false
            if case .failure(let error) = outcome {
                if action != nil { dispatcher?.release() }
                log.error("\(error)")
                call.fail(PetalError.make(.stateNotSaved,
                    "the new selection of \"\(id)\" could not be saved (\(error)); it stays \(selected ? "unselected" : "selected"). Free space or fix the permissions of the state folder and try again"))
                return
            }
            guard let index = items.firstIndex(where: { $0.id == id }) else {
                if action != nil { dispatcher?.release() }
                call.fail(PetalError.make(.unknownItem, "item \"\(id)\" was removed by a Reload while its selection was being saved"))
                return
            }
            items[index].selected = selected
            signals?.emitPropertiesChanged(at: Self.path, interface: Self.interfaceName, ["Items"])
            signals?.emitPropertiesChanged(at: Self.itemPath(id), interface: Self.itemInterfaceName, ["Selected"])
            var params = items[index].params
            params["selected"] = .bool(selected)
            do throws(DBusError) {
                if case .values(let values) = try completeActivation(of: id, action: action, params: params, call: call,
                                                                     reserved: true) {
                    call.reply(values)
                }
            } catch {
                call.fail(error)
            }
        }
    }

    /// The rest of an activation, once nothing can refuse it: answers the
    /// waiting `Choose` calls, closes the menu, and runs the action.
    private func completeActivation(
        of id: String, action: (any Action)?, params: JSONObject, call: any PendingCall, reserved: Bool
    ) throws(DBusError) -> MethodReply {
        choosers.choose(id)
        if let item = item(id), configuration.menu.closesAfterActivating(item) {
            announce(machine.closeAfterActivation())
        }
        guard let action else { return .values([.vardict([])]) }
        try run(action, params: ActionParams(params), item: id, call: call, reserved: reserved)
        return .later
    }

    /// Runs action `actionID` with `params` (an `a{sv}`), replying when it finishes.
    func trigger(_ actionID: String, params: DBusVariantDictionary, call: any PendingCall) throws(DBusError) -> MethodReply {
        try Self.checkLength(actionID, what: "action id")
        guard let action = registry.action(actionID) else {
            throw PetalError.make(.unknownAction,
                "no loaded plugin provides action \"\(actionID)\"; the Actions property lists those that are available")
        }
        try run(action, params: try ParamsCoding.params(from: params), item: "", call: call)
        return .later
    }

    private func run(
        _ action: any Action, params: ActionParams, item: String, call: any PendingCall, reserved: Bool = false
    ) throws(DBusError) {
        if !reserved { try admitAction() }
        guard let dispatcher else { throw DBusError.failed("the menu is not being served") }
        try dispatcher.run(action, plugin: registry.plugin(of: action.id) ?? "", params: params, item: item,
                           reserved: reserved) { outcome in
            switch outcome {
            case .success(let result):
                call.reply([ParamsCoding.result(from: result)])
            case .failure(let error):
                call.fail(error.dbusError)
            }
        }
    }

    /// Opens the menu if closed and answers with the next item activated.
    func choose(options: DBusVariantDictionary, call: any PendingCall) throws(DBusError) -> MethodReply {
        guard let scheduler else { throw DBusError.failed("the menu is not being served") }
        let options = try ChooseOptions(options)
        try choosers.admit()
        announce(machine.handle(.open))
        guard machine.state == .expanding || machine.state == .expanded else {
            throw PetalError.make(.cancelled, "the menu is \(machine.state.rawValue), so nothing can be chosen now")
        }
        choosers.add(call, options: options, scheduler: scheduler)
        return .later
    }

    // MARK: Actions' signals

    private func actionStarted(_ id: UInt32, _ action: String, _ item: String) {
        signals?.emit(Self.actionStarted, of: Self.interfaceName, at: Self.path,
                      [.uint32(id), .string(action), .string(item)])
    }

    private func actionFinished(_ id: UInt32, _ action: String, _ outcome: ActionOutcome) {
        let (success, name, message): (Bool, String, String) = switch outcome {
        case .success: (true, "", "")
        case .failure(let error): (false, error.name.errorName, error.message)
        }
        signals?.emit(Self.actionFinished, of: Self.interfaceName, at: Self.path,
                      [.uint32(id), .string(action), .boolean(success), .string(name), .string(message)])
    }

    // MARK: Highlight and layout

    func setHighlighted(_ id: String) throws(DBusError) {
        try Self.checkLength(id, what: "item id", error: DBusError.Name.invalidArgs)
        guard id.isEmpty || items.contains(where: { $0.id == id }) else {
            throw DBusError.invalidArgs("no item has id \"\(id)\"; Highlighted takes an item id or \"\" for none")
        }
        guard id != highlighted else { return }
        highlighted = id
        signals?.emitPropertiesChanged(at: Self.path, interface: Self.interfaceName, ["Highlighted"])
    }

    func setLayoutStyle(_ name: String) throws(DBusError) {
        guard let style = LayoutStyle(rawValue: name) else {
            throw DBusError.invalidArgs("\"\(name)\" is not a layout style; use linear, stack or radial")
        }
        guard style != geometry.style else { return }
        layoutOverride = style
        signals?.emitPropertiesChanged(at: Self.path, interface: Self.interfaceName, ["LayoutStyle", "Layout"])
    }

    // MARK: Reload

    /// Loads the configuration again and swaps it in whole, or keeps the old one.
    ///
    /// The state machine keeps its state; a highlighted item that is gone is cleared;
    /// selections of items that remain are kept.
    public func reload() throws(DBusError) {
        let fresh: MenuConfiguration
        do {
            fresh = try loadConfiguration()
        } catch {
            throw PetalError.make(.invalidConfig, "\(error); the previous configuration stays in force")
        }
        let previous = items
        let previousAppearance = appearanceValue
        let selections = Dictionary(items.map { ($0.id, $0.selected) }, uniquingKeysWith: { a, _ in a })
        configuration = fresh
        items = resolvedItems(fresh.items).map { item in
            var item = item
            if item.toggle, let kept = selections[item.id] { item.selected = kept }
            return item
        }
        // The configuration is the source of truth again: a runtime LayoutStyle lasts until a reload.
        layoutOverride = nil
        machine.openDuration = fresh.menu.openDuration
        machine.closeDuration = fresh.menu.closeDuration
        dispatcher?.settings = fresh.actions
        for plugin in isolated { plugin.actionTimeout = fresh.actions.timeout }
        var changed = ["Items", "Layout", "LayoutStyle", "Actions"]
        if !highlighted.isEmpty && !items.contains(where: { $0.id == highlighted }) {
            highlighted = ""
            changed.append("Highlighted")
        }
        // Clients redraw on this one, so it is announced only when it changed.
        if appearanceValue != previousAppearance { changed.append("Appearance") }
        signals?.emitPropertiesChanged(at: Self.path, interface: Self.interfaceName, changed)
        publishItems(replacing: previous)
        log.info("configuration reloaded: \(items.count) items")
    }

    /// Stops for good: no new action starts; waiting `Choose` calls are
    /// answered at once; running actions get `grace` to finish and are then
    /// cancelled (their callers answered); then the connection is flushed and
    /// closed and `done` runs, on the loop.
    public func shutDown(grace: Duration = .seconds(2), then done: @escaping () -> Void = {}) {
        guard !stopping else { return }
        stopping = true
        choosers.cancelAll("petald is stopping")
        guard let scheduler else { return done() }
        let deadline = scheduler.clock.now + grace
        func finishWhenIdle() {
            guard (dispatcher?.runningCount ?? 0) > 0, scheduler.clock.now < deadline else {
                dispatcher?.cancelAll("petald is stopping; the action was cancelled")
                server?.connection.close()
                return done()
            }
            scheduler.schedule(after: .milliseconds(20), finishWhenIdle)
        }
        finishWhenIdle()
    }

    /// A one-line summary for the service manager's STATUS.
    public var status: String {
        let loaded = plugins.filter { $0.status == .loaded }.count
        var text = "Serving \(items.count) items; \(loaded) plugin\(loaded == 1 ? "" : "s") loaded"
        let troubled = plugins.filter { $0.status == .failed || $0.status == .quarantined || $0.status == .incompatible }
        if !troubled.isEmpty {
            text += "; \(troubled.count) skipped (\(troubled.map { "\($0.name): \($0.status.rawValue)" }.joined(separator: ", ")))"
        }
        if !selections.isPersistent { text += "; " + selections.status }
        return text
    }

    static func checkLength(_ text: String, what: String, error name: String = DBusError.Name.invalidArgs) throws(DBusError) {
        let count = text.utf8.count
        guard count <= maximumIDBytes else {
            throw DBusError(name, "the \(what) is \(count) bytes long; the limit is \(maximumIDBytes) bytes")
        }
    }
}
