import DBus
import PetalCore

/// The options `Choose` takes, from its `a{sv}`.
struct ChooseOptions {
    /// How long to wait for a choice; nil waits until the menu closes.
    var timeout: Duration?
    /// Whether the chosen item's action runs.
    var dispatch = true

    /// Options larger than this in the message are refused before they are decoded: two keys need far less.
    static let maximumBytes = 64 * 1024

    /// The refusal of options that take `bytes` in the message.
    @Sendable static func tooLarge(_ bytes: Int) -> DBusError {
        DBusError.invalidArgs("Choose options take \(bytes) bytes in the message; the limit is \(maximumBytes) bytes")
    }

    /// Reads `timeout` (seconds, any number type) and `dispatch` (b); other keys are ignored.
    init(_ options: DBusVariantDictionary) throws(DBusError) {
        for (key, raw) in options.entries {
            let value = raw.unwrapped
            switch key {
            case "timeout":
                guard let seconds = value.doubleValue, seconds.isFinite, seconds > 0,
                    seconds <= ChooseLimits.maximumTimeoutSeconds
                else {
                    throw DBusError.invalidArgs(
                        "Choose option \"timeout\" must be a number of seconds above 0 and at most \(Int(ChooseLimits.maximumTimeoutSeconds)), not \(value)"
                    )
                }
                timeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
            case "dispatch":
                guard let flag = value.boolValue else {
                    throw DBusError.invalidArgs("Choose option \"dispatch\" must be a boolean (b), not \(value.type)")
                }
                dispatch = flag
            default:
                continue
            }
        }
    }
}

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
        guard waiters.count < ChooseLimits.maximumWaiting else {
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
        if let timeout = options.timeout {
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
