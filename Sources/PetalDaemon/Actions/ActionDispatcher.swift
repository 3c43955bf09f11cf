import DBus
import Linux
import PetalCore
import PetalJSON
import PetalPluginRuntime

/// Runs actions off the event loop and brings their outcome back to it,
/// with the limits of docs/dbus-api.md: a timeout per invocation (`Timeout`, and the
/// run is cancelled) and a cap on how many run at once (`Busy`).
///
/// Every invocation goes through one lifecycle: admitted (``admit()`` or
/// ``reserve()``), running (``run(_:plugin:params:item:reserved:completion:)``),
/// then ended exactly once by the first of its result, its error, its
/// timeout or a stop (``InvocationEnd``); any end but the action's own
/// cancels its work, and a later outcome is logged and dropped.
///
/// Two thread hops per run: the action's ``Action/start(_:finish:)`` hands
/// the work to its thread, and its outcome comes back through the scheduler.
/// Confined to the scheduler's thread.
final class ActionDispatcher {
    /// What the dispatcher tells the service as invocations start and finish.
    struct Events {
        let started: (_ id: UInt32, _ action: String, _ item: String) -> Void
        let finished: (_ id: UInt32, _ action: String, _ outcome: ActionOutcome) -> Void
    }

    private struct Running {
        let action: String
        let plugin: String
        var cancellation = ActionCancellation.none
        var timer: ScheduledTimer?
        let completion: (ActionOutcome) -> Void
    }

    var settings: ActionSettings
    private let scheduler: any Scheduler
    private let log: Logger
    private let events: Events
    private var running: [UInt32: Running] = [:]
    /// Slots held by ``reserve()`` for invocations that start later.
    private var reserved = 0
    private var lastID: UInt32 = 0

    init(settings: ActionSettings, scheduler: any Scheduler, log: Logger, events: Events) {
        self.settings = settings
        self.scheduler = scheduler
        self.log = log
        self.events = events
    }

    /// How many invocations are running now.
    var runningCount: Int { running.count }

    /// Throws `Busy` when `actions.maxConcurrent` invocations are running.
    ///
    /// Callers with side effects before ``run(_:plugin:params:item:reserved:completion:)`` (an
    /// activation answering `Choose`, closing the menu) ask first, so that a
    /// refused call changes nothing; both run in one turn of the loop, so the
    /// answer still holds when `run` comes.
    func admit() throws(DBusError) {
        guard running.count + reserved < settings.maxConcurrent else {
            throw PetalError.make(
                .busy,
                "\(running.count + reserved) actions are running, the most actions.maxConcurrent allows; try again when one finishes"
            )
        }
    }

    /// Admits one invocation now that starts later (after a toggle's save, say):
    /// its slot is held until ``run(_:plugin:params:item:reserved:completion:)`` with
    /// `reserved` takes it, or ``release()`` gives it back.
    func reserve() throws(DBusError) {
        try admit()
        reserved += 1
    }

    /// Gives back a slot ``reserve()`` held.
    func release() {
        reserved = max(0, reserved - 1)
    }

    /// Starts `action`; `completion` runs on the scheduler's thread exactly once.
    ///
    /// - Throws: `Busy` when `actions.maxConcurrent` invocations are running;
    ///   nothing is started then.
    func run(
        _ action: any Action, plugin: String, params: ActionParams, item: String, reserved: Bool = false,
        completion: @escaping (ActionOutcome) -> Void
    ) throws(DBusError) {
        if reserved { release() } else { try admit() }
        lastID &+= 1
        if lastID == 0 { lastID = 1 }
        let id = lastID
        let actionID = action.id
        running[id] = Running(action: actionID, plugin: plugin, completion: completion)
        events.started(id, actionID, item)
        let timeout = settings.timeout
        running[id]?.timer = scheduler.schedule(after: timeout) { [weak self] in
            self?.log.warning(
                "plugin \(plugin), action \(actionID) (invocation \(id)) did not finish within \(timeout.secondsText) (actions.timeout); cancelled"
            )
            self?.finish(
                id,
                .failure(
                    ActionError(
                        .timeout,
                        "\(actionID) did not finish within \(timeout.secondsText) (actions.timeout); it was cancelled")),
                end: .timedOut, action: actionID, plugin: plugin)
        }
        let scheduler = self.scheduler
        let dispatcher = UncheckedSendable(WeakReference(self))
        var params = params
        params.invocation = id
        let cancellation = action.start(params) { outcome in
            let end: InvocationEnd = if case .success = outcome { .completed } else { .failed }
            scheduler.execute {
                dispatcher.value.object?.finish(id, outcome, end: end, action: actionID, plugin: plugin)
            }
        }
        // The outcome comes through the scheduler, so the run is still listed here.
        running[id]?.cancellation = cancellation
    }

    /// Cancels every running invocation, answering each with `message`.
    func cancelAll(_ message: String) {
        for (id, invocation) in running.sorted(by: { $0.key < $1.key }) {
            finish(
                id, .failure(.failed(message)), end: .cancelled, action: invocation.action, plugin: invocation.plugin)
        }
    }

    private func finish(_ id: UInt32, _ outcome: ActionOutcome, end: InvocationEnd, action: String, plugin: String) {
        guard let invocation = running.removeValue(forKey: id) else {
            // Only the action's own outcome can come after a timeout or a stop answered for it:
            // the plugin really did complete, late, which a plugin may after its cancel.
            let how = if case .success = outcome { "completed" } else { "failed" }
            log.debug(
                "plugin \(plugin) \(how) action \(action) (invocation \(id)) after it had been answered (timed out or cancelled); dropped"
            )
            return
        }
        if let timer = invocation.timer { scheduler.cancel(timer) }
        // Any end but the action's own cancels its work.
        if !end.isTheActionsOwn { invocation.cancellation() }
        events.finished(id, invocation.action, outcome)
        invocation.completion(outcome)
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

/// A weak reference, to capture an object without keeping it alive.
struct WeakReference<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}

extension Duration {
    /// The duration in seconds, for messages: `2 s`, `0.5 s`.
    var secondsText: String {
        let value = configuredSeconds
        return (value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)") + " s"
    }
}
