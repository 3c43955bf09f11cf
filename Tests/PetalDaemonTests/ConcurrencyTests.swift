import DBus
import Foundation
import Synchronization
import TestSupport
import Testing

/// docs/dbus-api.md "Concurrency": a running (even hanging) action never blocks the
/// daemon, a flood of calls from several clients is served correctly, and
/// stopping answers the calls in flight.
@Suite struct ConcurrencyTests {
    /// While test.hang runs, another client's calls are answered at once: before
    /// the hang times out (its ActionFinished has not come when they are answered).
    @Test func callsAreServedWhileAnActionHangs() async throws {
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_TIMEOUT": "60"])
        defer { daemon.stop() }
        let other = try daemon.connectClient()
        defer { other.close() }
        let recorder = try await SignalRecorder(daemon, on: other)
        let hanging = Task { try await daemon.trigger("test.hang", timeout: .seconds(90)) }
        defer { hanging.cancel() }
        try await recorder.wait(for: "ActionStarted") { $0.arguments.dropFirst().first == .string("test.hang") }

        #expect(try await daemon.call(RunningDaemon.menu, "Toggle", from: other) == [.string("expanding")])
        #expect(
            try await daemon.call(RunningDaemon.menu, "Trigger", [.string("test.noop"), .vardict([])], from: other)
                == [.vardict([])])
        try await daemon.waitForState("expanded", within: .patience)
        #expect(try await daemon.call(RunningDaemon.menu, "Activate", [.string("stay")], from: other) == [.vardict([])])
        #expect(
            recorder.signals("ActionFinished").allSatisfy { $0.arguments.dropFirst().first != .string("test.hang") },
            "the calls must be answered while test.hang still runs")
    }

    /// 10,000 Toggles from 4 clients, 32 in flight on each: with zero-length
    /// animations each one flips the state, so half answer expanded, half
    /// collapsed, and the menu ends collapsed.
    @Test func floodOfTogglesFromFourClients() async throws {
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_OPEN": "0", "PETAL_TEST_CLOSE": "0"])
        defer { daemon.stop() }
        let clients = try (0..<4).map { _ in try daemon.connectClient() }
        defer { for client in clients { client.close() } }

        let replies = try await withThrowingTaskGroup(of: [String: Int].self) { group in
            for client in clients {
                group.addTask { try await toggle(on: client, times: 2_500, inFlight: 32) }
            }
            return try await group.reduce(into: [:]) { total, counts in total.merge(counts, uniquingKeysWith: +) }
        }

        #expect(replies == ["expanded": 5_000, "collapsed": 5_000])
        #expect(try await daemon.state() == "collapsed")
        #expect(daemon.process.isRunning)
        #expect(try await daemon.menu("Toggle") == [.string("expanded")])
    }

    /// A client that sends many slow calls at once (menus of almost 64 KiB
    /// that petald reads whole before refusing them) does not make another
    /// client wait behind all of them: its call is answered in its turn,
    /// after one call of the flooder's, not after every call read before it.
    @Test func aFloodingClientDoesNotMakeOthersWaitBehindAllItsCalls() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let flooder = try daemon.connectClient()
        defer { flooder.close() }
        let other = try daemon.connectClient()
        defer { other.close() }
        // Thousands of numbers to read, then a fault at the very end: InvalidMenu, nothing made.
        let numbers = Array(repeating: "1", count: 30_000).joined(separator: ",")
        let slowMenu = #"{"items": [{"id": "a", "title": "A"}], "x": [\#(numbers)], "fault": }"#
        #expect(slowMenu.utf8.count < 65_536)
        let flood = 40
        let answered = AnswerCount()
        let flooding = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<flood {
                    group.addTask {
                        _ = try? await daemon.call(
                            "org.petal.Petal1.Menus", "CreateMenu", [.string(slowMenu), .vardict([])], from: flooder,
                            timeout: .seconds(120))
                        answered.count.withLock { $0 += 1 }
                    }
                }
            }
        }
        // Once petald is serving the flood, every one of its calls has long been sent.
        while answered.count.withLock({ $0 }) == 0 {
            try await Task.sleep(for: .milliseconds(5))
        }
        let state = try await daemon.call(
            .propertiesInterface, "Get", [.string("org.petal.Petal1.Menu"), .string("State")], from: other)
        #expect(state == [.variant(.string("collapsed"))])
        let before = answered.count.withLock { $0 }
        await flooding.value
        // The other call reaches petald only as fast as the bus hands on what
        // was queued before it, a socket buffer (about three of these calls)
        // per turn, so it is answered after some of the flood, not after one:
        // up to 31 of 40 seen on this machine. Before callers were served in
        // turn it was always after all 40. (Fairness under a flood: docs/benchmarks.md.)
        #expect(before < flood * 7 / 8, "answered after \(before) of the flooder's \(flood) calls")
        #expect(daemon.process.isRunning)
    }

    /// A connection that has more calls waiting than one may (256) has the
    /// calls over the limit answered at once with LimitExceeded, unread; the
    /// others are answered as ever, so is another client's call, and petald
    /// serves on. The flood's calls are slow to serve (menus of 6 KiB that
    /// petald reads whole before refusing them) and the bus hands on dozens
    /// (a socket buffer) for each one served, so they pile up past 256.
    @Test func callsOverTheLimitOfOneCallerAreRefusedAtOnce() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let flooder = try daemon.connectClient()
        defer { flooder.close() }
        let other = try daemon.connectClient()
        defer { other.close() }
        let numbers = Array(repeating: "1", count: 3_000).joined(separator: ",")
        let slowMenu = #"{"items": [{"id": "a", "title": "A"}], "x": [\#(numbers)], "fault": }"#
        @Sendable func createSlowMenu() async -> String {
            do {
                _ = try await daemon.call(
                    "org.petal.Petal1.Menus", "CreateMenu", [.string(slowMenu), .vardict([])], from: flooder,
                    timeout: .seconds(120))
                return "made"
            } catch let error as DBusError {
                return error.message.contains("256 calls") ? "refused: \(error.name)" : error.name
            } catch {
                return "\(error)"
            }
        }
        // Once, so that the flooder's Unix user is known and its calls wait in turn, not for the access check.
        #expect(await createSlowMenu() == "org.petal.Petal1.Error.InvalidMenu")
        let flood = 400
        let answered = AnswerCount()
        let flooding = Task {
            await withTaskGroup(of: String.self) { group in
                for _ in 0..<flood {
                    group.addTask {
                        let answer = await createSlowMenu()
                        answered.count.withLock { $0 += 1 }
                        return answer
                    }
                }
                return await group.reduce(into: [String: Int]()) { counts, answer in counts[answer, default: 0] += 1 }
            }
        }
        while answered.count.withLock({ $0 }) == 0 {
            try await Task.sleep(for: .milliseconds(5))
        }
        let state = try await daemon.call(
            .propertiesInterface, "Get", [.string("org.petal.Petal1.Menu"), .string("State")], from: other)
        #expect(state == [.variant(.string("collapsed"))])
        let answers = await flooding.value
        let refused = answers["refused: org.petal.Petal1.Error.LimitExceeded", default: 0]
        let served = answers["org.petal.Petal1.Error.InvalidMenu", default: 0]
        #expect(refused > 0 && served >= 256, "\(answers)")
        #expect(refused + served == flood, "nothing but InvalidMenu or the refusal: \(answers)")
        #expect(try await daemon.menu("Toggle") == [.string("expanding")])
        #expect(daemon.process.isRunning)
    }

    /// Calls Toggle `times` times on `connection`, keeping `inFlight` calls
    /// outstanding; returns how many times each state was answered.
    private func toggle(on connection: DBusConnection, times: Int, inFlight: Int) async throws -> [String: Int] {
        try await withThrowingTaskGroup(of: String.self) { group in
            @Sendable func call() async throws -> String {
                try await connection.call(
                    destination: RunningDaemon.name, path: RunningDaemon.path,
                    interface: RunningDaemon.menu, member: "Toggle", timeout: .seconds(20)
                )
                .first?.stringValue ?? ""
            }
            var sent = 0
            var counts: [String: Int] = [:]
            while sent < min(inFlight, times) {
                group.addTask(operation: call)
                sent += 1
            }
            while let state = try await group.next() {
                counts[state, default: 0] += 1
                if sent < times {
                    group.addTask(operation: call)
                    sent += 1
                }
            }
            return counts
        }
    }

    /// SIGTERM while test.slow runs: the caller gets an answer (not a NoReply
    /// timeout), and petald exits with status 0.
    @Test func sigtermAnswersTheRunningCallAndExitsCleanly() async throws {
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_TIMEOUT": "30"])
        defer { daemon.stop() }
        let other = try daemon.connectClient()
        defer { other.close() }
        let recorder = try await SignalRecorder(daemon, on: other)
        let slow = Task {
            try await daemon.call(
                RunningDaemon.menu, "Trigger", [.string("test.slow"), .vardict([("seconds", .double(20))])],
                from: other, timeout: .seconds(8))
        }
        try await recorder.wait(for: "ActionStarted")

        kill(daemon.process.processIdentifier, SIGTERM)
        let outcome = await slow.result
        if case .failure(let error as DBusError) = outcome {
            #expect(
                error.name != DBusError.Name.noReply && error.name != DBusError.Name.disconnected,
                "the running call must be answered before petald exits: \(error)")
        }
        #expect(await eventually { !daemon.process.isRunning }, "petald did not exit after SIGTERM")
        #expect(daemon.stop() == 0)
        #expect(daemon.process.terminationReason == .exit, "petald was killed by the signal instead of handling it")
    }

    @Test func sigtermWhenIdleExitsCleanly() async throws {
        let daemon = try await RunningDaemon()
        _ = try await daemon.menu("Toggle")
        #expect(daemon.stop(signal: SIGTERM) == 0)
        #expect(daemon.process.terminationReason == .exit)
    }

    @Test func sigintExitsCleanly() async throws {
        let daemon = try await RunningDaemon()
        #expect(daemon.stop(signal: SIGINT) == 0)
        #expect(daemon.process.terminationReason == .exit)
    }
}

/// How many of a client's calls have been answered, counted from the tasks that made them.
private final class AnswerCount: Sendable {
    let count = Mutex(0)
}
