import DBus
import Linux
import PetalAPI
import PetalCore
import PetalJSON
import PetalPluginRuntime

/// The service's action path: every action that can run (the registry),
/// run off the event loop within the limits of docs/dbus-api.md — a timeout
/// per invocation (`Timeout`, and the run is cancelled) and a cap on how
/// many run at once (`Busy`) — each run announced with `ActionStarted` and
/// `ActionFinished` on the object its caller names, and its caller answered.
///
/// Every invocation goes through one lifecycle: admitted (``admit()`` or
/// ``reserve()``), running (``run(_:params:item:at:call:reserved:)``),
/// then ended exactly once by the first of its result, its error, its
/// timeout or a stop (``InvocationEnd``); any end but the action's own
/// cancels its work, and a later outcome is logged and dropped.
///
/// One thread hop per run: the action's ``Action/start(_:finish:)`` hands
/// the work to its thread, which, for an action announced on the root (every
/// `Trigger`) and a sink that can emit from any thread, sends
/// `ActionFinished` and the reply itself (``AnswerHere``); the loop then
/// learns of the end without being woken for it, and retires the run the
/// next time it wakes. Other outcomes come back through the scheduler, which
/// answers them. Confined to the scheduler's thread.
final class ActionDispatcher {
    /// A class, so that setting its timer and cancellation once it is listed
    /// changes it in place, not through the dictionary (whose in-place access
    /// allocates).
    private final class Running {
        let action: String
        let plugin: String
        /// The object `ActionStarted` was announced on, where `ActionFinished` goes too.
        let announcedAt: ObjectPath
        var cancellation = ActionCancellation.none
        var timer: ScheduledTimer?
        let completion: (ActionOutcome) -> Void
        /// Claimed by whichever end answers.
        let answer = InvocationAnswer()

        init(action: String, plugin: String, announcedAt: ObjectPath, completion: @escaping (ActionOutcome) -> Void) {
            self.action = action
            self.plugin = plugin
            self.announcedAt = announcedAt
            self.completion = completion
        }
    }

    /// Every action that can run: the plugins' from start-up, and the providers' while they are registered.
    private(set) var registry: ActionRegistry
    /// The limits in force; a reload changes them.
    var settings: ActionSettings
    /// Set once petald is stopping: no new action starts.
    private(set) var stopping = false
    private let scheduler: any Scheduler
    private let signals: any SignalSink
    /// `signals`, when they can be emitted from an action's own thread.
    private let signalsHere: (any SignalsHere)?
    private let wakeForEnds = WakeForEnds()
    private let log: Logger
    private var running: [UInt32: Running] = [:]
    /// Slots held by ``reserve()`` for invocations that start later.
    private var reserved = 0
    private var lastID: UInt32 = 0
    /// Run, on the scheduler, once no action runs: see ``whenIdle(_:)``.
    private var idleWaiters: [() -> Void] = []

    /// Runs the actions of `registry` with `settings`' limits on `scheduler`, announcing runs to `signals`.
    init(
        registry: ActionRegistry, settings: ActionSettings, scheduler: any Scheduler, signals: any SignalSink,
        log: Logger
    ) {
        self.registry = registry
        self.settings = settings
        self.scheduler = scheduler
        self.signals = signals
        signalsHere = signals as? any SignalsHere
        self.log = log
    }

    /// How many invocations are running now.
    var runningCount: Int { running.count }

    /// Lists `action`, provided by `plugin`; false if its id is taken.
    @discardableResult
    func register(_ action: any Action, plugin: String) -> Bool {
        registry.register(action, plugin: plugin)
    }

    /// Unlists every action of `plugin`.
    func removeAll(from plugin: String) {
        registry.removeAll(from: plugin)
    }

    // MARK: Admission

    /// Throws `Busy` when no action may start now: petald is stopping, or
    /// `actions.maxConcurrent` invocations are running.
    ///
    /// Callers with side effects before ``run(_:params:item:at:call:reserved:)``
    /// (an activation answering `Choose`, closing the menu) ask first, so that
    /// a refused call changes nothing; both run in one turn of the loop, so
    /// the answer still holds when `run` comes.
    func admit() throws(DBusError) {
        guard !stopping else { throw PetalError.make(.busy, "petald is stopping and starts no new actions") }
        // Not those answered from their own thread that the loop has yet to retire.
        let unanswered = running.values.count(where: { !$0.answer.isClaimed })
        guard unanswered + reserved < settings.maxConcurrent else {
            throw PetalError.make(
                .busy,
                "\(unanswered + reserved) actions are running, the most actions.maxConcurrent allows; try again when one finishes"
            )
        }
    }

    /// Admits one invocation now that starts later (after a toggle's save, say):
    /// its slot is held until ``run(_:params:item:at:call:reserved:)`` with
    /// `reserved` takes it, or ``release()`` gives it back.
    func reserve() throws(DBusError) {
        try admit()
        reserved += 1
    }

    /// Gives back a slot ``reserve()`` held.
    func release() {
        reserved = max(0, reserved - 1)
    }

    // MARK: Running

    /// Runs `action` with `params` for `item` ("" for a Trigger), announced on
    /// the object at `path`, answering `call` with its result when it
    /// finishes; `reserved` takes a slot ``reserve()`` held.
    ///
    /// - Throws: `Busy` when no action may start now; nothing is started then.
    func run(
        _ action: any Action, params: ActionParams, item: String, at path: ObjectPath = PetalBus.path,
        call: any PendingCall<DBusVariantDictionary>, reserved: Bool = false
    ) throws(DBusError) {
        if reserved { release() } else { try admit() }
        lastID &+= 1
        if lastID == 0 { lastID = 1 }
        let id = lastID
        let actionID = action.id
        let plugin = registry.plugin(of: actionID) ?? ""
        let invocation = Running(action: actionID, plugin: plugin, announcedAt: path) { outcome in
            switch outcome {
            case .success(let result): call.reply(ParamsCoding.result(from: result))
            case .failure(let error): call.fail(error.dbusError)
            }
        }
        running[id] = invocation
        signals.emit(PetalBus.Menu.actionStarted, at: path, id, actionID, item)
        let timeout = settings.timeout
        invocation.timer = scheduler.schedule(after: timeout) { [weak self] in
            // Answered from the action's thread just now: its retirement is on its way.
            guard self?.running[id]?.answer.isClaimed == false else { return }
            self?.log.warning(
                "plugin \(plugin), action \(actionID) (invocation \(id)) did not finish within \(timeout.secondsText) (actions.timeout); cancelled"
            )
            self?.finish(
                id,
                .failure(
                    ActionError(
                        .timeout,
                        "\(actionID) did not finish within \(timeout.secondsText) (actions.timeout); it was cancelled")),
                end: .timedOut)
        }
        let scheduler = self.scheduler
        let dispatcher = UncheckedSendable(WeakReference(self))
        var params = params
        params.invocation = id
        let answer = invocation.answer
        let here =
            path == PetalBus.path
            ? signalsHere.map { AnswerHere(signals: $0, id: id, action: actionID, path: path, call: call) } : nil
        let wakeForEnds = self.wakeForEnds
        let cancellation = action.start(params) { outcome in
            let end: InvocationEnd = if case .success = outcome { .completed } else { .failed }
            guard let here, answer.claim() else {
                scheduler.execute {
                    dispatcher.value.object?.finish(id, outcome, end: end, late: (action: actionID, plugin: plugin))
                }
                return
            }
            here.send(outcome)
            let retire: @Sendable () -> Void = {
                dispatcher.value.object?.finish(id, outcome, end: end, answered: true)
            }
            if wakeForEnds.isSet { scheduler.execute(retire) } else { scheduler.executeWhenAwake(retire) }
        }
        // The outcome comes through the scheduler, so the run is still listed here.
        invocation.cancellation = cancellation
    }

    /// Ends invocation `id` with `outcome`; `late` names the action and its
    /// plugin for the log, should its own outcome come after it was answered.
    /// `answered`: the action's thread has sent the answer; only retire the run.
    private func finish(
        _ id: UInt32, _ outcome: ActionOutcome, end: InvocationEnd, late: (action: String, plugin: String)? = nil,
        answered: Bool = false
    ) {
        guard let invocation = running.removeValue(forKey: id) else {
            // A stop retired it first, and found it answered.
            if answered { return }
            // Only the action's own outcome can come after a timeout or a stop answered for it:
            // the plugin really did complete, late, which a plugin may after its cancel.
            let how = if case .success = outcome { "completed" } else { "failed" }
            let (action, plugin) = late ?? ("?", "?")
            log.debug(
                "plugin \(plugin) \(how) action \(action) (invocation \(id)) after it had been answered (timed out or cancelled); dropped"
            )
            return
        }
        if let timer = invocation.timer { scheduler.cancel(timer) }
        // Claimed before the cancellation, whose outcome (a cancelled task's failure) must not answer first.
        let answering = invocation.answer.claim()
        // Any end but the action's own cancels its work.
        if !end.isTheActionsOwn { invocation.cancellation() }
        if answering {
            let (success, name, message): (Bool, String, String) =
                switch outcome {
                case .success: (true, "", "")
                case .failure(let error): (false, error.name.errorName, error.message)
                }
            signals.emit(
                PetalBus.Menu.actionFinished, at: invocation.announcedAt, id, invocation.action, success, name, message)
            invocation.completion(outcome)
        }
        guard running.isEmpty, !idleWaiters.isEmpty else { return }
        // After the caller's answer has gone.
        let waiters = idleWaiters
        idleWaiters = []
        _ = scheduler.schedule(after: .zero) { for waiter in waiters { waiter() } }
    }

    // MARK: Stopping

    /// From now on no action starts.
    func stop() {
        stopping = true
        wakeForEnds.set()
    }

    /// Cancels every running invocation, answering each with `message`.
    func cancelAll(_ message: String) {
        for id in running.keys.sorted() { finish(id, .failure(.failed(message)), end: .cancelled) }
    }

    /// Runs `done` once no action runs: now, or after the last running one finishes.
    func whenIdle(_ done: @escaping () -> Void) {
        guard !running.isEmpty else { return done() }
        wakeForEnds.set()
        idleWaiters.append(done)
    }
}

/// How an invocation ends: it is admitted, runs, and then ends exactly once,
/// by the first of these to happen.
enum InvocationEnd {
    /// The action returned a result.
    case completed
    /// The action returned an error.
    case failed
    /// `actions.timeout` passed first.
    case timedOut
    /// petald stopped first.
    case cancelled

    /// Whether the action itself ended it, so there is no work left to cancel.
    var isTheActionsOwn: Bool { self == .completed || self == .failed }
}

extension Duration {
    /// The duration in seconds, for messages: `2 s`, `0.5 s`.
    var secondsText: String {
        let value = configuredSeconds
        return (value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)") + " s"
    }
}
