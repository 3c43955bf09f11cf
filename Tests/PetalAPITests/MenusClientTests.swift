import DBus
import Foundation
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// The client of named menus: snapshots of any menu, read leniently, a
/// menu's items apart from other menus', and (against the real petald on a
/// private bus) the Menus interface's calls.
@Suite struct MenusClientTests {
    @Test func aSnapshotReadsTheMenusOwnProperties() throws {
        var properties = MenuAppearanceTests.version1
        properties["Name"] = .string("power")
        properties["Title"] = .string("Power")
        properties["Placement"] = .vardict([
            ("anchor", .variant(.string("center"))), ("at", .variant(MenuPoint(x: 10, y: 20).dbusValue)),
            ("output", .variant(.string("DP-1"))),
        ])
        properties["Parent"] = .objectPath(PetalBus.path)
        properties["Submenu"] = .objectPath(.root)
        properties["Owner"] = .string(":1.9")
        let snapshot = try MenuSnapshot(DBusPropertyValues(properties, from: "petald"))
        #expect(snapshot.name == "power" && snapshot.title == "Power" && snapshot.owner == ":1.9")
        #expect(snapshot.placement == MenuPlacement(anchor: .center, at: MenuPoint(x: 10, y: 20), output: "DP-1"))
        #expect(snapshot.parent == PetalBus.path && snapshot.submenu == .root)
    }

    @Test func aSnapshotOfAnOlderPetaldIsMainAtItsAnchor() throws {
        var properties = MenuAppearanceTests.version1
        properties["Appearance"] = .vardict([("anchor", .variant(.string("top-left")))])
        let snapshot = try MenuSnapshot(DBusPropertyValues(properties, from: "petald"))
        #expect(snapshot.name == "main" && snapshot.title == "" && snapshot.owner == "")
        #expect(snapshot.placement == MenuPlacement(anchor: .topLeft), "where v2 clients draw it")
        #expect(snapshot.parent == .root && snapshot.submenu == .root)

        properties["Name"] = .uint32(3)
        properties["Parent"] = .string("not a path")
        let mistyped = try MenuSnapshot(DBusPropertyValues(properties, from: "petald"))
        #expect(mistyped.name == "main" && mistyped.parent == .root, "a mistyped one keeps its default")
    }

    @Test func aMenusItemsAreThoseUnderItsObject() throws {
        func item(_ id: String, _ title: String) -> ObjectManagerInterface.InterfacesAndProperties {
            ObjectManagerInterface.InterfacesAndProperties([
                (
                    PetalBus.Item.interface.rawValue,
                    DBusVariantDictionary([("Id", .string(id)), ("Title", .string(title))])
                )
            ])
        }
        let apps = PetalBus.menuPath("apps")
        let objects = ObjectManagerInterface.ManagedObjects([
            (PetalBus.itemPath("web"), item("web", "Main's web")),
            (PetalBus.itemPath("web", inMenuAt: apps), item("web", "Apps' web")),
            (PetalBus.itemPath("mail", inMenuAt: apps), item("mail", "Mail")),
            (apps, ObjectManagerInterface.InterfacesAndProperties([])),
        ])
        #expect(
            ItemDetails.byID(objects, of: MenuSnapshot(), inMenuAt: PetalBus.path).mapValues(\.title) == [
                "web": "Main's web"
            ])
        #expect(
            ItemDetails.byID(objects, of: MenuSnapshot(), inMenuAt: apps).mapValues(\.title) == [
                "web": "Apps' web", "mail": "Mail",
            ])
    }

    @Test func aClientOfAMenuCallsItsObject() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let client = PetalClient(connection: daemon.client)
        #expect(client.menuPath == PetalBus.path)
        #expect(client.menu(named: "power").menuPath == PetalBus.menuPath("power"))
        #expect(client.menu(named: "main").menuPath == PetalBus.path)
        #expect(client.menu(at: PetalBus.menuPath("x")).menu(named: "main").menuPath == PetalBus.path)
        #expect(PetalClient.choiceCallTimeout(10) == .seconds(15))
        #expect(PetalClient.choiceCallTimeout(nil) == PetalClient.endlessCallTimeout)
        // A menu the test daemon does not serve has no object.
        await #expect(throws: DBusError.self) { try await client.menu(named: "power").snapshot() }
        // main's item details still come from the root's ObjectManager.
        #expect(try await client.itemDetails(order: ["echo"]).first?.title == "Echo")
    }

    // MARK: - Against petald with named menus

    static let configuration = #"""
        {
          "menu": { "openDuration": 0.05, "closeDuration": 0.05 },
          "menus": {
            "power": { "title": "Power", "items": [ { "id": "lock", "title": "Lock", "icon": "system-lock-screen",
                                                       "action": "command.run", "params": { "argv": ["true"] } } ] }
          }
        }
        """#

    static func petald() async throws -> RunningDaemon {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-api-menus-\(UUID().uuidString.prefix(8)).json")
        try Data(configuration.utf8).write(to: config)
        return try await RunningDaemon(executable: "petald", arguments: ["--config", config.path])
    }

    @Test func menusShowBackAndActiveMenu() async throws {
        let daemon = try await Self.petald()
        defer { daemon.stop() }
        let client = PetalClient(connection: daemon.client)
        let rows = try await client.menus()
        #expect(rows.map(\.name) == ["main", "power"])
        #expect(rows.last == MenuRow(name: "power", path: PetalBus.menuPath("power"), title: "Power"))
        #expect(try await client.activeMenu() == .root)

        let path = try await client.showMenu("power", ShowOptions(anchor: .center))
        #expect(path == PetalBus.menuPath("power"))
        #expect(try await client.activeMenu() == path)
        let power = try await client.menu(at: path).snapshot()
        #expect(power.name == "power" && power.title == "Power" && power.placement.anchor == .center)
        #expect(try await client.menu(at: path).itemDetails(order: ["lock"]).map(\.title) == ["Lock"])
        // Back, as Close, is ignored while the menu opens; once it is open, Back closes it.
        let opened = ContinuousClock.now + .seconds(10)
        while try await client.menu(at: path).snapshot().state != .expanded, ContinuousClock.now < opened {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try await client.menu(at: path).back() == .collapsing)
        #expect(try await client.menu(at: path).snapshot().state.rawValue.hasPrefix("collaps"))

        let unknown = await #expect(throws: DBusError.self) { try await client.showMenu("nothing") }
        #expect(unknown?.name == PetalBus.ErrorName.unknownMenu.errorName)
    }

    /// Every menu and its items, read at once, each item with the menu it opens.
    @Test func everyMenuIsReadWithItsItems() async throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-api-served-\(UUID().uuidString.prefix(8)).json")
        try Data(
            #"""
            {"items": [{"id": "go", "title": "Go", "submenu": "power", "key": "g"},
                       {"id": "more", "title": "More", "submenu": {"title": "More",
                        "items": [{"id": "x", "title": "X", "action": "command.run", "params": {"argv": ["true"]}}]}},
                       {"id": "run", "title": "Run", "action": "command.run", "params": {"argv": ["true"]}}],
             "menus": {"power": {"title": "Power", "layout": "linear", "appearance": {"buttonSize": 40},
                                 "items": [{"id": "lock", "title": "Lock", "action": "command.run",
                                            "params": {"argv": ["true"]}}]}}}
            """#.utf8
        ).write(to: config)
        let daemon = try await RunningDaemon(executable: "petald", arguments: ["--config", config.path])
        defer { daemon.stop() }
        let client = PetalClient(connection: daemon.client)
        let made = try await client.createMenu(#"{"name":"picks","items":[{"id":"a","title":"A","icon":""}]}"#)
        let menus = try await client.everyMenu()
        #expect(menus.map(\.snapshot.name) == ["main", "main/more", "power", "picks"])
        #expect(menus.map(\.path) == [PetalBus.path, PetalBus.menuPath("main/more"), PetalBus.menuPath("power"), made])
        let main = try #require(menus.first)
        #expect(main.items.map(\.id) == ["go", "more", "run"])
        #expect(main.items.map(\.kind) == [.submenu, .submenu, .action])
        #expect(main.items.map(\.submenu) == [PetalBus.menuPath("power"), PetalBus.menuPath("main/more"), .root])
        #expect(main.items.map(\.key) == ["g", "", ""])
        #expect(menus[1].items.map(\.title) == ["X"], "an item of main/more, not main's")
        #expect(menus[2].snapshot.layoutStyle == .linear && menus[2].snapshot.appearance.settings.buttonSize == 40)
        #expect(menus[3].items.map(\.kind) == [.choice])
    }

    @Test func createRemoveAndChooseFrom() async throws {
        let daemon = try await Self.petald()
        defer { daemon.stop() }
        let client = PetalClient(connection: daemon.client)
        let made = try await client.createMenu(#"{"name":"picks","items":[{"id":"a","title":"A","icon":""}]}"#)
        #expect(made == PetalBus.menuPath("picks"))
        #expect(try await client.menu(at: made).snapshot().owner == daemon.client.uniqueName)
        try await client.removeMenu(made)
        #expect(try await client.menus().map(\.name) == ["main", "power"])

        async let chosen = client.chooseFrom(
            #"{"items":[{"id":"yes","title":"Yes","icon":""},{"id":"no","title":"No","icon":""}]}"#,
            options: ShowOptions(anchor: .center), timeout: 20)
        var active = ObjectPath.root
        for _ in 0..<500 where active == .root {
            active = try await client.activeMenu()
            try await Task.sleep(for: .milliseconds(10))
        }
        for _ in 0..<500 where try await client.menu(at: active).snapshot().state != .expanded {
            try await Task.sleep(for: .milliseconds(10))
        }
        _ = try await client.menu(at: active).activate("no")
        #expect(try await chosen == "no")
    }
}
