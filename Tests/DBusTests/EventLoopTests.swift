import DBus
import Dispatch
import Glibc
import Testing

/// An error that `performAndWait` must hand back unchanged.
private struct Refusal: Error, Equatable { let code: Int }

/// Runs `body` with a fresh loop, stopping it afterwards.
private func withLoop(_ body: (EventLoop) async throws -> Void) async throws {
    let loop = try EventLoop(name: "test-loop")
    defer {
        loop.stop()
        loop.waitUntilStopped()
    }
    try await body(loop)
}

/// Collects what timers record on the loop thread and resumes the test at the end.
private final class TimerLog: Sendable {
    private let entries = Shared<[String]>([])
    private let (stream, continuation) = AsyncStream<Void>.makeStream()

    func record(_ entry: String) { entries.update { $0.append(entry) } }

    /// Ends the test's wait.
    func finish() { continuation.yield() }

    /// Waits for ``finish()`` and returns what was recorded.
    func waitForFinish() async -> [String] {
        _ = await firstElement(of: stream)
        return entries.value
    }
}

@Suite(.timeLimit(.minutes(1))) struct EventLoopTests {
    @Test func executeFromManyThreadsRunsEachItemOnceOnTheLoop() async throws {
        try await withLoop { (loop) async throws in
            let ran = Shared<[Int]>([])
            let offLoop = Counter()
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                for index in 0..<500 {
                    loop.execute {
                        if !loop.inEventLoop { offLoop.increment() }
                        ran.update { $0.append(thread * 500 + index) }
                    }
                }
            }
            try loop.performAndWait {}  // runs after everything posted before it
            #expect(ran.value.count == 4000)
            #expect(Set(ran.value) == Set(0..<4000))
            #expect(offLoop.value == 0)
            #expect(!loop.inEventLoop)
        }
    }

    @Test func itemsFromOneThreadRunInOrder() async throws {
        try await withLoop { (loop) async throws in
            let ran = Shared<[Int]>([])
            for index in 0..<1000 { loop.execute { ran.update { $0.append(index) } } }
            try loop.performAndWait {}
            #expect(ran.value == Array(0..<1000))
        }
    }

    @Test func performAndWaitReturnsAndRethrows() async throws {
        try await withLoop { (loop) async throws in
            #expect(try loop.performAndWait { loop.inEventLoop })
            #expect(try loop.performAndWait { "value" } == "value")
            #expect(throws: Refusal(code: 7)) { try loop.performAndWait { () throws -> Int in throw Refusal(code: 7) } }
            // Nested, it runs in place rather than waiting on itself.
            #expect(try loop.performAndWait { try loop.performAndWait { 5 } + 1 } == 6)
        }
    }

    @Test func timersFireInDeadlineOrderAndCancelledOnesNever() async throws {
        try await withLoop { (loop) async throws in
            let log = TimerLog()
            try loop.performAndWait {
                loop.schedule(after: .milliseconds(30)) { log.record("30") }
                loop.schedule(after: .milliseconds(10)) { log.record("10") }
                let cancelled = loop.schedule(after: .milliseconds(5)) { log.record("cancelled") }
                loop.schedule(after: .milliseconds(20)) { log.record("20") }
                loop.schedule(after: .zero) { log.record("0") }
                loop.cancel(cancelled)
                loop.schedule(after: .milliseconds(40)) { log.finish() }
            }
            #expect(await log.waitForFinish() == ["0", "10", "20", "30"])
        }
    }

    @Test func timerCanScheduleAnother() async throws {
        try await withLoop { (loop) async throws in
            let log = TimerLog()
            _ = try loop.performAndWait {
                loop.schedule(after: .milliseconds(1)) {
                    log.record("first, on loop: \(loop.inEventLoop)")
                    loop.schedule(after: .zero) {
                        log.record("second")
                        log.finish()
                    }
                }
            }
            #expect(await log.waitForFinish() == ["first, on loop: true", "second"])
        }
    }

    /// Regression: timers due in the same iteration were taken off the list before
    /// any ran, so one cancelled by an earlier timer of that batch still fired.
    @Test func timerCancelledByAnEarlierTimerDueAtTheSameTimeNeverFires() async throws {
        try await withLoop { (loop) async throws in
            let log = TimerLog()
            try loop.performAndWait {
                let victim = loop.schedule(after: .milliseconds(2)) { log.record("victim") }
                loop.schedule(after: .zero) {
                    log.record("canceller")
                    loop.cancel(victim)
                }
                loop.schedule(after: .milliseconds(30)) { log.finish() }
                // Keep the loop busy until both are due, so that they fire in one iteration.
                usleep(10_000)
            }
            #expect(await log.waitForFinish() == ["canceller"])
        }
    }

    @Test func cancellingAFiredTimerDoesNothing() async throws {
        try await withLoop { (loop) async throws in
            let log = TimerLog()
            let id = try loop.performAndWait {
                loop.schedule(after: .zero) {
                    log.record("fired")
                    log.finish()
                }
            }
            #expect(await log.waitForFinish() == ["fired"])
            try loop.performAndWait { loop.cancel(id) }
        }
    }

    @Test func sourcesReportReadiness() async throws {
        try await withLoop { (loop) async throws in
            var ends: [Int32] = [-1, -1]
            #expect(pipe(&ends) == 0)
            defer { for end in ends { close(end) } }
            let log = TimerLog()
            let readEnd = ends[0]
            try loop.performAndWait {
                var source: EventLoop.SourceID?
                source = loop.addSource(fd: readEnd, events: .readable) { ready in
                    var byte: UInt8 = 0
                    _ = read(readEnd, &byte, 1)
                    log.record("ready \(ready.contains(.readable)) byte \(byte)")
                    loop.removeSource(source!)
                    log.finish()
                }
            }
            var byte: UInt8 = 9
            #expect(write(ends[1], &byte, 1) == 1)
            #expect(await log.waitForFinish() == ["ready true byte 9"])
        }
    }

    @Test func stopThenWaitUntilStoppedReturns() throws {
        let loop = try EventLoop(name: "test-loop")
        let ran = Counter()
        loop.execute { ran.increment() }
        try loop.performAndWait {}
        loop.stop()
        loop.waitUntilStopped()
        loop.waitUntilStopped()  // any number of waiters get through
        #expect(ran.value == 1)
    }

    @Test func stopFromTheLoopThreadEndsIt() throws {
        let loop = try EventLoop(name: "test-loop")
        loop.execute { loop.stop() }
        loop.waitUntilStopped()
    }
}
