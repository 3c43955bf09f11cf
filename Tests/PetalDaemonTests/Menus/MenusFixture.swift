import DBus
import Foundation
import PetalAPI
import TestSupport

/// petal-test-daemon serving a configuration of several menus (read from a
/// file through `PETAL_TEST_CONFIG`, again on each reload), with the calls
/// the tests of named, nested and ad-hoc menus make on it.
struct MenusFixture {
    /// `main` with the submenu `apps` (itself with the submenu `tools`) and a
    /// menu written in place, `main/more`; and `power` on its own. 50 ms each way.
    static let configuration = #"""
        {
          "menu": { "openDuration": 0.05, "closeDuration": 0.05 },
          "items": [
            { "id": "echo", "title": "Echo", "icon": "edit-copy", "action": "test.echo" },
            { "id": "apps", "title": "Apps", "icon": "view-app-grid", "submenu": "apps" },
            { "id": "more", "title": "More", "icon": "view-more", "key": "m",
              "submenu": { "items": [ { "id": "slow", "title": "Slow", "icon": "", "action": "test.slow" } ] } }
          ],
          "menus": {
            "apps": { "title": "Apps", "items": [
              { "id": "web", "title": "Web", "icon": "web-browser", "action": "test.echo", "params": { "app": "web" } },
              { "id": "like", "title": "Like", "icon": "emblem-favorite", "action": "test.echo", "toggle": true },
              { "id": "tools", "title": "Tools", "icon": "applications-utilities", "submenu": "tools" }
            ] },
            "tools": { "items": [ { "id": "hammer", "title": "Hammer", "icon": "", "action": "test.echo" } ] },
            "power": { "title": "Power", "items": [
              { "id": "lock", "title": "Lock", "icon": "system-lock-screen", "action": "test.noop" }
            ] }
          }
        }
        """#

    let daemon: RunningDaemon
    /// The configuration file; rewrite it and call `Reload` to change the menus.
    let file: URL

    /// Starts the daemon on `configuration`.
    static func start(_ configuration: String = configuration, environment: [String: String] = [:]) async throws
        -> MenusFixture
    {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-menus-\(UUID().uuidString.prefix(8)).json")
        try Data(configuration.utf8).write(to: file)
        var environment = environment
        environment["PETAL_TEST_CONFIG"] = file.path
        let daemon = try await RunningDaemon(environment: environment)
        return MenusFixture(daemon: daemon, file: file)
    }

    func stop() {
        daemon.stop()
        try? FileManager.default.removeItem(at: file)
    }

    /// A client of the menu `name` on `connection` (the daemon's client by default).
    func menu(_ name: String = PetalBus.mainMenu, on connection: DBusConnection? = nil) -> PetalClient {
        PetalClient(connection: connection ?? daemon.client).menu(named: name)
    }

    /// The root's client: `ShowMenu`, `CreateMenu`, `Menus`, … and the main menu.
    var client: PetalClient { menu() }

    /// The state of the menu `name`.
    func state(of name: String) async throws -> String {
        try await menu(name).snapshot().state.rawValue
    }

    /// Waits until the menu `name` is in `state`.
    func wait(until name: String, is state: String) async throws {
        let reached = try await eventually { try await self.state(of: name) == state }
        if !reached {
            throw TestSetupError("menu \(name) did not become \(state); it is \(try await self.state(of: name))")
        }
    }

    /// Opens the menu `name` with `ShowMenu` and waits until it is expanded.
    func open(_ name: String) async throws {
        _ = try await client.showMenu(name)
        try await wait(until: name, is: "expanded")
    }

    /// Activates `item` of the menu `name` and returns the reply's `a{sv}`.
    func activate(_ item: String, in name: String = PetalBus.mainMenu, from connection: DBusConnection? = nil)
        async throws -> [String: DBusValue]
    {
        let reply = try await daemon.call(
            PetalBus.Menu.interface, "Activate", [.string(item)], at: PetalBus.menuPath(name), from: connection)
        return reply.first?.entries ?? [:]
    }

    /// Activates the submenu item `item` of the expanded menu `parent`, and
    /// waits until its menu `child` is expanded.
    func openSubmenu(_ child: String, from item: String, of parent: String = PetalBus.mainMenu) async throws {
        let reply = try await activate(item, in: parent)
        guard reply["submenu"]?.unwrapped == .objectPath(PetalBus.menuPath(child)) else {
            throw TestSetupError("activating \(item) of \(parent) answered \(reply), not the submenu \(child)")
        }
        try await wait(until: child, is: "expanded")
    }

    /// Every object the root's ObjectManager lists: path → interface → property → value.
    func managedObjects() async throws -> [String: [String: [String: DBusValue]]] {
        let objects = try await daemon.client.call(
            ObjectManagerInterface.getManagedObjects, on: PetalBus.name, at: PetalBus.path)
        var result: [String: [String: [String: DBusValue]]] = [:]
        for (path, interfaces) in objects.entries {
            for (interface, properties) in interfaces.entries {
                result[path.rawValue, default: [:]][interface] = properties.entries.reduce(into: [:]) {
                    $0[$1.key] = $1.value.unwrapped
                }
            }
        }
        return result
    }

    /// The names `Menus` lists, in order.
    func menuNames() async throws -> [String] {
        try await client.menus().map(\.name)
    }

    /// Replaces the configuration file's contents (then call `Reload`).
    func rewrite(_ configuration: String) throws {
        try Data(configuration.utf8).write(to: file)
    }
}
