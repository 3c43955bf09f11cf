import DBus
import Foundation
import PetalAPI
import TestSupport
import Testing

/// `Pick`, `PickFrom` and `Submit` (docs/dbus-api.md, "Picking"): what a
/// frontend submits answers every waiting call, runs the chosen actions,
/// closes the menu; every refusal names its error and changes nothing.
@Suite(.timeLimit(.minutes(2))) struct PickTests {
    /// A list picker of three rows, two with actions, several at once, one custom key.
    static let rows = #"""
        { "layout": "list", "picker": { "prompt": "run", "multi": true, "keys": ["Alt+1"] }, "items": [
            { "id": "a", "title": "Alpha", "action": "test.echo" },
            { "id": "b", "title": "Beta" },
            { "id": "c", "title": "Gamma", "action": "test.echo", "params": { "n": 3 } },
            { "id": "off", "title": "Off", "action": "nobody.provides" }
        ] }
        """#

    /// Calls `PickFrom` from a connection of its own, and returns its answer
    /// and a client of its menu, once that is `expanded`.
    func pickFrom(
        _ fixture: MenusFixture, _ json: String = rows, dispatch: Bool = true, until state: String = "expanded"
    ) async throws -> (answer: Task<PickAnswer, any Error>, menu: PetalClient, name: String) {
        let caller = fixture.client(on: try fixture.daemon.connectClient())
        let answer = Task { try await caller.pickFrom(json, timeout: 100, dispatch: dispatch) }
        var name: String?
        _ = try await eventually {
            name = PetalBus.menuName(at: try await fixture.client.activeMenu())
            return name?.hasPrefix("adhoc-") == true
        }
        guard let name else { throw TestSetupError("PickFrom's menu never opened") }
        try await fixture.wait(until: name, is: state)
        return (answer, fixture.menu(name), name)
    }

    @Test func aSubmitAnswersWithTheIdsInMenuOrderTheFilterAndTheKey() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let signals = try await SignalRecorder(fixture.daemon, rule: MatchRule(sender: PetalBus.name.rawValue))
        let (answer, menu, name) = try await pickFrom(fixture)
        #expect(try await menu.snapshot().picker.prompt == "run")

        // The frontend, another connection, submits two rows with the first custom key.
        try await menu.submit(["c", "a"], SubmitDetails(filter: "a", key: 1))
        #expect(try await answer.value == PickAnswer(ids: ["a", "c"], filter: "a", key: 1))
        #expect(signals.signals("Chosen").map(\.arguments) == [[.string("a")], [.string("c")]])
        let started = await eventually { signals.signals("ActionStarted").count == 2 }
        #expect(started, "both chosen actions ran: \(signals.signals("ActionStarted"))")
        let gone = try await eventually { !(try await fixture.menuNames().contains(name)) }
        #expect(gone, "it closed as an activation does, and went")
    }

    @Test func aCustomEntryIsTheFilterTextAndAChooseGetsNoId() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let (answer, menu, _) = try await pickFrom(fixture)
        try await menu.submit([], SubmitDetails(filter: "delta", custom: true))
        #expect(try await answer.value == PickAnswer(ids: [], filter: "delta", custom: true))

        // ChooseFrom on the same kind of menu: a custom entry answers "".
        let caller = fixture.client(on: try fixture.daemon.connectClient())
        let choice = Task { try await caller.chooseFrom(Self.rows, timeout: 30) }
        var name = ""
        _ = try await eventually {
            name = PetalBus.menuName(at: try await fixture.client.activeMenu()) ?? ""
            return name.hasPrefix("adhoc-") && name != "adhoc-1"
        }
        try await fixture.menu(name).submit([], SubmitDetails(filter: "delta", custom: true))
        #expect(try await choice.value == "")
    }

    @Test func dispatchFalseRunsNothing() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let signals = try await SignalRecorder(fixture.daemon, rule: MatchRule(sender: PetalBus.name.rawValue))
        let (answer, menu, _) = try await pickFrom(fixture, dispatch: false)
        try await menu.submit(["a", "c"])
        #expect(try await answer.value.ids == ["a", "c"])
        _ = try await fixture.client.snapshot()
        #expect(signals.signals("ActionStarted").isEmpty)
    }

    /// A `Submit` while the menu opens counts, and closes it as it would an
    /// open one, though `Close` is ignored then: a frontend's list went away
    /// only when the menu closed, so an Enter typed quickly left it on screen.
    @Test(arguments: [false, true]) func aSubmitWhileTheMenuOpensCountsAndClosesIt(custom: Bool) async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let slow = Self.rows.replacingOccurrences(
            of: #""layout": "list","#, with: #""layout": "list", "openDuration": 30,"#)
        let (answer, menu, name) = try await pickFrom(fixture, slow, until: "expanding")
        if custom {
            try await menu.submit([], SubmitDetails(filter: "omega", custom: true))
            #expect(try await answer.value == PickAnswer(ids: [], filter: "omega", custom: true))
        } else {
            try await menu.submit(["b"], SubmitDetails(filter: "be"))
            #expect(try await answer.value == PickAnswer(ids: ["b"], filter: "be"))
        }
        let gone = try await eventually { !(try await fixture.menuNames().contains(name)) }
        #expect(gone, "the menu it chose from stayed open")
    }

    /// Each refusal has its error name, changes nothing, and the waiting
    /// `Pick` is answered by the good `Submit` that follows.
    @Test func everyRefusalNamesItsErrorAndTheMenuWaitsOn() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let invalidArgs = DBusError.Name.invalidArgs
        // A configured menu takes no custom entry unless its picker says so; a closed one takes nothing.
        await expectPetalError("NotExpanded") { try await fixture.menu("power").submit(["lock"]) }
        try await fixture.open("power")
        await expectDBusError(invalidArgs) {
            try await fixture.menu("power").submit([], SubmitDetails(filter: "x", custom: true))
        }
        #expect(try await fixture.state(of: "power") == "expanded")

        let single = Self.rows.replacingOccurrences(of: #""multi": true, "#, with: "")
        let (answer, menu, name) = try await pickFrom(fixture, single)
        await expectPetalError("UnknownItem", containing: "\"echo\"") { try await menu.submit(["echo"]) }
        await expectDBusError(invalidArgs) { try await menu.submit(["a", "b"]) }
        await expectDBusError(invalidArgs) { try await menu.submit([]) }
        await expectDBusError(invalidArgs) { try await menu.submit(["a"], SubmitDetails(key: 2)) }
        await expectDBusError(invalidArgs) { try await menu.submit(["a"], SubmitDetails(filter: "x", custom: true)) }
        await expectPetalError("ItemDisabled", containing: "\"off\"") { try await menu.submit(["off"]) }
        let wrongType = await expectDBusError(invalidArgs) {
            try await fixture.daemon.call(
                PetalBus.Menu.interface, "Submit",
                [.array(.string, [.string("a")]), .vardict([("key", .string("1"))])],
                at: PetalBus.menuPath(name))
        }
        #expect(wrongType?.message.contains("key") == true, "\(String(describing: wrongType))")
        #expect(try await fixture.state(of: name) == "expanded", "no refusal closed the menu")

        try await menu.submit(["b"])
        #expect(try await answer.value.ids == ["b"])
    }

    @Test func pickOnAConfiguredMenuIsAnsweredByAnActivationAlongTheChain() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let caller = fixture.menu(on: try fixture.daemon.connectClient())
        let answer = Task { try await caller.pick(timeout: 30) }
        try await fixture.wait(until: "main", is: "expanded")
        try await fixture.openSubmenu("apps", from: "apps")
        _ = try await fixture.activate("web", in: "apps")
        #expect(try await answer.value == PickAnswer(ids: ["apps/web"]))
    }
}

/// A `list` menu far over the 64 items of other layouts, over a private
/// bus: made, shown and answered. 20,000 rows, not the 100,000 petald takes:
/// a debug petald reads them slowly, and each daemon test holds one of few
/// slots while it runs, so a long one makes the tests queued behind it miss
/// their time limits. The 100,000 and the 100,001 are the decoder's tests
/// (`AdHocMenuDecoderTests`); `make bench` sends 100,000 over the bus.
@Suite(.timeLimit(.minutes(5))) struct PickLargeMenuTests {
    @Test func aMenuOfTwentyThousandRowsIsTakenAndAnswered() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let rows =
            #"{"layout": "list", "items": ["# + (0..<20_000).map { #"{"id":"r\#($0)"}"# }.joined(separator: ",") + "]}"
        let (answer, menu, _) = try await PickTests().pickFrom(fixture, rows)
        try await menu.submit(["r19999"])
        #expect(try await answer.value.ids == ["r19999"])
    }
}
