import DBus
import Foundation
import PetalAPI
import TestSupport
import Testing

/// petalctl's named, nested and ad-hoc menus against the real petald on a
/// private bus, with a configuration of three menus: `main` (with `apps` as
/// a submenu), `apps` and `power`.
@Suite struct NamedMenuCommandTests {
    static let configuration = #"""
        {
          "menu": { "openDuration": 0.05, "closeDuration": 0.05 },
          "items": [
            { "id": "apps", "title": "Apps", "icon": "view-app-grid", "submenu": "apps" },
            { "id": "run", "title": "Run", "icon": "system-run", "action": "command.run",
              "params": { "argv": ["true"] } }
          ],
          "menus": {
            "apps": { "title": "Applications", "layout": "linear",
                      "items": [ { "id": "web", "title": "Web", "icon": "web-browser", "action": "command.run",
                                   "params": { "argv": ["true"] } } ] },
            "power": { "title": "Power", "layout": "stack",
                       "items": [ { "id": "lock", "title": "Lock", "icon": "system-lock-screen",
                                    "action": "command.run", "params": { "argv": ["true"] } } ] }
          }
        }
        """#

    /// The real petald with ``configuration``.
    static func daemon() async throws -> RunningDaemon {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petalctl-menus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.json")
        try Data(configuration.utf8).write(to: config)
        return try await RunningDaemon(executable: "petald", arguments: ["--config", config.path])
    }

    /// `property` of `interface` of the object at `path`.
    static func property(
        _ daemon: RunningDaemon, _ path: String, _ name: String, of interface: String = "org.petal.Petal1.Menu"
    ) async throws -> DBusValue {
        let reply = try await daemon.client.call(
            destination: RunningDaemon.name, path: try ObjectPath(path), interface: "org.freedesktop.DBus.Properties",
            member: "Get", [.string(interface), .string(name)])
        return reply.first?.unwrapped ?? .string("")
    }

    /// Waits until the menu at `path` is in `state`.
    static func waitForState(_ daemon: RunningDaemon, _ path: String, _ state: String) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if try await property(daemon, path, "State") == .string(state) { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestSetupError("\(path) did not reach \(state) within 5 s")
    }

    /// The name of the innermost open menu, from `ActiveMenu`, once one is open.
    static func activeMenu(_ daemon: RunningDaemon) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            let path = try await property(daemon, "/org/petal/Petal1", "ActiveMenu", of: "org.petal.Petal1.Menus")
            if case .objectPath(let active) = path, active != .root {
                return try await property(daemon, active.rawValue, "Name").stringValue ?? ""
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestSetupError("no menu opened within 5 s")
    }

    static let apps = "/org/petal/Petal1/menus/apps"
    static let power = "/org/petal/Petal1/menus/power"

    @Test func menusListsEveryConfiguredMenu() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        let table = try await Petalctl.run(on: daemon, ["menus"])
        #expect(table.status == 0, "\(table.summary)")
        let rows = table.output.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(
            rows == [
                "NAME TITLE STATE OWNER", "main main collapsed -", "apps Applications collapsed -",
                "power Power collapsed -",
            ], "\(table.output)")
        let names = try await Petalctl.run(on: daemon, ["menus", "--names"])
        #expect(names.output == "main\napps\npower\n")
        let json = try await Petalctl.run(on: daemon, ["--json", "menus"])
        let objects = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: String]]
        #expect(objects?.map { $0["path"] ?? "" } == ["/org/petal/Petal1", Self.apps, Self.power])
    }

    @Test func showOpensTheMenuWhereAskedAndToggleClosesIt() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        let shown = try await Petalctl.run(on: daemon, ["show", "power", "--anchor", "center"])
        #expect(shown.status == 0 && shown.output.isEmpty && shown.errors.isEmpty, "\(shown.summary)")
        try await Self.waitForState(daemon, Self.power, "expanded")
        let placement = try await Self.property(daemon, Self.power, "Placement")
        #expect(placement.stringKeyedEntries?.first { $0.key == "anchor" }?.value.unwrapped == .string("center"))
        #expect(try await daemon.state() == "collapsed", "main stays closed")

        let json = try await Petalctl.run(on: daemon, ["--json", "show", "power", "--toggle"])
        #expect(json.output == #"{"menu":"power","path":"/org/petal/Petal1/menus/power"}"# + "\n", "\(json.summary)")
        try await Self.waitForState(daemon, Self.power, "collapsed")

        let placed = try await Petalctl.run(on: daemon, ["show", "apps", "--at", "100,200"])
        #expect(placed.status == 0, "\(placed.summary)")
        try await Self.waitForState(daemon, Self.apps, "expanded")

        let unknown = try await Petalctl.run(on: daemon, ["show", "games"])
        #expect(unknown.status == 1)
        #expect(unknown.errors.hasPrefix("org.petal.Petal1.Error.UnknownMenu: "), "\(unknown.summary)")
    }

    @Test func menuOptionActsOnThatMenu() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        let opened = try await Petalctl.run(on: daemon, ["open", "--menu", "power", "--json"])
        #expect(opened.output == #"{"state":"expanding"}"# + "\n", "\(opened.summary)")
        try await Self.waitForState(daemon, Self.power, "expanded")
        let status = try await Petalctl.run(on: daemon, ["status", "--menu", "power"])
        #expect(status.output.split(separator: "\n").first == "Menu:         power", "\(status.summary)")
        #expect(status.output.split(separator: "\n").dropFirst().first?.hasSuffix("expanded") == true)
        let ids = try await Petalctl.run(on: daemon, ["--menu=power", "items", "--ids"])
        #expect(ids.output == "lock\n")
        let layout = try await Petalctl.run(on: daemon, ["layout", "--menu", "apps"])
        #expect(layout.output.hasPrefix("Layout: linear\n"), "\(layout.summary)")
        let activated = try await Petalctl.run(on: daemon, ["activate", "--menu", "power", "lock"])
        #expect(activated.status == 0, "\(activated.summary)")
        try await Self.waitForState(daemon, Self.power, "collapsed")
        let toggled = try await Petalctl.run(on: daemon, ["toggle", "--menu", "apps"])
        #expect(toggled.status == 0)
        try await Self.waitForState(daemon, Self.apps, "expanded")
        let closed = try await Petalctl.run(on: daemon, ["close", "--menu", "apps"])
        #expect(closed.status == 0)
        try await Self.waitForState(daemon, Self.apps, "collapsed")

        let unknown = try await Petalctl.run(on: daemon, ["toggle", "--menu", "games"])
        #expect(unknown.status == 1)
        #expect(unknown.errors == "petalctl: petald has no menu \"games\"; its menus are main, apps, power\n")
    }

    @Test func backClosesTheInnermostSubmenuThenTheMenu() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        _ = try await Petalctl.run(on: daemon, ["open"])
        try await daemon.waitForState("expanded")
        let submenu = try await Petalctl.run(on: daemon, ["activate", "apps"])
        #expect(submenu.output == "submenu: \(Self.apps)\n", "\(submenu.summary)")
        try await Self.waitForState(daemon, Self.apps, "expanded")
        // Without --menu, back acts on the open chain's innermost menu: apps closes, main stays.
        let back = try await Petalctl.run(on: daemon, ["--json", "back"])
        #expect(back.output == #"{"state":"collapsing"}"# + "\n", "apps's state: \(back.summary)")
        try await Self.waitForState(daemon, Self.apps, "collapsed")
        #expect(try await daemon.state() == "expanded")
        _ = try await Petalctl.run(on: daemon, ["back"])
        try await daemon.waitForState("collapsed")
    }

    @Test func chooseAnswersAnItemOfASubmenuWithTheIdsOnTheWay() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        async let chosen = Petalctl.run(on: daemon, ["choose", "--no-dispatch", "--timeout", "20"])
        try await daemon.waitForState("expanded")
        _ = try await Petalctl.run(on: daemon, ["activate", "apps"])
        try await Self.waitForState(daemon, Self.apps, "expanded")
        let activated = try await Petalctl.run(on: daemon, ["activate", "web", "--menu", "apps"])
        #expect(activated.status == 0, "\(activated.summary)")
        let result = try await chosen
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.output == "apps/web\n")
    }

    @Test func chooseOnANamedMenu() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        async let chosen = Petalctl.run(on: daemon, ["choose", "--menu", "power", "--no-dispatch"])
        try await Self.waitForState(daemon, Self.power, "expanded")
        _ = try await Petalctl.run(on: daemon, ["activate", "lock", "--menu", "power"])
        #expect(try await chosen.output == "lock\n")
    }

    @Test func chooseFromAMenuInJSON() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        let menu =
            #"{"title":"Share","items":[{"id":"mail","title":"Mail","icon":"mail-send"},"#
            + #"{"id":"chat","title":"Chat","icon":"","submenu":{"items":[{"id":"ann","title":"Ann","icon":""}]}}]}"#
        let file = daemon.bus.directory.appendingPathComponent("share.json")
        try Data(menu.utf8).write(to: file)
        async let chosen = Petalctl.run(on: daemon, ["choose", "--from", file.path, "--anchor", "center"])
        let name = try await Self.activeMenu(daemon)
        let listed = try await Petalctl.run(on: daemon, ["menus"])
        #expect(listed.output.contains("Share"), "the ad-hoc menu is listed: \(listed.output)")
        try await Self.waitForState(daemon, PetalBus.menuPath(name).rawValue, "expanded")
        let activated = try await Petalctl.run(on: daemon, ["activate", "mail", "--menu", name])
        #expect(activated.status == 0, "\(activated.summary)")
        let result = try await chosen
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.output == "mail\n")

        let invalid = try await Petalctl.run(on: daemon, ["choose", "--from", "-", "--timeout", "5"])
        #expect(invalid.status == 1, "empty standard input is no menu: \(invalid.summary)")
        #expect(invalid.errors.hasPrefix("org.petal.Petal1.Error.InvalidMenu: "), "\(invalid.summary)")
    }

    @Test func chooseLinesEndToEnd() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        let input = daemon.bus.directory.appendingPathComponent("lines")
        try Data("Lock\tsystem-lock-screen\nLog out\nCafé ☕\n".utf8).write(to: input)
        let command = Petalctl.command(on: daemon, ["choose", "--lines"])
        async let chosen = ExternalCommand.running(["sh", "-c", "exec \"$@\" < \"$0\"", input.path] + command)
        let name = try await Self.activeMenu(daemon)
        try await Self.waitForState(daemon, PetalBus.menuPath(name).rawValue, "expanded")
        let items = try await Petalctl.run(on: daemon, ["items", "--menu", name])
        #expect(items.output.contains("Lock") && items.output.contains("system-lock-screen"), "\(items.output)")
        #expect(items.output.contains("Café ☕"))
        _ = try await Petalctl.run(on: daemon, ["activate", "0", "--menu", name])
        let result = try await chosen
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.output == "Lock\tsystem-lock-screen\n")

        async let cancelled = ExternalCommand.running(["sh", "-c", "exec \"$@\" < \"$0\"", input.path] + command)
        let other = try await Self.activeMenu(daemon)
        try await Self.waitForState(daemon, PetalBus.menuPath(other).rawValue, "expanded")
        _ = try await Petalctl.run(on: daemon, ["close", "--menu", other])
        let nothing = try await cancelled
        #expect(nothing.status == 1 && nothing.output.isEmpty && nothing.errors.isEmpty, "\(nothing.summary)")
    }

    @Test func watchNamesTheMenuOfEachSignal() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        let watcher = try StreamingCommand(Petalctl.command(on: daemon, ["watch", "--signals"]))
        defer { watcher.stop() }
        for _ in 0..<100 where watcher.output.isEmpty {
            _ = try await Petalctl.run(on: daemon, ["show", "power", "--toggle"])
            try await Task.sleep(for: .milliseconds(100))
        }
        let lines = try await watcher.waitForLine { $0.hasPrefix("StateChanged menu=power") }
        #expect(lines.allSatisfy { !$0.hasPrefix("StateChanged state=") }, "every menu's signal names it: \(lines)")
    }

    @Test func completionsOfferPetaldsMenus() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        let bus = daemon.bus.address
        #expect(try await CompletionTests.bashCompletions("petalctl --bus \(bus) show ") == ["main", "apps", "power"])
        #expect(try await CompletionTests.bashCompletions("petalctl --bus \(bus) activate --menu power ") == ["lock"])
        #expect(try await CompletionTests.fishCompletions("petalctl --bus \(bus) show p") == ["power"])
        #expect(
            try await CompletionTests.bashCompletions("petalctl --bus \(bus) preview --svg - --menu ")
                == ["main", "apps", "power"])
        #expect(try await CompletionTests.fishCompletions("petalctl --bus \(bus) preview --menu a") == ["apps"])
    }
}
