import Dispatch
import Synchronization

/// A value one thread hands to another that waits for it: the only way
/// Petal blocks a thread on another's result. The waiting thread is never an
/// event loop's nor one of Swift's cooperative threads: it is a thread that
/// has nothing else to do meanwhile (petald's main thread, a plugin's worker
/// waiting for petald's answer, a starting host).
public final class Handoff<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    /// A semaphore: the taker blocks until the giver has put the value.
    private let ready = DispatchSemaphore(value: 0)

    /// An empty handoff.
    public init() {}

    /// Hands `value` over; a second one is dropped.
    public func put(_ value: Value) {
        let first = self.value.withLock { held -> Bool in
            guard held == nil else { return false }
            held = value
            return true
        }
        if first { ready.signal() }
    }

    /// Waits for the value.
    public func take() -> Value {
        ready.wait()
        ready.signal()  // a second taker finds it too
        return value.withLock { $0! }
    }

    /// Waits for the value at most `limit`; nil when it does not come in time.
    public func take(within limit: Duration) -> Value? {
        guard ready.wait(for: limit) else { return nil }
        ready.signal()
        return value.withLock { $0! }
    }
}
