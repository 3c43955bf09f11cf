import Foundation
import PetalAPI
import TestSupport
import Testing

/// The whole path on X11, as on sway: petal-context follows focus between
/// two real windows of different classes, on i3 (through its IPC socket) and
/// on openbox (through `_NET_ACTIVE_WINDOW`), petald holds the context, and
/// one `petalctl show --context` opens a different menu over each.
@Suite("show --context over X11's windows", .timeLimit(.minutes(5)))
struct ContextMenuOverX11Tests {
    /// Menus for the two windows' classes (WM_CLASS's class: the name capitalised).
    static let configuration = #"""
        {
          "menu": { "openDuration": 0, "closeDuration": 0 },
          "items": [ { "id": "echo", "title": "Echo", "icon": "", "action": "test.echo" } ],
          "menus": {
            "alpha": { "when": { "app": "Petal-alpha" },
                       "items": [ { "id": "a", "title": "A", "icon": "", "action": "test.noop" } ] },
            "beta":  { "when": { "app": "Petal-beta", "title": "Beta.*" },
                       "items": [ { "id": "b", "title": "B", "icon": "", "action": "test.noop" } ] }
          }
        }
        """#

    /// petald on `configuration`, its two windows on `display`, and petal-context with `environment`.
    struct Desktop {
        let daemon: RunningDaemon
        let alpha: NamedWindow
        let beta: NamedWindow
        let program: BackgroundProcess

        init(on display: XvfbDisplay, environment: [String: String]) async throws {
            let file = try ContextProgram.scratchFolder("x11-menus").appendingPathComponent("config.json")
            try Data(ContextMenuOverX11Tests.configuration.utf8).write(to: file)
            daemon = try await RunningDaemon(environment: ["PETAL_TEST_CONFIG": file.path])
            alpha = try await NamedWindow("petal-alpha", title: "Alpha, the first", on: display, position: (40, 40))
            beta = try await NamedWindow(
                "petal-beta", title: "Beta — the second", on: display, colour: "#993366", position: (600, 300))
            program = try ContextProgram.start(
                bus: daemon.bus, environment: environment.merging(["DISPLAY": ":\(display.number)"]) { $1 },
                logIn: display.directory)
        }

        func stop() {
            _ = program.stop()
            alpha.stop()
            beta.stop()
            daemon.stop()
        }
    }

    @Test func onI3EachWindowGetsItsOwnMenuFromOneKey() async throws {
        let display = try await XvfbDisplay(width: 1280, height: 720, compositor: false)
        defer { display.stop() }
        let i3 = try await X11WindowManager.i3(on: display)
        defer { i3.stop() }
        let desktop = try await Desktop(on: display, environment: ["I3SOCK": i3.ipcSocket!])
        defer { desktop.stop() }

        let start = try await ContextMenuOverSwayTests.waitForApp("Petal-beta", on: desktop.daemon)
        #expect(start[.source] == "petal-context/i3")
        #expect(try await ContextMenuOverSwayTests.showContext(desktop.daemon) == "beta")

        _ = try await i3.i3msg(["[class=\"Petal-alpha\"]", "focus"])
        try await ContextMenuOverSwayTests.waitForApp("Petal-alpha", on: desktop.daemon)
        #expect(try await ContextMenuOverSwayTests.showContext(desktop.daemon) == "alpha")

        _ = try await i3.i3msg(["workspace", "9"])
        try await ContextMenuOverSwayTests.waitForApp("", on: desktop.daemon)
        #expect(try await ContextMenuOverSwayTests.showContext(desktop.daemon) == "main", "no window: main")
    }

    @Test func onOpenboxEachWindowGetsItsOwnMenuFromOneKey() async throws {
        let display = try await XvfbDisplay(width: 1280, height: 720, compositor: false)
        defer { display.stop() }
        let openbox = try await X11WindowManager.openbox(on: display)
        defer { openbox.stop() }
        let desktop = try await Desktop(on: display, environment: [:])
        defer { desktop.stop() }

        for (window, app, menu) in [(desktop.alpha, "Petal-alpha", "alpha"), (desktop.beta, "Petal-beta", "beta")] {
            let found = try await display.xdotool(["search", "--onlyvisible", "--class", "^\(window.x11Class)$"])
            let id = try #require(found.split(separator: "\n").last.map(String.init), "\(window.x11Class)")
            try await display.xdotool(["windowactivate", id])
            let context = try await ContextMenuOverSwayTests.waitForApp(app, on: desktop.daemon)
            #expect(context[.source] == "petal-context/x11")
            #expect(try await ContextMenuOverSwayTests.showContext(desktop.daemon) == menu)
        }
    }
}
