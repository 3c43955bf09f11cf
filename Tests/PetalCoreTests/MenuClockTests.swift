import PetalCore
import Testing

struct MenuClockTests {
    @Test func manualClockMovesOnlyWhenAdvanced() {
        let clock = ManualClock(start: .seconds(3))
        #expect(clock.now == .seconds(3))
        clock.advance(by: .milliseconds(250))
        #expect(clock.now == .seconds(3) + .milliseconds(250))
        clock.advance(by: .seconds(-10))
        #expect(clock.now == .seconds(3) + .milliseconds(250), "never goes backwards")
    }

    @Test func manualClockIsSafeAcrossTasks() async {
        let clock = ManualClock()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask { clock.advance(by: .nanoseconds(1)) }
            }
        }
        #expect(clock.now == .nanoseconds(100))
    }

    @Test func monotonicClockIsPositiveAndDoesNotGoBackwards() {
        let clock = MonotonicClock()
        var previous = clock.now
        #expect(previous > .zero)
        for _ in 0..<1000 {
            let next = clock.now
            #expect(next >= previous)
            previous = next
        }
    }

    /// Bracketed by the standard library's CLOCK_MONOTONIC clock rather than bounded by a wall-time
    /// guess, so that a loaded machine (which can stretch a 20 ms sleep to seconds) cannot fail it.
    @Test func monotonicClockAdvancesAcrossASleep() async throws {
        let clock = MonotonicClock()
        let outerStart = SuspendingClock.now
        let start = clock.now
        try await Task.sleep(for: .milliseconds(20))
        let elapsed = clock.now - start
        let outer = SuspendingClock.now - outerStart
        #expect(elapsed >= .milliseconds(15))
        #expect(elapsed <= outer + .milliseconds(1), "\(elapsed) measured inside \(outer)")
    }
}
