import Foundation
import TestSupport
import Testing

/// petal-context on X11 desktops, on Xvfb: i3 through its IPC socket, and
/// openbox (a window manager that keeps `_NET_ACTIVE_WINDOW`) through the X
/// server itself, each with two real windows of different classes, against
/// a stand-in petald.
@Suite("petal-context on i3 and on X11", .timeLimit(.minutes(5)))
struct X11ContextTests {
    @Test("i3: focus moved with i3-msg, the context's app (WM_CLASS's class) follows, through i3's IPC")
    func i3FocusIsFollowed() async throws {
        let display = try await XvfbDisplay(width: 1280, height: 720, compositor: false)
        defer { display.stop() }
        let i3 = try await X11WindowManager.i3(on: display)
        defer { i3.stop() }
        let bus = try PrivateBus()
        defer { bus.stop() }
        let petald = try await StandInPetald(bus: bus)
        let alpha = try await NamedWindow("petal-alpha", title: "Alpha, the first", on: display)
        let beta = try await NamedWindow("petal-beta", title: "Beta — the second", on: display, colour: "#993366")
        defer {
            alpha.stop()
            beta.stop()
        }
        let program = try ContextProgram.start(
            bus: bus, environment: ["I3SOCK": i3.ipcSocket!, "DISPLAY": ":\(display.number)"], logIn: display.directory)
        defer { program.stop() }

        let start = try await petald.waitForApp("Petal-beta")
        #expect(start.context["title"] == "Beta — the second")
        #expect(start.context["instance"] == "petal-beta", "window_properties.instance: WM_CLASS's first string")
        #expect(start.context["source"] == "petal-context/i3")
        #expect(start.context["output"]?.isEmpty == false, "i3 names Xvfb's output")
        #expect(program.log.contains("reading i3's focus"), "\(program.log)")

        var seen = petald.calls.count
        let focus = try await i3.i3msg(["[class=\"Petal-alpha\"]", "focus"])
        #expect(focus.status == 0, "\(focus.summary)")
        let focused = try await petald.waitForApp("Petal-alpha", skipping: seen)
        #expect(focused.context["title"] == "Alpha, the first")
        #expect(focused.context["output"] == start.context["output"])

        seen = petald.calls.count
        _ = try await i3.i3msg(["workspace", "9"])
        let empty = try await petald.waitForApp("", skipping: seen)
        #expect(empty.context["title"] == "")

        seen = petald.calls.count
        _ = try await i3.i3msg(["workspace", "1"])
        try await petald.waitForApp("Petal-alpha", skipping: seen)
    }

    @Test("X11 without i3: _NET_ACTIVE_WINDOW moved with xdotool windowactivate; WM_CLASS, _NET_WM_NAME, its output")
    func x11FocusIsFollowed() async throws {
        let display = try await XvfbDisplay(width: 1280, height: 720, compositor: false)
        defer { display.stop() }
        let openbox = try await X11WindowManager.openbox(on: display)
        defer { openbox.stop() }
        let bus = try PrivateBus()
        defer { bus.stop() }
        let petald = try await StandInPetald(bus: bus)
        let program = try ContextProgram.start(
            bus: bus, environment: ["DISPLAY": ":\(display.number)"], logIn: display.directory)
        defer { program.stop() }
        // No window yet: no window has focus.
        let nothing = try await petald.waitForCall { _ in true }
        #expect(
            nothing.context == ["app": "", "instance": "", "title": "", "output": "", "source": "petal-context/x11"])
        #expect(program.log.contains("reading X11's focus from :\(display.number)"), "\(program.log)")

        let alpha = try await NamedWindow("petal-alpha", title: "Alpha, the first", on: display, position: (40, 40))
        let beta = try await NamedWindow(
            "petal-beta", title: "Ünïcode — ベータ", on: display, colour: "#993366",
            position: (600, 300))
        defer {
            alpha.stop()
            beta.stop()
        }
        let alphaID = try await windowID(of: alpha, on: display)
        let betaID = try await windowID(of: beta, on: display)

        var seen = petald.calls.count
        try await display.xdotool(["windowactivate", alphaID])
        let first = try await petald.waitForApp("Petal-alpha", skipping: seen)
        #expect(
            first.context == [
                "app": "Petal-alpha", "instance": "petal-alpha", "title": "Alpha, the first", "output": "screen",
                "source": "petal-context/x11",
            ], "Xvfb's one RandR output is called screen")

        seen = petald.calls.count
        try await display.xdotool(["windowactivate", betaID])
        let second = try await petald.waitForApp("Petal-beta", skipping: seen)
        #expect(second.context["title"] == "Ünïcode — ベータ", "_NET_WM_NAME, UTF-8")

        // The active window's title is followed; another window's is not.
        seen = petald.calls.count
        try await setNetWMName(of: alphaID, to: "Alpha renamed while in the background", on: display)
        try await setNetWMName(of: betaID, to: "Beta renamed, with focus", on: display)
        let renamed = try await petald.waitForCall(skipping: seen) { $0.context["title"] == "Beta renamed, with focus" }
        #expect(renamed.app == "Petal-beta")
        #expect(
            !petald.calls.dropFirst(seen).contains { $0.context["title"] == "Alpha renamed while in the background" })

        seen = petald.calls.count
        try await display.xdotool(["windowactivate", alphaID])
        let back = try await petald.waitForApp("Petal-alpha", skipping: seen)
        #expect(back.context["title"] == "Alpha renamed while in the background", "read afresh on activation")
        #expect(
            !petald.calls.dropFirst().contains { $0.app == "" },
            "openbox sets _NET_ACTIVE_WINDOW to None between two windows; that moment is no context of its own")

        // With every window gone, no window has focus.
        seen = petald.calls.count
        alpha.stop()
        beta.stop()
        let none = try await petald.waitForApp("", skipping: seen)
        #expect(
            none.context == ["app": "", "instance": "", "title": "", "output": "", "source": "petal-context/x11"])
    }

    /// The X window of `window`'s toplevel, as xdotool finds it by its class.
    private func windowID(of window: NamedWindow, on display: XvfbDisplay) async throws -> String {
        let found = try await display.xdotool(["search", "--onlyvisible", "--class", "^\(window.x11Class)$"])
        guard let id = found.split(separator: "\n").last.map(String.init) else {
            throw TestSetupError("xdotool found no visible window of class \(window.x11Class)")
        }
        return id
    }

    /// Sets a window's `_NET_WM_NAME`, as an application retitling itself does.
    private func setNetWMName(of id: String, to title: String, on display: XvfbDisplay) async throws {
        let run = try await ExternalCommand.running([
            "env", "DISPLAY=:\(display.number)", "xprop", "-id", id, "-f", "_NET_WM_NAME", "8u", "-set", "_NET_WM_NAME",
            title,
        ])
        guard run.status == 0 else { throw TestSetupError("xprop -set _NET_WM_NAME failed: \(run.summary)") }
    }
}
