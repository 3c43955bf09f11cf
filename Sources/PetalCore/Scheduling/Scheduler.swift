import Synchronization

/// Identifies work a ``Scheduler`` was asked to run later.
public struct ScheduledTimer: Hashable, Sendable {
    /// The scheduler's own number for the timer.
    public let raw: UInt64
    /// A timer the scheduler numbered `raw`.
    public init(raw: UInt64) { self.raw = raw }
}

/// The thread a service is confined to, and its time: the daemon's event
/// loop, or a ``ManualScheduler`` that a test advances.
///
/// Everything but ``execute(_:)`` is called on the scheduler's own thread,
/// and the work it is given runs there.
public protocol Scheduler: AnyObject, Sendable {
    /// The clock timers are measured against.
    var clock: any MenuClock { get }
    /// Runs `work` once, `delay` from now.
    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledTimer
    /// Cancels a timer that has not fired; does nothing for one that has.
    func cancel(_ timer: ScheduledTimer)
    /// Runs `work` on the scheduler's thread soon; callable from any thread.
    /// Returns false, dropping `work`, once the scheduler has stopped.
    @discardableResult
    func execute(_ work: @escaping @Sendable () -> Void) -> Bool
    /// Runs `work` on the scheduler's thread once it next wakes for something
    /// else, without waking it now; callable from any thread. For bookkeeping
    /// nothing waits for. Returns false, dropping `work`, once stopped.
    @discardableResult
    func executeWhenAwake(_ work: @escaping @Sendable () -> Void) -> Bool
}

extension Scheduler {
    /// A scheduler with no cheaper way runs it as ``execute(_:)`` does.
    @discardableResult
    public func executeWhenAwake(_ work: @escaping @Sendable () -> Void) -> Bool { execute(work) }
}

/// A scheduler whose time moves only when a test says so, as NIO's
/// `EmbeddedEventLoop` lets handlers be tested without sockets or sleeps.
///
/// Timers fire in deadline order (ties in the order they were scheduled)
/// during ``advance(by:)``; work posted with ``execute(_:)``, from any thread,
/// runs during ``run()`` and ``advance(by:)``. Both are called on the test's
/// thread, which is then the scheduler's thread.
///
/// Unchecked Sendable: used on the test's thread alone; execute's queue is behind a Mutex.
public final class ManualScheduler: Scheduler, @unchecked Sendable {
    private struct Timer {
        let id: ScheduledTimer
        let deadline: Duration
        let work: () -> Void
    }

    private let manualClock: ManualClock
    private var timers: [Timer] = []
    private var nextID: UInt64 = 1
    private let posted = Mutex<[@Sendable () -> Void]>([])

    /// A scheduler at time `start` of its own ``ManualClock``.
    public init(start: Duration = .zero) {
        manualClock = ManualClock(start: start)
    }

    public var clock: any MenuClock { manualClock }

    /// The scheduler's time now.
    public var now: Duration { manualClock.now }

    /// How many timers are waiting to fire.
    public var pendingTimers: Int { timers.count }

    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledTimer {
        let id = ScheduledTimer(raw: nextID)
        nextID += 1
        timers.append(Timer(id: id, deadline: manualClock.now + max(delay, .zero), work: work))
        return id
    }

    public func cancel(_ timer: ScheduledTimer) {
        timers.removeAll { $0.id == timer }
    }

    @discardableResult
    public func execute(_ work: @escaping @Sendable () -> Void) -> Bool {
        posted.withLock { $0.append(work) }
        return true
    }

    /// Runs the posted work and the timers that are due, until none is left;
    /// work that posts or schedules more (due now) runs too.
    public func run() {
        while true {
            let work = posted.withLock { queue in
                let taken = queue
                queue.removeAll()
                return taken
            }
            for item in work { item() }
            guard let index = nextDueTimer(by: manualClock.now) else {
                if posted.withLock({ $0.isEmpty }) { return }
                continue
            }
            timers.remove(at: index).work()
        }
    }

    /// Moves time forward by `duration`, firing each timer due on the way at
    /// its own deadline, then runs what is left to run now.
    public func advance(by duration: Duration) {
        let end = manualClock.now + max(duration, .zero)
        run()
        while let index = nextDueTimer(by: end) {
            let timer = timers.remove(at: index)
            manualClock.advance(by: timer.deadline - manualClock.now)
            timer.work()
            run()
        }
        manualClock.advance(by: end - manualClock.now)
        run()
    }

    private func nextDueTimer(by time: Duration) -> Int? {
        var best: Int?
        for (index, timer) in timers.enumerated() where timer.deadline <= time {
            if let current = best, timers[current].deadline <= timer.deadline { continue }
            best = index
        }
        return best
    }
}
