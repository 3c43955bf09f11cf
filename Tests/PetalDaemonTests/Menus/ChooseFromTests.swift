import DBus
import Foundation
import PetalAPI
import TestSupport
import Testing

/// `ChooseFrom`: a menu made for one call, shown, answered like `Choose`,
/// and gone once it has closed (docs/dbus-api.md, "Ad-hoc menus").
@Suite(.timeLimit(.minutes(2))) struct ChooseFromTests {
    static let fruit = #"""
        { "title": "Fruit", "items": [
            { "id": "apple", "title": "Apple", "icon": "" },
            { "id": "pear", "title": "Pear", "icon": "", "action": "test.echo" },
            { "id": "more", "title": "More", "icon": "",
              "submenu": { "items": [ { "id": "fig", "title": "Fig", "icon": "" } ] } }
        ] }
        """#

    /// Calls `ChooseFrom` from `connection` and returns its answer as a task,
    /// once the menu it made is open.
    func chooseFrom(
        _ fixture: MenusFixture, on connection: DBusConnection, _ json: String = fruit, timeout: Double? = nil,
        dispatch: Bool = true
    ) async throws -> (answer: Task<String, any Error>, name: String) {
        let client = fixture.client(on: connection)
        let answer = Task { try await client.chooseFrom(json, timeout: timeout, dispatch: dispatch) }
        var name: String?
        _ = try await eventually {
            let path = try await fixture.client.activeMenu()
            name = PetalBus.menuName(at: path)
            return name?.hasPrefix("adhoc-") == true
        }
        guard let name else { throw TestSetupError("ChooseFrom's menu never opened") }
        try await fixture.wait(until: name, is: "expanded")
        return (answer, name)
    }

    @Test func anotherClientsActivationAnswersItAndTheMenuGoes() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let signals = try await SignalRecorder(fixture.daemon, rule: MatchRule(sender: PetalBus.name.rawValue))
        let caller = try fixture.daemon.connectClient()
        let (answer, name) = try await chooseFrom(fixture, on: caller)
        #expect(try await fixture.menu(name).snapshot().owner == caller.uniqueName)

        // The overlay, another connection, activates a choice.
        _ = try await fixture.activate("apple", in: name)
        #expect(try await answer.value == "apple")
        let path = PetalBus.menuPath(name)
        try await signals.wait(for: "InterfacesRemoved") { $0.arguments.first == .objectPath(path) }
        #expect(!(try await fixture.menuNames().contains(name)))
        // Its state went the whole way down before it went.
        let states = signals.all.filter { $0.path == path.rawValue }.compactMap(\.stateChange.first)
        #expect(states == ["expanding", "expanded", "collapsing", "collapsed"])
    }

    @Test func anItemInASubmenuIsAnsweredWithTheIdsOnTheWay() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let (answer, name) = try await chooseFrom(fixture, on: try fixture.daemon.connectClient())
        try await fixture.openSubmenu("\(name)/more", from: "more", of: name)
        _ = try await fixture.activate("fig", in: "\(name)/more")
        #expect(try await answer.value == "more/fig")
        let gone = try await eventually { try await fixture.menuNames().count == 5 }
        #expect(gone, "the menu and its submenu went")
    }

    @Test func dispatchDecidesWhetherTheChosenActionRuns() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let signals = try await SignalRecorder(fixture.daemon, rule: MatchRule(sender: PetalBus.name.rawValue))
        let caller = try fixture.daemon.connectClient()

        let quiet = try await chooseFrom(fixture, on: caller, dispatch: false)
        _ = try await fixture.activate("pear", in: quiet.name)
        #expect(try await quiet.answer.value == "pear")
        #expect(signals.signals("ActionStarted").isEmpty, "dispatch false: the action did not run")
        _ = try await eventually { try await fixture.menuNames().count == 5 }

        let loud = try await chooseFrom(fixture, on: caller)
        let result = try await fixture.activate("pear", in: loud.name)
        #expect(try await loud.answer.value == "pear")
        #expect(result["greeting"] == nil && result.isEmpty, "test.echo answered the item's (empty) params")
        // Announced on the object of the menu, the top of its chain.
        let started = try await signals.wait(for: "ActionStarted")
        #expect(started.path == PetalBus.menuPath(loud.name).rawValue)
        #expect(started.arguments.last == .string("pear"))
    }

    @Test func aTimeoutAnswersTimeoutAndClosesTheMenu() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let client = fixture.client
        await expectPetalError("Timeout", containing: "0.2") {
            try await client.chooseFrom(Self.fruit, timeout: 0.2)
        }
        let gone = try await eventually { try await fixture.menuNames().count == 5 }
        #expect(gone, "nobody waits on it, so it closed and went")
        #expect(try await fixture.client.activeMenu() == .root)
    }

    /// Its menu closed because another opened: `Cancelled`, naming that menu
    /// in words petalctl reads back (``ChooseCancellation``); closed by the
    /// user, it names none.
    @Test func aMenuOpeningInItsPlaceCancelsItNamingThatMenu() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let caller = try fixture.daemon.connectClient()
        let (answer, _) = try await chooseFrom(fixture, on: caller)
        _ = try await fixture.client.showMenu("power")
        let error = await expectPetalError("Cancelled", containing: "the menu power was opened instead") {
            try await answer.value
        }
        #expect(error.flatMap { ChooseCancellation.replacingMenu(in: $0.message) } == "power")

        let (closed, name) = try await chooseFrom(fixture, on: caller)
        _ = try await fixture.menu(name).change(PetalBus.Menu.close)
        let plain = await expectPetalError("Cancelled") { try await closed.value }
        #expect(
            plain.flatMap { ChooseCancellation.replacingMenu(in: $0.message) } == nil, "\(String(describing: plain))")
    }

    @Test func theCallerLeavingRemovesItsMenu() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let caller = try fixture.daemon.connectClient()
        let (_, name) = try await chooseFrom(fixture, on: caller)
        caller.close()
        let gone = try await eventually { try await !fixture.menuNames().contains(name) }
        #expect(gone)
        #expect(await fixture.daemon.answers())
    }

    @Test func openingAnotherMenuCancelsIt() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let (answer, name) = try await chooseFrom(fixture, on: try fixture.daemon.connectClient())
        _ = try await fixture.client.showMenu("power")
        await expectPetalError("Cancelled") { try await answer.value }
        let gone = try await eventually { try await !fixture.menuNames().contains(name) }
        #expect(gone)
    }

    @Test func badOptionsAndMenusAreRefusedAndNothingIsMade() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let client = fixture.daemon.client
        func call(_ json: String, _ options: [(String, DBusValue)]) async throws -> String {
            try await client.call(
                PetalBus.Menus.chooseFrom, on: PetalBus.name, at: PetalBus.path, json, DBusVariantDictionary(options))
        }
        for (key, value) in [
            ("timeout", DBusValue.string("soon")), ("timeout", .double(-1)), ("dispatch", .string("no")),
            ("anchor", .string("middle")),
        ] {
            let error = await expectDBusError(DBusError.Name.invalidArgs) { try await call(Self.fruit, [(key, value)]) }
            #expect(error?.message.contains(key) == true, "\(String(describing: error))")
        }
        await expectPetalError("InvalidMenu", containing: "items") { try await call(#"{"items":[]}"#, []) }
        #expect(try await fixture.menuNames().count == 5)
        #expect(try await fixture.client.activeMenu() == .root)
    }
}
