import DBus
import PetalAPI
import PetalCore

/// A call waiting for what is chosen in a menu: `Choose` is answered the
/// first id, `Pick` the whole answer (docs/dbus-api.md).
enum ChoiceCaller {
    /// A `Choose` or `ChooseFrom` call.
    case choose(any PendingCall<String>)
    /// A `Pick` or `PickFrom` call.
    case pick(any PendingCall<DBusVariantDictionary>)

    var sender: String {
        switch self {
        case .choose(let call): call.sender
        case .pick(let call): call.sender
        }
    }

    var isAnswered: Bool {
        switch self {
        case .choose(let call): call.isAnswered
        case .pick(let call): call.isAnswered
        }
    }

    /// What its timeout answers, after `timeout`.
    func timeoutMessage(_ timeout: Duration) -> String {
        switch self {
        case .choose: "no item was chosen within \(timeout.secondsText) (the Choose timeout)"
        case .pick: "nothing was picked within \(timeout.secondsText) (the Pick timeout)"
        }
    }

    /// Answers with `answer`: a `Choose` gets its first id, "" for a custom entry.
    func reply(_ answer: PickAnswer) {
        switch self {
        case .choose(let call): call.reply(answer.ids.first ?? "")
        case .pick(let call): call.reply(answer.dictionary)
        }
    }

    func fail(_ error: DBusError) {
        switch self {
        case .choose(let call): call.fail(error)
        case .pick(let call): call.fail(error)
        }
    }
}

/// The `Choose` and `Pick` calls waiting for the next choice in a menu; all
/// get the same answer. Confined to the service's scheduler.
struct ChoiceWaiters {
    private final class Waiter {
        let caller: ChoiceCaller
        let dispatch: Bool
        var timer: ScheduledTimer?
        init(caller: ChoiceCaller, dispatch: Bool) {
            self.caller = caller
            self.dispatch = dispatch
        }
    }

    private var waiters: [Waiter] = []
    private var scheduler: (any Scheduler)?

    /// Throws `Busy` when ``Limits/waitingChooseCalls`` calls are waiting.
    mutating func admit() throws(DBusError) {
        waiters.removeAll { $0.caller.isAnswered }
        guard waiters.count < Limits.waitingChooseCalls else {
            throw PetalError.make(
                .busy,
                "\(waiters.count) Choose and Pick calls are waiting, the most petald keeps; try again when the menu closes"
            )
        }
    }

    /// Adds a waiting call; its timeout, if any, answers `Timeout`, then
    /// runs `timedOut`. Call ``admit()`` first.
    mutating func add(
        _ caller: ChoiceCaller, options: ChooseOptions, scheduler: any Scheduler,
        timedOut: @escaping () -> Void = {}
    ) {
        self.scheduler = scheduler
        let waiter = Waiter(caller: caller, dispatch: options.dispatch)
        if let timeout = options.timeoutDuration {
            waiter.timer = scheduler.schedule(after: timeout) { [weak waiter] in
                guard let waiter, !waiter.caller.isAnswered else { return }
                waiter.caller.fail(PetalError.make(.timeout, waiter.caller.timeoutMessage(timeout)))
                timedOut()
            }
        }
        waiters.append(waiter)
    }

    /// Whether the next choice's actions should run: false if a waiting
    /// call asked for `dispatch: false`.
    var wouldDispatch: Bool {
        waiters.allSatisfy { $0.dispatch || $0.caller.isAnswered }
    }

    /// Answers every waiting call with `answer`.
    mutating func choose(_ answer: PickAnswer) {
        for waiter in take() { waiter.caller.reply(answer) }
    }

    /// Forgets the calls of `sender`, a connection that has left the bus: nobody is there to answer.
    mutating func dropCalls(from sender: String) {
        waiters.removeAll { waiter in
            guard waiter.caller.sender == sender || waiter.caller.isAnswered else { return false }
            if let timer = waiter.timer { scheduler?.cancel(timer) }
            return true
        }
    }

    /// Answers every waiting call with `Cancelled`.
    mutating func cancelAll(_ reason: String) {
        for waiter in take() { waiter.caller.fail(PetalError.make(.cancelled, reason)) }
    }

    private mutating func take() -> [Waiter] {
        let pending = waiters.filter { !$0.caller.isAnswered }
        for waiter in waiters { if let timer = waiter.timer { scheduler?.cancel(timer) } }
        waiters = []
        return pending
    }
}
