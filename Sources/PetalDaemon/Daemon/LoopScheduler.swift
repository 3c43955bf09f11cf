import DBus
import PetalCore

/// The event loop as the service's ``Scheduler``, on the monotonic clock.
final class LoopScheduler: Scheduler {
    let loop: EventLoop
    let clock: any MenuClock = MonotonicClock()

    init(_ loop: EventLoop) { self.loop = loop }

    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledTimer {
        ScheduledTimer(raw: loop.schedule(after: delay, work).raw)
    }

    func cancel(_ timer: ScheduledTimer) {
        loop.cancel(EventLoop.TimerID(raw: timer.raw))
    }

    @discardableResult
    func execute(_ work: @escaping @Sendable () -> Void) -> Bool {
        loop.execute(work)
    }

    @discardableResult
    func executeWhenAwake(_ work: @escaping @Sendable () -> Void) -> Bool {
        loop.executeWhenAwake(work)
    }
}
