import DBus
import Foundation
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// The whole path on a real sway (headless): petal-context follows focus
/// between two windows whose app ids differ, petald holds the context, and
/// one `petalctl show --context` opens a different menu over each.
@Suite("show --context over sway's windows", .timeLimit(.minutes(5)))
struct ContextMenuOverSwayTests {
    static let configuration = #"""
        {
          "menu": { "openDuration": 0, "closeDuration": 0 },
          "items": [ { "id": "echo", "title": "Echo", "icon": "", "action": "test.echo" } ],
          "menus": {
            "alpha": { "when": { "app": "petal-alpha" },
                       "items": [ { "id": "a", "title": "A", "icon": "", "action": "test.noop" } ] },
            "beta":  { "when": { "app": "petal-beta", "title": "Beta.*" },
                       "items": [ { "id": "b", "title": "B", "icon": "", "action": "test.noop" } ] },
            "empty": { "when": { "app": "", "output": "HEADLESS-.*" },
                       "items": [ { "id": "e", "title": "E", "icon": "", "action": "test.noop" } ] }
          }
        }
        """#

    /// `petalctl --json show --context` on `daemon`'s bus: the name of the menu it opened.
    static func showContext(_ daemon: RunningDaemon) async throws -> String? {
        let petalctl = RunningDaemon.binDirectory.appendingPathComponent("petalctl").path
        let shown = try await ExternalCommand.running(
            [petalctl, "--bus", daemon.bus.address, "--json", "show", "--context"])
        let object = try? JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: String]
        return object?["menu"]
    }

    /// Waits until petald's context has `app`.
    @discardableResult
    static func waitForApp(_ app: String, on daemon: RunningDaemon) async throws -> DesktopContext {
        let client = PetalClient(connection: daemon.client)
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let context = try await client.context()
            if context[.app] == app { return context }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestSetupError("petald's context never had app \"\(app)\": \(try await client.context())")
    }

    @Test func eachWindowGetsItsOwnMenuFromOneKey() async throws {
        let sway = try await HeadlessSway(width: 1280, height: 720)
        defer { sway.stop() }
        let file = try ContextProgram.scratchFolder("menus").appendingPathComponent("config.json")
        try Data(Self.configuration.utf8).write(to: file)
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_CONFIG": file.path])
        defer { daemon.stop() }
        let alpha = try await NamedWindow("petal-alpha", title: "Alpha, the first", on: sway)
        let beta = try await NamedWindow("petal-beta", title: "Beta — the second", on: sway, colour: "#993366")
        defer {
            alpha.stop()
            beta.stop()
        }
        let program = try ContextProgram.start(
            bus: daemon.bus, environment: ["SWAYSOCK": sway.ipcSocket], logIn: sway.directory)
        defer { program.stop() }
        let client = PetalClient(connection: daemon.client)

        // The window mapped last has focus.
        let start = try await Self.waitForApp("petal-beta", on: daemon)
        #expect(start[.source] == "petal-context/sway" && start[.output] == "HEADLESS-1")
        #expect(try await Self.showContext(daemon) == "beta")
        #expect(try await client.menu(named: "beta").snapshot().placement.output == "HEADLESS-1")

        _ = try await sway.swaymsg(["[app_id=petal-alpha]", "focus"])
        try await Self.waitForApp("petal-alpha", on: daemon)
        #expect(try await Self.showContext(daemon) == "alpha", "the open beta closes and alpha opens")
        #expect(try await client.menu(named: "beta").snapshot().state == .collapsed)

        _ = try await sway.swaymsg(["workspace", "2"])
        try await Self.waitForApp("", on: daemon)
        #expect(try await Self.showContext(daemon) == "empty")

        // petal-context gone, the context goes with it: no output, so not "empty" but main.
        _ = program.stop()
        let deadline = ContinuousClock.now + .seconds(20)
        while try await client.context() != .none, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try await client.context() == .none)
        #expect(try await Self.showContext(daemon) == "main")
    }
}
