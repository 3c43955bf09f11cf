import PetalCore
import Synchronization
import Testing

/// The scheduler in-process service tests run on: time moves only when told.
@Suite struct ManualSchedulerTests {
    private final class Trace: @unchecked Sendable {
        private let lines = Mutex<[String]>([])
        func note(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func timersFireInDeadlineOrderAtTheirOwnDeadlines() {
        let scheduler = ManualScheduler()
        let trace = Trace()
        scheduler.schedule(after: .seconds(3)) { trace.note("c at \(scheduler.now)") }
        scheduler.schedule(after: .seconds(1)) { trace.note("a at \(scheduler.now)") }
        scheduler.schedule(after: .seconds(1)) { trace.note("b at \(scheduler.now)") }
        scheduler.advance(by: .milliseconds(999))
        #expect(trace.all.isEmpty, "nothing is due before its deadline")
        scheduler.advance(by: .seconds(5))
        #expect(trace.all == ["a at 1.0 seconds", "b at 1.0 seconds", "c at 3.0 seconds"])
        #expect(scheduler.now == .milliseconds(5999))
        #expect(scheduler.pendingTimers == 0)
    }

    @Test func aCancelledTimerNeverFires() {
        let scheduler = ManualScheduler()
        let trace = Trace()
        let timer = scheduler.schedule(after: .seconds(1)) { trace.note("fired") }
        scheduler.cancel(timer)
        scheduler.advance(by: .seconds(2))
        #expect(trace.all.isEmpty)
    }

    @Test func aTimerScheduledByATimerFiresOnTheWayWhenItIsDue() {
        let scheduler = ManualScheduler()
        let trace = Trace()
        scheduler.schedule(after: .seconds(1)) {
            trace.note("first")
            scheduler.schedule(after: .seconds(1)) { trace.note("second at \(scheduler.now)") }
        }
        scheduler.advance(by: .seconds(10))
        #expect(trace.all == ["first", "second at 2.0 seconds"])
    }

    @Test func workPostedFromAnotherThreadRunsOnlyWhenTheTestRunsIt() async {
        let scheduler = ManualScheduler()
        let trace = Trace()
        await Task.detached { _ = scheduler.execute { trace.note("posted") } }.value
        #expect(trace.all.isEmpty, "posted work waits for the scheduler's thread")
        scheduler.run()
        #expect(trace.all == ["posted"])
    }

    @Test func aZeroDelayTimerRunsWithoutTimeMoving() {
        let scheduler = ManualScheduler(start: .seconds(7))
        let trace = Trace()
        scheduler.schedule(after: .zero) { trace.note("now") }
        scheduler.run()
        #expect(trace.all == ["now"])
        #expect(scheduler.now == .seconds(7))
    }
}
