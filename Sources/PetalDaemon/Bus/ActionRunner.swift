import DBus
import PetalAPI
import PetalCore
import PetalPluginRuntime

/// The action path of the service: every action that can run (the
/// registry), running them within `actions.timeout` and
/// `actions.maxConcurrent` (the dispatcher), announcing each run with
/// `ActionStarted` and `ActionFinished`, and answering its caller.
///
/// Confined to its scheduler's thread.
final class ActionRunner {
    /// Every action that can run: the plugins' from start-up, and the providers' while they are registered.
    private(set) var registry: ActionRegistry
    /// Set once petald is stopping: no new action starts.
    private(set) var stopping = false
    private let dispatcher: ActionDispatcher
    private let signals: any SignalSink
    private let scheduler: any Scheduler
    /// Run, on the scheduler, once no action runs: see ``whenIdle(_:)``.
    private var idleWaiters: [() -> Void] = []
    /// The object each running invocation is announced on (the top menu of its chain), by invocation.
    private var announcedAt: [UInt32: ObjectPath] = [:]
    /// Where the invocation starting now is announced.
    private var nextAnnouncedAt = PetalBus.path

    /// Runs the actions of `registry` with `settings`' limits on `scheduler`,
    /// announcing runs to `signals` from petald's root object.
    init(
        registry: ActionRegistry, settings: ActionSettings, scheduler: any Scheduler, signals: any SignalSink,
        log: Logger
    ) {
        self.registry = registry
        self.signals = signals
        self.scheduler = scheduler
        let events = Events()
        dispatcher = ActionDispatcher(
            settings: settings, scheduler: scheduler, log: log,
            events: .init(
                started: { id, action, item in events.runner?.started(id, action, item) },
                finished: { id, action, outcome in events.runner?.finished(id, action, outcome) }))
        events.runner = self
    }

    /// Lets the dispatcher's events reach the runner that owns it, without keeping it alive.
    private final class Events {
        weak var runner: ActionRunner?
    }

    private func started(_ id: UInt32, _ action: String, _ item: String) {
        announcedAt[id] = nextAnnouncedAt
        signals.emit(PetalBus.Menu.actionStarted, at: nextAnnouncedAt, id, action, item)
    }

    /// An action finished: announced, and once none runs, the idle waiters
    /// run, after the caller's answer has gone.
    private func finished(_ id: UInt32, _ action: String, _ outcome: ActionOutcome) {
        let (success, name, message): (Bool, String, String) =
            switch outcome {
            case .success: (true, "", "")
            case .failure(let error): (false, error.name.errorName, error.message)
            }
        let path = announcedAt.removeValue(forKey: id) ?? PetalBus.path
        signals.emit(PetalBus.Menu.actionFinished, at: path, id, action, success, name, message)
        guard dispatcher.runningCount == 0, !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters = []
        _ = scheduler.schedule(after: .zero) { for waiter in waiters { waiter() } }
    }

    /// Runs `done` once no action runs: now, or after the last running one finishes.
    func whenIdle(_ done: @escaping () -> Void) {
        guard dispatcher.runningCount > 0 else { return done() }
        idleWaiters.append(done)
    }

    /// The limits in force; a reload changes them.
    var settings: ActionSettings {
        get { dispatcher.settings }
        set { dispatcher.settings = newValue }
    }

    /// How many actions run now.
    var runningCount: Int { dispatcher.runningCount }

    /// Lists `action`, provided by `plugin`; false if its id is taken.
    @discardableResult
    func register(_ action: any Action, plugin: String) -> Bool {
        registry.register(action, plugin: plugin)
    }

    /// Unlists every action of `plugin`.
    func removeAll(from plugin: String) {
        registry.removeAll(from: plugin)
    }

    /// The `Actions` rows.
    var rows: [ActionRow] {
        registry.all.map { ActionRow(id: $0.action.id, plugin: $0.plugin, title: $0.action.title) }
    }

    // MARK: Admission

    /// Throws `Busy` when no action may start now: petald is stopping, or
    /// `actions.maxConcurrent` are running.
    func admit() throws(DBusError) {
        guard !stopping else { throw PetalError.make(.busy, "petald is stopping and starts no new actions") }
        try dispatcher.admit()
    }

    /// Admits one run now that starts later, holding its slot (see ``ActionDispatcher/reserve()``).
    func reserve() throws(DBusError) {
        try admit()
        try dispatcher.reserve()
    }

    /// Gives back a slot ``reserve()`` held.
    func release() { dispatcher.release() }

    // MARK: Running

    /// Runs action `actionID` for `Trigger`, answering `call` when it finishes.
    func trigger(
        _ actionID: String, params: DBusVariantDictionary, call: any PendingCall<DBusVariantDictionary>
    ) throws(DBusError) {
        try MenuService.checkLength(actionID, what: "action id")
        guard let action = registry.action(actionID) else {
            throw PetalError.make(
                .unknownAction,
                "no loaded plugin or provider provides action \"\(actionID)\"; the Actions property lists those that are available"
            )
        }
        try run(action, params: try ParamsCoding.params(from: params), item: "", call: call)
    }

    /// Runs `action` with `params` for `item` ("" for a Trigger), answering
    /// `call` with its result when it finishes, announced on the object at
    /// `path`; `reserved` takes a slot ``reserve()`` held.
    func run(
        _ action: any Action, params: ActionParams, item: String, at path: ObjectPath = PetalBus.path,
        call: any PendingCall<DBusVariantDictionary>, reserved: Bool = false
    ) throws(DBusError) {
        if !reserved { try admit() }
        nextAnnouncedAt = path
        defer { nextAnnouncedAt = PetalBus.path }
        try dispatcher.run(
            action, plugin: registry.plugin(of: action.id) ?? "", params: params, item: item,
            reserved: reserved
        ) { outcome in
            switch outcome {
            case .success(let result): call.reply(ParamsCoding.result(from: result))
            case .failure(let error): call.fail(error.dbusError)
            }
        }
    }

    // MARK: Stopping

    /// From now on no action starts.
    func stop() { stopping = true }

    /// Cancels every running action, answering its caller with `message`.
    func cancelAll(_ message: String) { dispatcher.cancelAll(message) }
}
