import DBus
import Foundation
import PetalAPI
import TestSupport
import Testing

/// `Highlighted` is forgotten whenever a menu opens or closes
/// (docs/dbus-api.md, `Highlighted`), with `PropertiesChanged` before the
/// `StateChanged` of that change: Enter on a menu just opened must not run
/// what was highlighted the last time. One test per way a menu opens or closes.
@Suite(.timeLimit(.minutes(2))) struct HighlightTests {
    /// Highlights `item` of the menu `name`.
    func highlight(_ item: String, in name: String, _ fixture: MenusFixture) async throws {
        try await fixture.menu(name).setHighlighted(item)
        #expect(try await fixture.menu(name).snapshot().highlighted == item)
    }

    /// Expects that the menu `name` has forgotten its highlight: announced
    /// after `mark` as "", before the `StateChanged` to `state` that goes with it.
    func expectForgotten(
        in name: String, becoming state: String, _ signals: SignalRecorder, since mark: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let path = PetalBus.menuPath(name).rawValue
        let cleared = try await signals.wait(for: "PropertiesChanged", since: mark) {
            $0.path == path && $0.changedProperties["Highlighted"] != nil
        }
        #expect(cleared.changedProperties["Highlighted"] == .string(""), sourceLocation: sourceLocation)
        try await signals.wait(for: "StateChanged", since: mark) { $0.path == path && $0.stateChange.first == state }
        let order = signals.all.dropFirst(mark).filter { $0.path == path }
        let clearedAt = order.firstIndex { $0.changedProperties["Highlighted"] == .string("") }
        let changedAt = order.firstIndex { $0.stateChange.first == state }
        #expect(clearedAt != nil && changedAt != nil && clearedAt! < changedAt!, sourceLocation: sourceLocation)
    }

    func recorder(_ fixture: MenusFixture) async throws -> SignalRecorder {
        try await SignalRecorder(fixture.daemon, rule: MatchRule(sender: PetalBus.name.rawValue))
    }

    @Test func toggleForgetsTheHighlightClosingAndOpening() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        try await fixture.open("main")
        try await highlight("echo", in: "main", fixture)
        let signals = try await recorder(fixture)
        _ = try await fixture.client.change(PetalBus.Menu.toggle)
        try await expectForgotten(in: "main", becoming: "collapsing", signals, since: 0)
        try await fixture.wait(until: "main", is: "collapsed")

        // Highlighted while closed (a client may), and opened again: forgotten again.
        try await highlight("echo", in: "main", fixture)
        let mark = signals.mark
        _ = try await fixture.client.change(PetalBus.Menu.toggle)
        try await expectForgotten(in: "main", becoming: "expanding", signals, since: mark)
        try await fixture.wait(until: "main", is: "expanded")
        #expect(try await fixture.client.snapshot().highlighted == "")
    }

    @Test func openAndCloseForgetTheHighlight() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        try await highlight("lock", in: "power", fixture)
        let signals = try await recorder(fixture)
        _ = try await fixture.menu("power").change(PetalBus.Menu.open)
        try await expectForgotten(in: "power", becoming: "expanding", signals, since: 0)
        try await fixture.wait(until: "power", is: "expanded")

        try await highlight("lock", in: "power", fixture)
        let mark = signals.mark
        _ = try await fixture.menu("power").change(PetalBus.Menu.close)
        try await expectForgotten(in: "power", becoming: "collapsing", signals, since: mark)
    }

    @Test func showAndShowMenuForgetTheHighlight() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        try await highlight("lock", in: "power", fixture)
        let signals = try await recorder(fixture)
        _ = try await fixture.menu("power").show(ShowOptions(anchor: .center))
        try await expectForgotten(in: "power", becoming: "expanding", signals, since: 0)
        try await fixture.wait(until: "power", is: "expanded")
        _ = try await fixture.menu("power").change(PetalBus.Menu.close)
        try await fixture.wait(until: "power", is: "collapsed")

        try await highlight("lock", in: "power", fixture)
        let mark = signals.mark
        _ = try await fixture.client.showMenu("power")
        try await expectForgotten(in: "power", becoming: "expanding", signals, since: mark)
    }

    @Test func anActivationThatClosesTheMenuForgetsTheHighlight() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        try await fixture.open("main")
        try await highlight("echo", in: "main", fixture)
        let signals = try await recorder(fixture)
        _ = try await fixture.activate("echo")
        try await expectForgotten(in: "main", becoming: "collapsing", signals, since: 0)
    }

    @Test func backForgetsTheSubmenusHighlightAndKeepsTheParents() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        try await fixture.open("main")
        try await fixture.openSubmenu("apps", from: "apps")
        try await highlight("web", in: "apps", fixture)
        // The parent's highlight is what a pointer over its faded items shows: it stays.
        try await highlight("echo", in: "main", fixture)
        let signals = try await recorder(fixture)
        _ = try await fixture.menu("apps").back()
        try await expectForgotten(in: "apps", becoming: "collapsing", signals, since: 0)
        #expect(try await fixture.client.snapshot().highlighted == "echo")
    }

    @Test func aChainClosedByAnotherMenuOpeningForgetsItsHighlights() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        try await fixture.open("main")
        try await fixture.openSubmenu("apps", from: "apps")
        try await highlight("web", in: "apps", fixture)
        try await highlight("apps", in: "main", fixture)
        let signals = try await recorder(fixture)
        _ = try await fixture.client.showMenu("power")
        try await expectForgotten(in: "apps", becoming: "collapsing", signals, since: 0)
        try await expectForgotten(in: "main", becoming: "collapsing", signals, since: 0)
    }

    @Test func aChooseFromMenuForgetsItsHighlightAsItClosesAndGoes() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        try await fixture.open("main")
        try await highlight("echo", in: "main", fixture)
        let signals = try await recorder(fixture)
        let json = #"{"name": "pick", "items": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}]}"#
        let client = fixture.client
        let answer = Task { try await client.chooseFrom(json, timeout: nil, dispatch: false) }
        // Opening it closes main's chain: main forgets its highlight.
        try await expectForgotten(in: "main", becoming: "collapsing", signals, since: 0)
        try await fixture.wait(until: "pick", is: "expanded")
        try await highlight("b", in: "pick", fixture)
        let mark = signals.mark
        _ = try await fixture.activate("b", in: "pick")
        #expect(try await answer.value == "b")
        try await expectForgotten(in: "pick", becoming: "collapsing", signals, since: mark)
    }

    @Test func aReloadThatRemovesAnOpenMenuForgetsItsHighlightAsItCloses() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        try await fixture.open("power")
        try await highlight("lock", in: "power", fixture)
        let signals = try await recorder(fixture)
        let withoutPower = MenusFixture.configuration.replacingOccurrences(
            of: #""power": { "title": "Power", "items": ["#, with: #""gone": { "title": "Gone", "items": ["#)
        try fixture.rewrite(withoutPower)
        try await fixture.client.reload()
        try await expectForgotten(in: "power", becoming: "collapsing", signals, since: 0)
    }

    @Test func anUnknownIdIsRefusedNamingTheMenusIdsAndChangesNothing() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        try await highlight("echo", in: "main", fixture)
        let error = await #expect(throws: DBusError.self) { try await fixture.client.setHighlighted("ehco") }
        #expect(error?.name == DBusError.Name.invalidArgs)
        #expect(error?.message.contains("did you mean \"echo\"?") == true)
        #expect(error?.message.contains("echo, apps, more") == true)
        #expect(try await fixture.client.snapshot().highlighted == "echo")
    }
}
