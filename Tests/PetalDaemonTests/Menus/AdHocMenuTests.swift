import DBus
import Foundation
import PetalAPI
import TestSupport
import Testing

/// Menus that clients make with `CreateMenu` (docs/dbus-api.md, "Ad-hoc
/// menus"): their names, owners and limits, and that they go with their owner.
@Suite(.timeLimit(.minutes(3))) struct AdHocMenuTests {
    static let picks = #"""
        { "name": "picks", "title": "Picks", "items": [
            { "id": "a", "title": "A", "icon": "" },
            { "id": "b", "title": "B", "icon": "", "action": "test.echo", "toggle": true, "meta": "bee honey" },
            { "id": "sub", "title": "Sub", "icon": "", "submenu": { "items": [ { "id": "c", "title": "C", "icon": "" } ] } }
        ] }
        """#

    /// A menu of one choice, with no name.
    static let unnamed = #"{"items":[{"id":"x","title":"X","icon":""}]}"#

    @Test func aMenuIsServedOwnedByItsMakerAndGoesWhenItLeaves() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let signals = try await SignalRecorder(fixture.daemon)
        let maker = try fixture.daemon.connectClient()
        let path = try await fixture.client(on: maker).createMenu(Self.picks)
        #expect(path == PetalBus.menuPath("picks"))
        #expect(try await fixture.menuNames() == ["main", "main/more", "apps", "tools", "power", "picks", "picks/sub"])
        let picks = try await fixture.menu("picks").snapshot()
        #expect(picks.title == "Picks" && picks.owner == maker.uniqueName)
        let added = try await signals.wait(for: "InterfacesAdded") { $0.arguments.first == .objectPath(path) }
        #expect(added.arguments.count == 2)

        // Light: one object per menu, none per item; ItemDetails says what the rows do not.
        let objects = try await fixture.managedObjects()
        #expect(objects[PetalBus.menuPath("picks/sub").rawValue] != nil, "the submenu written in it is served")
        #expect(!objects.keys.contains { $0.hasPrefix(path.rawValue + "/") && $0.contains("/items/") })
        #expect(signals.signals("InterfacesAdded").count == 2, "the menu and its submenu, no item")
        #expect(picks.items.map(\.id) == ["a", "b", "sub"] && picks.items[0].action.isEmpty)
        let read = try await fixture.menu("picks").itemDetails(order: ["a", "b", "sub"])
        let details = Dictionary(uniqueKeysWithValues: read.map { ($0.id, $0) })
        #expect(details["a"]?.kind == .choice)
        #expect(details["b"]?.kind == .action && details["b"]?.toggle == true)
        #expect(details["b"]?.meta == "bee honey" && details["a"]?.meta == "", "meta words travel in ItemDetails")
        #expect(details["sub"]?.kind == .submenu && details["sub"]?.submenu == PetalBus.menuPath("picks/sub"))
        #expect(picks.itemDetails.entries.map(\.key).sorted() == ["b", "sub"], "only items with more than their row")

        // Someone else waits on it; its maker leaves.
        _ = try await fixture.client.showMenu("picks")
        try await fixture.wait(until: "picks", is: "expanded")
        let waiting = try fixture.daemon.startChoose(at: path)
        maker.close()
        await expectPetalError("Cancelled") { try await waiting.value }
        try await signals.wait(for: "InterfacesRemoved") { $0.arguments.first == .objectPath(path) }
        try await signals.wait(for: "InterfacesRemoved") {
            $0.arguments.first == .objectPath(PetalBus.menuPath("picks/sub"))
        }
        #expect(try await fixture.menuNames() == ["main", "main/more", "apps", "tools", "power"])
        #expect(try await fixture.client.activeMenu() == .root)
    }

    @Test func namesAreTheirOwnOrAdhocNumbersAndATakenNameIsRefused() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let client = fixture.client
        #expect(try await client.createMenu(Self.unnamed) == PetalBus.menuPath("adhoc-1"))
        #expect(try await client.createMenu(Self.unnamed) == PetalBus.menuPath("adhoc-2"))
        for taken in ["main", "power", "adhoc-1"] {
            await expectPetalError("InvalidMenu", containing: "\"\(taken)\"") {
                try await client.createMenu(#"{"name":"\#(taken)","items":[{"id":"x","title":"X","icon":""}]}"#)
            }
        }
        // A refused menu spends no number, whatever refused it.
        await expectPetalError("InvalidMenu") { try await client.createMenu(#"{"items":[]}"#) }
        let padded = #"{"items":[{"id":"x","title":"X"}]"# + String(repeating: " ", count: 64 * 1024) + "}"
        await expectPetalError("LimitExceeded") { try await client.createMenu(padded) }
        #expect(try await client.createMenu(Self.unnamed) == PetalBus.menuPath("adhoc-3"))
    }

    @Test func malformedMenusAreRefusedWithTheirJSONPath() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let client = fixture.client
        let cases: [(json: String, text: String)] = [
            ("{", "invalid JSON"),
            ("[]", "expected a menu section"),
            (#"{"items":[]}"#, "items"),
            (#"{"items":[{"title":"X","icon":""}]}"#, "items[0].id"),
            (#"{"items":[{"id":"x","title":7}]}"#, "items[0].title"),
            (#"{"items":[{"id":"x","title":"X","icon":"","action":"test.echo","submenu":"apps"}]}"#, "items[0]"),
            (#"{"name":"a b","items":[{"id":"x","title":"X","icon":""}]}"#, "name"),
            (
                #"{"items":[{"id":"x","title":"X","icon":"","submenu":{"items":[{"id":"y","color":"red"}]}}]}"#,
                "items[0].submenu.items[0].color"
            ),
            (#"{"items":[{"id":"x","title":"X","icon":"","submenu":"apps"}]}"#, "items[0].submenu"),
        ]
        for (json, text) in cases {
            await expectPetalError("InvalidMenu", containing: text) { try await client.createMenu(json) }
        }
        #expect(try await fixture.menuNames().count == 5, "nothing was made")
    }

    @Test func limitsAreCheckedBeforeAnythingIsMadeTheSizeFirst() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let client = fixture.client
        // 16 MiB + 1 of JSON is refused unread: malformed as well, it is the size that is named.
        let huge = "{" + String(repeating: " ", count: 16 << 20)
        await expectPetalError("LimitExceeded", containing: "16777217 bytes") { try await client.createMenu(huge) }
        await expectPetalError("LimitExceeded", containing: "16777217 bytes") {
            try await client.pickFrom(huge, timeout: 1)
        }
        // Over 64 KiB, only a list menu is taken.
        let padded = #"{"items":[{"id":"x","title":"X"}]"# + String(repeating: " ", count: 64 * 1024) + "}"
        await expectPetalError("LimitExceeded", containing: "a radial menu holds at most 65536 bytes") {
            try await client.createMenu(padded)
        }
        let list = try await client.createMenu(
            padded.replacingOccurrences(of: #"{"items""#, with: #"{"layout":"list","items""#))
        try await client.removeMenu(list)
        let items = (0...64).map { #"{"id":"i\#($0)","title":"I","icon":""}"# }.joined(separator: ",")
        await expectPetalError("LimitExceeded", containing: "64") {
            try await client.createMenu(#"{"items":[\#(items)]}"#)
        }
        // Nine menus in a chain, written in place.
        var deep = #"{"items":[{"id":"x","title":"X","icon":""}]}"#
        for _ in 1...8 { deep = #"{"items":[{"id":"s","title":"S","icon":"","submenu":\#(deep)}]}"# }
        await expectPetalError("LimitExceeded", containing: "8") { try await client.createMenu(deep) }

        // 16 a connection, the 17th refused; another connection may still make one.
        for _ in 1...16 { _ = try await client.createMenu(Self.unnamed) }
        await expectPetalError("LimitExceeded", containing: "16") { try await client.createMenu(Self.unnamed) }
        await expectPetalError("LimitExceeded") { try await client.chooseFrom(Self.unnamed, timeout: 1) }
        let other = fixture.client(on: try fixture.daemon.connectClient())
        _ = try await other.createMenu(Self.unnamed)
        #expect(try await fixture.menuNames().count == 5 + 17)
        // Removing one makes room again.
        try await client.removeMenu(PetalBus.menuPath("adhoc-2"))
        _ = try await client.createMenu(Self.unnamed)
    }

    @Test func twoHundredFiftySixInAllThenNoMore() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        var connections: [DBusConnection] = []
        defer { for connection in connections { connection.close() } }
        for _ in 0..<16 {
            let connection = try fixture.daemon.connectClient()
            connections.append(connection)
            let client = fixture.client(on: connection)
            // With its submenu, a menu counts once.
            for _ in 0..<16 {
                _ = try await client.createMenu(Self.picks.replacingOccurrences(of: #""name": "picks", "#, with: ""))
            }
        }
        #expect(try await fixture.menuNames().count == 5 + 256 * 2)
        let late = fixture.client(on: try fixture.daemon.connectClient())
        await expectPetalError("LimitExceeded", containing: "256") { try await late.createMenu(Self.unnamed) }
        // One leaving frees its sixteen.
        connections.removeFirst().close()
        let freed = try await eventually { try await fixture.menuNames().count == 5 + 240 * 2 }
        #expect(freed)
        _ = try await late.createMenu(Self.unnamed)
    }

    @Test func removeMenuRemovesOnlyTheCallersOwn() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let maker = fixture.client(on: try fixture.daemon.connectClient())
        let path = try await maker.createMenu(Self.picks)
        let client = fixture.client
        await expectPetalError("UnknownMenu") { try await client.removeMenu(path) }
        await expectPetalError("UnknownMenu") { try await maker.removeMenu(PetalBus.menuPath("power")) }
        await expectPetalError("UnknownMenu") { try await maker.removeMenu(PetalBus.menuPath("picks/sub")) }
        await expectPetalError("UnknownMenu") { try await maker.removeMenu(PetalBus.path) }
        #expect(try await fixture.menuNames().contains("picks"))

        try await maker.removeMenu(path)
        #expect(try await fixture.menuNames() == ["main", "main/more", "apps", "tools", "power"])
        // The name is free again.
        #expect(try await maker.createMenu(Self.picks) == path)
    }

    @Test func aTransientMenuGoesOnceItHasClosed() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let client = fixture.client
        let path = try await client.createMenu(Self.unnamed, transient: true)
        let name = try #require(PetalBus.menuName(at: path))
        try await fixture.open(name)
        #expect(try await fixture.client.menus().last?.path == path, "open, it stays")
        _ = try await fixture.activate("x", in: name)
        let gone = try await eventually { try await !fixture.menuNames().contains(name) }
        #expect(gone)
        // A transient option of the wrong type is refused.
        await expectDBusError(DBusError.Name.invalidArgs) {
            try await fixture.daemon.client.call(
                PetalBus.Menus.createMenu, on: PetalBus.name, at: PetalBus.path, Self.unnamed,
                DBusVariantDictionary([("transient", .string("yes"))]))
        }
    }

    @Test func aToggleOfAnAdHocMenuIsKeptInMemoryOnly() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-adhoc-state-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: state) }
        let fixture = try await MenusFixture.start(environment: ["XDG_STATE_HOME": state.path])
        defer { fixture.stop() }
        _ = try await fixture.client.createMenu(Self.picks)
        try await fixture.open("picks")
        #expect(try await fixture.activate("b", in: "picks")["selected"] == .boolean(true))
        #expect(try await fixture.menu("picks").snapshot().items.first { $0.id == "b" }?.selected == true)
        #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent("petal/state.json").path))
    }

    @Test func hostileMenusAreRefusedAndTheDaemonKeepsServing() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let client = fixture.client
        let deep = String(repeating: "[", count: 60_000)
        await expectPetalError("InvalidMenu") { try await client.createMenu(deep) }
        let wide =
            #"{"items":[{"id":"x","title":"X","icon":"","params":{"#
            + (0..<3000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}}]}"
        _ = try await client.createMenu(wide)
        let longKey =
            #"{"items":[{"id":"x","title":"X","icon":"","params":{""#
            + String(repeating: "k", count: 30_000) + #"":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}}]}"#
        _ = try await client.createMenu(longKey)
        for _ in 0..<200 { await expectPetalError("InvalidMenu") { try await client.createMenu("{\"items\":7}") } }
        #expect(await fixture.daemon.answers())
        #expect(try await fixture.menuNames().count == 7)
    }
}

extension MenusFixture {
    /// The root's client on another connection.
    func client(on connection: DBusConnection) -> PetalClient { menu(on: connection) }
}
