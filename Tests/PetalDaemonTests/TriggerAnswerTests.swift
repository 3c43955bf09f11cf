import DBus
import TestSupport
import Testing

/// A Trigger's end is answered from the action's own thread: `ActionFinished`,
/// then the reply, after the loop's `ActionStarted` (docs/dbus-api.md, "Signals").
@Suite struct TriggerAnswerTests {
    /// The action signals a client reads before the answer to its call, on the same connection.
    private static func announced(_ recorder: SignalRecorder, since mark: Int) -> [String] {
        recorder.all.dropFirst(mark).map(\.member).filter { $0.hasPrefix("Action") }
    }

    @Test func actionFinishedComesAfterActionStartedAndBeforeTheReply() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)
        for round in 0..<50 {
            let mark = recorder.mark
            _ = try await daemon.trigger("test.noop")
            #expect(Self.announced(recorder, since: mark) == ["ActionStarted", "ActionFinished"], "round \(round)")
        }
    }

    @Test func aFailureIsAnnouncedBeforeItsErrorReply() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)
        let mark = recorder.mark
        await expectPetalError("InvalidParams") { try await daemon.trigger("test.invalid", [("x", .int32(1))]) }
        #expect(Self.announced(recorder, since: mark) == ["ActionStarted", "ActionFinished"])
        let finished = try #require(recorder.signals("ActionFinished", since: mark).first)
        #expect(
            finished.arguments.dropFirst().prefix(3) == [
                .string("test.invalid"), .boolean(false), .string(petalErrorPrefix + "InvalidParams"),
            ])
    }

    /// The loop retires an answered run when it next wakes: a call after
    /// many sequential ones is not refused as Busy by runs already answered.
    @Test func answeredRunsDoNotCountAgainstMaxConcurrent() async throws {
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_MAX_CONCURRENT": "1"])
        defer { daemon.stop() }
        for _ in 0..<50 { _ = try await daemon.trigger("test.noop") }
    }
}
