import DBus
import Foundation
import TestSupport
import Testing

/// `Activate` (docs/dbus-api.md#the-state-machine and docs/dbus-api.md): when it is refused, what it returns, how it
/// closes the menu, flips toggles, and announces the action it runs.
@Suite struct ActivateTests {
    @Test func refusedUnlessExpanded() async throws {
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_OPEN": "60"])
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)

        await expectPetalError("NotExpanded") { try await daemon.activate("echo") }
        #expect(try await daemon.menu("Open") == [.string("expanding")])
        await expectPetalError("NotExpanded") { try await daemon.activate("echo") }
        #expect(recorder.signals("ActionStarted").isEmpty, "a refused activation must not run the action")
        #expect(try await daemon.state() == "expanding")
    }

    @Test func unknownItem() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        try await daemon.openMenu()

        let error = await expectPetalError("UnknownItem") { try await daemon.activate("nope") }
        #expect(error?.message.contains("nope") == true, "the message should name the unknown id")
        #expect(try await daemon.state() == "expanded")
    }

    /// An item disabled in the configuration, and one whose action no plugin
    /// provides, are listed with enabled = false and refuse activation.
    @Test(arguments: ["off", "missing"])
    func disabledItem(_ id: String) async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        try await daemon.openMenu()

        let row = try #require(try await daemon.item(id))
        #expect(!row.enabled)
        await expectPetalError("ItemDisabled") { try await daemon.activate(id) }
        #expect(try await daemon.state() == "expanded", "a refused activation leaves the menu open")
        #expect(
            try await daemon.items().filter(\.enabled).map(\.id) == ["echo", "like", "stay", "slow", "hang", "fail"])
    }

    @Test func returnsTheActionsResultAndClosesTheMenu() async throws {
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_CLOSE": "60"])
        defer { daemon.stop() }
        try await daemon.openMenu()
        let recorder = try await SignalRecorder(daemon)

        let result = try await daemon.activate("echo")
        #expect(result.signature == "a{sv}")
        #expect(result.entries == ["greeting": .string("hello")])
        #expect(recorder.stateChanges() == [["collapsing", "expanded"]])
        #expect(try await daemon.state() == "collapsing")
    }

    @Test func keepOpenItemLeavesTheMenuExpanded() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        try await daemon.openMenu()
        let recorder = try await SignalRecorder(daemon)

        _ = try await daemon.activate("stay")
        _ = try await daemon.activate("stay")
        #expect(recorder.stateChanges() == [])
        #expect(try await daemon.state() == "expanded")
        #expect(recorder.signals("ActionFinished").count == 2)
    }

    /// "like" flips `selected` on each activation, passes the new value to its
    /// action, shows it in Items, and announces Items as changed.
    @Test func toggleItemFlipsSelectedOnEachActivation() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)
        #expect(try await daemon.item("like")?.selected == false)

        for expected in [true, false, true] {
            try await daemon.openMenu()
            let mark = recorder.mark
            let result = try await daemon.activate("like")
            #expect(result.entries["selected"] == .boolean(expected))

            let row = try #require(try await daemon.item("like"))
            #expect(row.selected == expected)
            #expect(row.icon == (expected ? "emblem-favorite-symbolic" : "emblem-favorite"))
            let announced = try #require(
                recorder.signals("PropertiesChanged", since: mark)
                    .compactMap { $0.changedProperties["Items"] }.first, "no PropertiesChanged for Items")
            #expect(announced.arrayElements?.compactMap(ItemRow.init).first { $0.id == "like" }?.selected == expected)
            try await daemon.waitForState("collapsed", within: .patience)
        }
        #expect(try await daemon.item("echo")?.selected == false, "only the toggle item changes")
    }

    /// Busy is decided before anything changes: with every slot taken, activating
    /// a toggle neither flips nor saves it, answers no waiting Choose and leaves
    /// the menu open.
    @Test func aBusyActivationChangesNothing() async throws {
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_MAX_CONCURRENT": "1", "PETAL_TEST_TIMEOUT": "3"])
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)
        let hanging = Task { try await daemon.trigger("test.hang", timeout: .patience) }
        try await recorder.wait(for: "ActionStarted")
        try await daemon.openMenu()
        let choice = try daemon.startChoose()

        await expectPetalError("Busy") { try await daemon.activate("like") }
        #expect(try await daemon.item("like")?.selected == false, "a refused activation flipped the toggle")
        #expect(try await daemon.state() == "expanded", "a refused activation closed the menu")

        await expectPetalError("Timeout") { try await hanging.value }
        _ = try await daemon.activate("echo")
        #expect(try await choice.value == "echo", "the waiting Choose was answered by the refused activation")
        let saved = try? String(
            contentsOfFile: daemon.bus.directory.appendingPathComponent("state/petal/state.json").path,
            encoding: .utf8)
        #expect(saved?.contains("true") != true, "the refused toggle was saved: \(saved ?? "")")
    }

    @Test func announcesTheActionItRuns() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        try await daemon.openMenu()
        let recorder = try await SignalRecorder(daemon)

        _ = try await daemon.activate("stay")
        let started = try await recorder.wait(for: "ActionStarted")
        let finished = try await recorder.wait(for: "ActionFinished")
        guard case .uint32(let invocation) = started.arguments.first else {
            Issue.record("ActionStarted should begin with the invocation id (u): \(started)")
            return
        }
        #expect(started.arguments == [.uint32(invocation), .string("test.echo"), .string("stay")])
        #expect(
            finished.arguments == [.uint32(invocation), .string("test.echo"), .boolean(true), .string(""), .string("")])
        let order = recorder.all.map(\.member).filter { $0.hasPrefix("Action") }
        #expect(order == ["ActionStarted", "ActionFinished"])

        _ = try await daemon.activate("stay")
        let second = try await recorder.wait(for: "ActionStarted") { $0.arguments.first != .uint32(invocation) }
        #expect(
            second.arguments.dropFirst() == [.string("test.echo"), .string("stay")], "each invocation has its own id")
    }

    @Test func failingActionAnswersActionFailed() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        try await daemon.openMenu()
        let recorder = try await SignalRecorder(daemon)

        let error = await expectPetalError("ActionFailed") { try await daemon.activate("fail") }
        let finished = try await recorder.wait(for: "ActionFinished")
        #expect(
            finished.arguments.dropFirst().prefix(3) == [
                .string("test.fail"), .boolean(false), .string(petalErrorPrefix + "ActionFailed"),
            ])
        #expect(finished.arguments.last?.stringValue == error?.message)
        #expect(try await recorder.wait(for: "ActionStarted").arguments.first == finished.arguments.first)
    }
}
