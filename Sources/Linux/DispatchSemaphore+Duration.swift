import Dispatch

extension DispatchSemaphore {
    /// Waits at most `limit` for a signal; returns whether one came.
    public func wait(for limit: Duration) -> Bool {
        let (seconds, attoseconds) = limit.components
        guard seconds >= 0, attoseconds >= 0 else { return wait(timeout: .now()) == .success }
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let total = nanoseconds.overflow ? Int64.max : nanoseconds.partialValue &+ attoseconds / 1_000_000_000
        return wait(timeout: .now() + .nanoseconds(Int(clamping: total))) == .success
    }
}
