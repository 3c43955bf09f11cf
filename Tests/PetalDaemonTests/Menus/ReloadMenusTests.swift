import DBus
import Foundation
import PetalAPI
import TestSupport
import Testing

/// `Reload` with several menus: menus come, change and go; an open one that
/// goes is closed first; ad-hoc menus stay; a bad file changes nothing.
@Suite(.timeLimit(.minutes(2))) struct ReloadMenusTests {
    /// The fixture's menus with `power` gone, `apps` retitled and `music` new.
    static let changed = MenusFixture.configuration
        .replacingOccurrences(of: #""title": "Apps", "items""#, with: #""title": "Programs", "items""#)
        .replacingOccurrences(
            of: #""power": { "title": "Power", "items": ["#,
            with: #""music": { "title": "Music", "items": ["#)

    @Test func menusComeChangeAndGoAndAnOpenOneIsClosedFirst() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let signals = try await SignalRecorder(fixture.daemon, rule: MatchRule(sender: PetalBus.name.rawValue))
        let adHoc = try await fixture.client.createMenu(#"{"name":"mine","items":[{"id":"x","title":"X"}]}"#)
        try await fixture.open("power")
        let waiting = try fixture.daemon.startChoose(at: PetalBus.menuPath("power"))

        try fixture.rewrite(Self.changed)
        try await fixture.client.reload()
        await expectPetalError("Cancelled") { try await waiting.value }
        let powerPath = PetalBus.menuPath("power").rawValue
        let powerStates = signals.all.filter { $0.path == powerPath }.compactMap(\.stateChange.first)
        #expect(powerStates.last == "collapsing", "power closed before it went: \(powerStates)")
        try await signals.wait(for: "InterfacesRemoved") {
            $0.arguments.first == .objectPath(PetalBus.menuPath("power"))
        }
        try await signals.wait(for: "InterfacesAdded") { $0.arguments.first == .objectPath(PetalBus.menuPath("music")) }

        // Configured menus in the new order, ad-hoc ones after them.
        #expect(try await fixture.menuNames() == ["main", "main/more", "apps", "tools", "music", "mine"])
        #expect(try await fixture.menu("apps").snapshot().title == "Programs")
        #expect(try await fixture.menu("mine").snapshot().owner == fixture.daemon.client.uniqueName)
        #expect(adHoc == PetalBus.menuPath("mine"))
        #expect(try await fixture.client.activeMenu() == .root)
    }

    @Test func aBadFileKeepsEveryMenuAsItWas() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        try await fixture.open("apps")
        let cycle = MenusFixture.configuration.replacingOccurrences(
            of: #""hammer", "title": "Hammer", "icon": "", "action": "test.echo""#,
            with: #""hammer", "title": "Hammer", "icon": "", "submenu": "apps""#)
        try fixture.rewrite(cycle)
        await expectPetalError("InvalidConfig", containing: "apps → tools → apps") { try await fixture.client.reload() }
        #expect(try await fixture.menuNames() == ["main", "main/more", "apps", "tools", "power"])
        #expect(try await fixture.state(of: "apps") == "expanded")
    }
}
