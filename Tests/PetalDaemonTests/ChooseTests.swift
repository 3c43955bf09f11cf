import DBus
import TestSupport
import Testing

/// `Choose` (docs/dbus-api.md#the-state-machine): opens the menu, answers every waiting call with the
/// next item activated by any client, runs the item's action unless asked not
/// to, and answers `Cancelled` when the menu closes or the timeout passes.
@Suite struct ChooseTests {
    @Test func choosingOpensTheMenu() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)

        let choice = try daemon.startChoose()
        try await recorder.wait(for: "StateChanged") { $0.stateChange == ["expanded", "expanding"] }
        #expect(recorder.stateChanges() == [["expanding", "collapsed"], ["expanded", "expanding"]])
        _ = try await daemon.activate("stay")
        #expect(try await choice.value == "stay")
    }

    /// At most 256 Choose calls wait; one more is Busy and opens nothing new.
    @Test func atMost256ChooseCallsWait() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let waiting = try (0..<256).map { _ in try daemon.startChoose() }
        let refused = try daemon.startChoose()
        await expectPetalError("Busy") { _ = try await refused.value }
        try await daemon.waitForState("expanded")
        _ = try await daemon.activate("stay")
        for choice in waiting { #expect(try await choice.value == "stay") }
    }

    /// A thousand Choose calls from clients that leave without an answer are
    /// forgotten: they do not fill the 256 places, and closing the menu is quick.
    @Test func callsOfClientsThatLeaveAreDropped() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        for _ in 0..<50 {
            let leaving = try DBusConnection.connect(to: .address(daemon.bus.address), loop: daemon.client.loop)
            for _ in 0..<20 { _ = try daemon.startChoose(on: leaving) }
            _ = try await daemon.call(.peerInterface, "Ping", from: leaving)  // all twenty are in
            leaving.close()
        }
        // Departures reach petald as NameOwnerChanged, after the leavers' calls: a short
        // Choose is Busy until they are counted, then is admitted and times out (Timeout).
        var outcome = "Busy"
        for _ in 0..<250 where outcome == "Busy" {
            do {
                _ = try await daemon.menu("Choose", [.vardict([("timeout", .double(0.01))])])
                outcome = "answered"
            } catch let error as DBusError {
                outcome = String(error.name.split(separator: ".").last ?? "")
                if outcome == "Busy" { try await Task.sleep(for: .milliseconds(20)) }
            }
        }
        #expect(outcome == "Timeout", "the departed clients' calls still fill every place")
        let waiting = try (0..<256).map { _ in try daemon.startChoose() }
        _ = try await daemon.activate("stay")
        for choice in waiting { #expect(try await choice.value == "stay") }
    }

    /// Two Choose calls wait; an Activate from another client answers both
    /// with its item, and the item's action still runs.
    @Test func activationFromAnotherClientAnswersEveryWaitingChoose() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let first = try daemon.startChoose()
        let second = try daemon.startChoose()
        try await daemon.waitForState("expanded", within: .patience)  // on the same connection, so both Chooses are in

        let other = try daemon.connectClient()
        defer { other.close() }
        let recorder = try await SignalRecorder(daemon, on: other)
        let result = try await daemon.call(RunningDaemon.menu, "Activate", [.string("echo")], from: other)

        #expect(try await first.value == "echo")
        #expect(try await second.value == "echo")
        #expect(result.first?.entries == ["greeting": .string("hello")])
        #expect(
            recorder.signals("ActionStarted").map { Array($0.arguments.dropFirst()) } == [
                [.string("test.echo"), .string("echo")]
            ])
    }

    /// When one waiting Choose asked for `dispatch: false`, the choice is
    /// answered but the action does not run, and Activate returns an empty a{sv}.
    @Test func dispatchFalseSkipsTheAction() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let running = try daemon.startChoose()
        let quiet = try daemon.startChoose([("dispatch", .boolean(false))])
        try await daemon.waitForState("expanded", within: .patience)

        let other = try daemon.connectClient()
        defer { other.close() }
        let recorder = try await SignalRecorder(daemon, on: other)
        let result = try await daemon.call(RunningDaemon.menu, "Activate", [.string("echo")], from: other)

        #expect(try await running.value == "echo")
        #expect(try await quiet.value == "echo")
        #expect(result == [.vardict([])])
        #expect(recorder.signals("ActionStarted").isEmpty)
        #expect(recorder.stateChanges().first == ["collapsing", "expanded"], "the activation still closes the menu")
    }

    @Test func closingTheMenuCancelsWaitingChooses() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let first = try daemon.startChoose()
        let second = try daemon.startChoose()
        try await daemon.waitForState("expanded", within: .patience)

        #expect(try await daemon.menu("Close") == [.string("collapsing")])
        await expectPetalError("Cancelled") { try await first.value }
        await expectPetalError("Cancelled") { try await second.value }
    }

    /// A timeout answers `Timeout` (v3 answered `Cancelled`), so a script tells it from Escape.
    @Test func aTimeoutAnswersTimeout() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let started = ContinuousClock.now
        let choice = try daemon.startChoose([("timeout", .double(0.3))])

        await expectPetalError("Timeout") { try await choice.value }
        let waited = ContinuousClock.now - started
        #expect(waited >= .milliseconds(300), "answered after \(waited), before the timeout")
        #expect(await daemon.answers())
    }

    /// Any number type is taken as the timeout; an integer one works too.
    @Test func integerTimeoutIsAccepted() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let choice = try daemon.startChoose([("timeout", .uint32(5))])
        try await daemon.waitForState("expanded", within: .patience)
        _ = try await daemon.activate("stay")
        #expect(try await choice.value == "stay")
    }

    @Test(arguments: [DBusValue.string("soon"), .double(-1), .boolean(true)])
    func timeoutOfAWrongTypeOrRangeIsInvalidArgs(_ timeout: DBusValue) async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        await expectDBusError(DBusError.Name.invalidArgs) {
            try await daemon.menu("Choose", [.vardict([("timeout", timeout)])])
        }
        #expect(try await daemon.state() == "collapsed", "a refused Choose does not open the menu")
    }

    /// While the menu is collapsing it cannot open, so nothing can be chosen.
    @Test func chooseWhileCollapsingIsCancelled() async throws {
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_OPEN": "0", "PETAL_TEST_CLOSE": "60"])
        defer { daemon.stop() }
        try await daemon.openMenu()
        #expect(try await daemon.menu("Close") == [.string("collapsing")])
        await expectPetalError("Cancelled") { try await daemon.menu("Choose", [.vardict([])]) }
    }
}
