import DBus
import Foundation
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// Several configured menus over D-Bus (docs/dbus-api.md, "Several menus"):
/// their objects, submenus opening from items, one open chain, `Back`,
/// `ShowMenu` and `Choose` along a chain, as a client sees them.
@Suite(.timeLimit(.minutes(2))) struct NamedMenusTests {
    typealias Menu = PetalBus.Menu
    static let root = PetalBus.path.rawValue

    @Test func everyMenuIsServedInConfigurationOrder() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let rows = try await fixture.client.menus()
        // A menu written in place comes right after the menu it is written in.
        let names = ["main", "main/more", "apps", "tools", "power"]
        #expect(rows.map(\.name) == names)
        #expect(rows.map(\.path) == names.map(PetalBus.menuPath))
        #expect(rows.map(\.title) == ["main", "main/more", "Apps", "tools", "Power"])
        #expect(rows[0].path == PetalBus.path, "main stays at the root, as in v2")

        // The ObjectManager lists the objects below the root, where main is.
        let objects = try await fixture.managedObjects()
        let main = try await fixture.client.snapshot()
        #expect(main.name == "main" && main.owner == "" && main.parent == .root && main.submenu == .root)
        for name in names.dropFirst() {
            let menu = objects[PetalBus.menuPath(name).rawValue]?[Menu.interface.rawValue]
            #expect(menu?["Name"] == .string(name))
            #expect(menu?["Owner"] == .string(""), "configured menus have no owner")
            #expect(menu?["Parent"] == .objectPath("/") && menu?["Submenu"] == .objectPath("/"))
        }
        // Items live under their menu's object; the same id may be in two menus.
        let apps = objects[PetalBus.itemPath("apps").rawValue]?[PetalBus.Item.interface.rawValue]
        #expect(apps?["Kind"] == .string("submenu"))
        #expect(apps?["Submenu"] == .objectPath(PetalBus.menuPath("apps")))
        #expect(apps?["Action"] == .string(""), "a submenu item has no action")
        let web = objects[PetalBus.itemPath("web", inMenuAt: PetalBus.menuPath("apps")).rawValue]?[
            PetalBus.Item.interface.rawValue]
        #expect(web?["Kind"] == .string("action") && web?["Submenu"] == .objectPath("/"))
        let more = objects[PetalBus.itemPath("more").rawValue]?[PetalBus.Item.interface.rawValue]
        #expect(more?["Key"] == .string("m"))
        #expect(more?["Submenu"] == .objectPath(PetalBus.menuPath("main/more")))
        // The action column of Items is "" for a submenu item.
        let items = try await fixture.client.snapshot().items
        #expect(items.map(\.id) == ["echo", "apps", "more"])
        #expect(items.first { $0.id == "apps" }?.action == "")
    }

    @Test func aSubmenuItemOpensItsMenuFromThatItemAndItsParentStaysOpen() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        try await fixture.open("main")
        let signals = try await SignalRecorder(fixture.daemon, rule: MatchRule(sender: PetalBus.name.rawValue))
        let appsPath = PetalBus.menuPath("apps").rawValue

        let reply = try await fixture.activate("apps")
        #expect(
            reply == ["submenu": .objectPath(PetalBus.menuPath("apps"))],
            "the activation answers at once with the submenu")
        try await fixture.wait(until: "apps", is: "expanded")
        #expect(try await fixture.state(of: "main") == "expanded")

        let apps = try await fixture.menu("apps").snapshot()
        #expect(apps.parent == PetalBus.path)
        #expect(apps.placement.parent == PetalBus.path && apps.placement.item == "apps")
        #expect(try await fixture.client.snapshot().submenu == PetalBus.menuPath("apps"))
        #expect(try await fixture.client.activeMenu() == PetalBus.menuPath("apps"))

        // Placement, Parent and the parent's Submenu are announced before the submenu starts to open.
        let all = signals.all
        let opening = try #require(
            all.firstIndex { $0.path == appsPath && $0.stateChange == ["expanding", "collapsed"] })
        func announced(_ property: String, at path: String) -> Int? {
            all.firstIndex { $0.path == path && $0.changedProperties[property] != nil }
        }
        for (property, path) in [("Placement", appsPath), ("Parent", appsPath), ("Submenu", Self.root)] {
            let index = try #require(announced(property, at: path), "\(property) of \(path) was not announced")
            #expect(index < opening, "\(property) of \(path) came after the submenu started to open")
        }
        #expect(!all.contains { $0.path == Self.root && $0.member == "StateChanged" }, "main did not move")
    }

    @Test func chooseAnswersAnItemOfASubmenuWithTheIdsOnTheWayAndTheChainCloses() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let signals = try await SignalRecorder(fixture.daemon)
        let chosen = try fixture.daemon.startChoose()
        try await fixture.wait(until: "main", is: "expanded")
        try await fixture.openSubmenu("apps", from: "apps")
        try await fixture.openSubmenu("tools", from: "tools", of: "apps")

        _ = try await fixture.activate("hammer", in: "tools")
        #expect(try await chosen.value == "apps/tools/hammer")
        // Announced on the root, the top of the chain, named as Choose names it.
        let started = try await signals.wait(for: "ActionStarted")
        #expect(started.arguments.dropFirst().first == .string("test.echo"))
        #expect(started.arguments.last == .string("apps/tools/hammer"))
        for name in ["tools", "apps", "main"] { try await fixture.wait(until: name, is: "collapsed") }
        #expect(try await fixture.client.activeMenu() == .root)
    }

    @Test func backClosesTheInnermostSubmenuThenTheMenuItself() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        try await fixture.open("main")
        try await fixture.openSubmenu("apps", from: "apps")
        try await fixture.openSubmenu("tools", from: "tools", of: "apps")

        #expect(try await fixture.client.back() == .expanded, "Back on main closes tools, not main")
        try await fixture.wait(until: "tools", is: "collapsed")
        #expect(try await fixture.state(of: "apps") == "expanded")
        #expect(try await fixture.menu("apps").snapshot().submenu == .root)
        #expect(try await fixture.client.activeMenu() == PetalBus.menuPath("apps"))

        #expect(try await fixture.menu("apps").back() == .collapsing, "with no submenu, Back closes the menu")
        try await fixture.wait(until: "apps", is: "collapsed")
        #expect(try await fixture.state(of: "main") == "expanded")
        #expect(try await fixture.client.back() == .collapsing)
    }

    @Test func openingAnotherMenuClosesTheOpenChainInnermostFirst() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let waiting = try fixture.daemon.startChoose()
        try await fixture.wait(until: "main", is: "expanded")
        try await fixture.openSubmenu("apps", from: "apps")
        let signals = try await SignalRecorder(fixture.daemon, rule: MatchRule(sender: PetalBus.name.rawValue))

        #expect(try await fixture.client.showMenu("power") == PetalBus.menuPath("power"))
        await expectPetalError("Cancelled") { try await waiting.value }
        let changes = signals.all.filter { $0.member == "StateChanged" }.map { [$0.path] + $0.stateChange }
        let powerPath = PetalBus.menuPath("power").rawValue
        #expect(
            Array(changes.prefix(3)) == [
                [PetalBus.menuPath("apps").rawValue, "collapsing", "expanded"],
                [Self.root, "collapsing", "expanded"],
                [powerPath, "expanding", "collapsed"],
            ])
        #expect(try await fixture.client.activeMenu() == PetalBus.menuPath("power"))
        try await fixture.wait(until: "main", is: "collapsed")
        try await fixture.wait(until: "power", is: "expanded")
        // Opening a menu that is open changes nothing.
        #expect(try await fixture.client.showMenu("power") == PetalBus.menuPath("power"))
        #expect(try await fixture.state(of: "power") == "expanded")
    }

    @Test func anotherItemOfTheParentClosesTheSubmenuFirst() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        try await fixture.open("main")
        try await fixture.openSubmenu("apps", from: "apps")
        try await fixture.openSubmenu("main/more", from: "more")
        #expect(try await fixture.state(of: "apps") != "expanded", "apps closed before main/more opened")
        #expect(try await fixture.client.snapshot().submenu == PetalBus.menuPath("main/more"))
        try await fixture.wait(until: "apps", is: "collapsed")
    }

    @Test func showPlacesTheMenuAndOpenResetsIt() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let power = fixture.menu("power")
        let options = ShowOptions(anchor: .topLeft, at: MenuPoint(x: 120, y: -4), output: "HDMI-A-1", turbo: true)
        #expect(try await power.show(options) == .expanding)
        let placed = try await power.snapshot().placement
        #expect(placed.anchor == .topLeft && placed.at == MenuPoint(x: 120, y: -4) && placed.output == "HDMI-A-1")
        #expect(placed.turbo, "the overlay learns that a held modifier chooses")
        try await fixture.wait(until: "power", is: "expanded")
        // With toggle, Show of an open menu closes it.
        #expect(try await power.show(ShowOptions(toggle: true)) == .collapsing)
        try await fixture.wait(until: "power", is: "collapsed")
        #expect(try await power.change(Menu.open) == .expanding)
        let reset = try await power.snapshot().placement
        #expect(reset.at == nil && reset.output == nil && reset.anchor == AppearanceSettings().anchor && !reset.turbo)
    }

    @Test func unknownMenusAndBadOptionsAreRefusedAndNothingChanges() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        try await fixture.open("power")
        await expectPetalError("UnknownMenu", containing: "nothing") { try await fixture.client.showMenu("nothing") }
        let client = fixture.daemon.client
        let bad: [(String, DBusValue)] = [
            ("anchor", .string("middle")), ("at", .string("1,2")), ("output", .int32(1)), ("toggle", .string("yes")),
            ("turbo", .int32(1)),
        ]
        for (key, value) in bad {
            let error = await expectDBusError(DBusError.Name.invalidArgs) {
                try await client.call(
                    PetalBus.Menus.showMenu, on: PetalBus.name, at: PetalBus.path, "main",
                    DBusVariantDictionary([(key, value)]))
            }
            #expect(error?.message.contains(key) == true, "\(String(describing: error))")
        }
        // Activate on a menu that is not open, an unknown item in a submenu.
        await expectPetalError("NotExpanded") { try await fixture.activate("web", in: "apps") }
        await expectPetalError("UnknownItem", containing: "apps") {
            try await fixture.activate("echo", in: "apps")
        }
        // A menu object that does not exist.
        await expectDBusError(DBusError.Name.unknownObject) {
            try await fixture.daemon.call(Menu.interface, "Toggle", at: PetalBus.menuPath("nothing"))
        }
        #expect(try await fixture.state(of: "power") == "expanded")
        #expect(try await fixture.state(of: "main") == "collapsed")
        #expect(try await fixture.menuNames().count == 5)
    }

    @Test func selectionsAreKeptPerMenuInTheStateFile() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-menus-state-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: state) }
        let fixture = try await MenusFixture.start(environment: ["XDG_STATE_HOME": state.path])
        defer { fixture.stop() }
        try await fixture.open("apps")
        let reply = try await fixture.activate("like", in: "apps")
        #expect(reply["selected"] == .boolean(true))
        let saved =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: state.appendingPathComponent("petal/state.json"))) as? [String: Any]
        #expect(saved?["version"] as? Int == 2)
        #expect((saved?["selected"] as? [String: [String: Bool]]) == ["apps": ["like": true]])
    }
}
