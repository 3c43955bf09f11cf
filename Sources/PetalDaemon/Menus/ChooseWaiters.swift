import DBus
import PetalAPI
import PetalCore

/// `Choose` calls waiting for the next activation; all get the same answer.
/// Confined to the service's scheduler.
struct ChooseWaiters {
    private final class Waiter {
        let call: any PendingCall<String>
        let dispatch: Bool
        var timer: ScheduledTimer?
        init(call: any PendingCall<String>, dispatch: Bool) {
            self.call = call
            self.dispatch = dispatch
        }
    }

    private var waiters: [Waiter] = []
    private var scheduler: (any Scheduler)?

    /// Throws `Busy` when ``ChooseLimits/maximumWaiting`` calls are waiting.
    mutating func admit() throws(DBusError) {
        waiters.removeAll { $0.call.isAnswered }
        guard waiters.count < Limits.waitingChooseCalls else {
            throw PetalError.make(
                .busy,
                "\(waiters.count) Choose calls are waiting, the most petald keeps; try again when the menu closes")
        }
    }

    /// Adds a waiting call; its timeout, if any, answers `Timeout`, then
    /// runs `timedOut`. Call ``admit()`` first.
    mutating func add(
        _ call: any PendingCall<String>, options: ChooseOptions, scheduler: any Scheduler,
        timedOut: @escaping () -> Void = {}
    ) {
        self.scheduler = scheduler
        let waiter = Waiter(call: call, dispatch: options.dispatch)
        if let timeout = options.timeoutDuration {
            waiter.timer = scheduler.schedule(after: timeout) { [weak waiter] in
                guard let waiter, !waiter.call.isAnswered else { return }
                waiter.call.fail(
                    PetalError.make(
                        .timeout, "no item was chosen within \(timeout.secondsText) (the Choose timeout)"))
                timedOut()
            }
        }
        waiters.append(waiter)
    }

    /// Whether the next activation's action should run: false if a waiting
    /// call asked for `dispatch: false`.
    var wouldDispatch: Bool {
        waiters.allSatisfy { $0.dispatch || $0.call.isAnswered }
    }

    /// Answers every waiting call with `itemID`.
    mutating func choose(_ itemID: String) {
        for waiter in take() { waiter.call.reply(itemID) }
    }

    /// Forgets the calls of `sender`, a connection that has left the bus: nobody is there to answer.
    mutating func dropCalls(from sender: String) {
        waiters.removeAll { waiter in
            guard waiter.call.sender == sender || waiter.call.isAnswered else { return false }
            if let timer = waiter.timer { scheduler?.cancel(timer) }
            return true
        }
    }

    /// Answers every waiting call with `Cancelled`.
    mutating func cancelAll(_ reason: String) {
        for waiter in take() { waiter.call.fail(PetalError.make(.cancelled, reason)) }
    }

    private mutating func take() -> [Waiter] {
        let pending = waiters.filter { !$0.call.isAnswered }
        for waiter in waiters { if let timer = waiter.timer { scheduler?.cancel(timer) } }
        waiters = []
        return pending
    }
}
