/// When a crashing isolated plugin is started again, and when it is given
/// up on (docs/plugins.md, "Isolated plugins"): after ``limit`` crashes within
/// ``window`` it is quarantined, and each restart after a crash waits a
/// little longer than the one before. Pure: times are given, not read.
public struct CrashWindow: Sendable, Equatable {
    /// Crashes within ``window`` that quarantine the plugin.
    public let limit: Int
    /// How far back crashes count.
    public let window: Duration
    /// The wait before the first restart after a crash; it doubles with each further crash in the window.
    public let backoff: Duration
    /// The crashes still within the window, oldest first, as instants on some monotonic clock.
    public private(set) var crashes: [Duration] = []

    /// The rule of docs/plugins.md: 3 crashes within 10 minutes; restarts wait 0, then 250 ms, then twice that….
    public init(limit: Int = 3, window: Duration = .seconds(600), backoff: Duration = .milliseconds(250)) {
        self.limit = limit
        self.window = window
        self.backoff = backoff
    }

    /// Records a crash at `now`; returns whether the plugin is now to be quarantined.
    public mutating func record(at now: Duration) -> Bool {
        forget(before: now)
        crashes.append(now)
        return crashes.count >= limit
    }

    /// How long after `now` the next start may be: nothing after the first
    /// crash in the window, then ``backoff``, doubling with each further one.
    public mutating func restartDelay(at now: Duration) -> Duration {
        forget(before: now)
        guard crashes.count > 1, let last = crashes.last else { return .zero }
        let wait = backoff * (1 << min(crashes.count - 2, 16))
        let due = last + wait
        return due > now ? due - now : .zero
    }

    private mutating func forget(before now: Duration) {
        crashes.removeAll { now - $0 >= window }
    }
}
