import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A monotonic clock for the menu's animations: time since an arbitrary origin,
/// never going backwards.
public protocol MenuClock: Sendable {
    /// The current time, measured from the clock's origin.
    var now: Duration { get }
}

/// A clock that moves only when told to; for tests. Thread-safe.
public final class ManualClock: MenuClock {
    private let current: Mutex<Duration>

    /// Creates a clock reading `start` (zero by default).
    public init(start: Duration = .zero) {
        current = Mutex(start)
    }

    /// The clock's current reading.
    public var now: Duration {
        current.withLock { $0 }
    }

    /// Moves the clock forward by `duration`; a negative duration is treated as zero,
    /// so the clock stays monotonic.
    public func advance(by duration: Duration) {
        current.withLock { $0 += max(duration, .zero) }
    }
}

/// The system's `CLOCK_MONOTONIC`: unaffected by wall-clock changes.
public struct MonotonicClock: MenuClock {
    /// Creates the clock; all instances read the same system clock.
    public init() {}

    /// Time since the system's monotonic origin (usually boot, excluding suspend).
    public var now: Duration {
        var spec = timespec()
        // CLOCK_MONOTONIC cannot fail with a valid timespec pointer.
        _ = clock_gettime(CLOCK_MONOTONIC, &spec)
        return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
    }
}
