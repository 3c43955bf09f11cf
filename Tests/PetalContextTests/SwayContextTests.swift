import Foundation
import TestSupport
import Testing

/// petal-context on a real sway (headless, as an unprivileged user), with
/// two real windows of different app ids, against a stand-in petald.
@Suite("petal-context on sway", .timeLimit(.minutes(5)))
struct SwayContextTests {
    @Test("focus moved with swaymsg: the context's app follows; an empty workspace is no window")
    func focusIsFollowed() async throws {
        let sway = try await HeadlessSway(width: 1280, height: 720)
        defer { sway.stop() }
        let bus = try PrivateBus()
        defer { bus.stop() }
        let petald = try await StandInPetald(bus: bus)
        let alpha = try await NamedWindow("petal-alpha", title: "Alpha, the first", on: sway)
        let beta = try await NamedWindow("petal-beta", title: "Beta — the second", on: sway, colour: "#993366")
        defer {
            alpha.stop()
            beta.stop()
        }
        let program = try ContextProgram.start(
            bus: bus, environment: ["SWAYSOCK": sway.ipcSocket], logIn: sway.directory)
        defer { program.stop() }

        // The window mapped last has focus.
        let start = try await petald.waitForApp("petal-beta")
        #expect(
            start.context == [
                "app": "petal-beta", "instance": "petal-beta", "title": "Beta — the second",
                "output": "HEADLESS-1", "source": "petal-context/sway",
            ])
        #expect(program.log.contains("reading sway's focus from \(sway.ipcSocket)"), "\(program.log)")

        var seen = petald.calls.count
        _ = try await sway.swaymsg(["[app_id=petal-alpha]", "focus"])
        let focused = try await petald.waitForApp("petal-alpha", skipping: seen)
        #expect(focused.context["title"] == "Alpha, the first")
        #expect(focused.context["instance"] == "petal-alpha", "a Wayland window's instance is its app_id again")

        seen = petald.calls.count
        _ = try await sway.swaymsg(["[app_id=petal-beta]", "focus"])
        try await petald.waitForApp("petal-beta", skipping: seen)

        seen = petald.calls.count
        _ = try await sway.swaymsg(["workspace", "2"])
        let empty = try await petald.waitForApp("", skipping: seen)
        #expect(
            empty.context == [
                "app": "", "instance": "", "title": "", "output": "HEADLESS-1", "source": "petal-context/sway",
            ])

        seen = petald.calls.count
        _ = try await sway.swaymsg(["workspace", "1"])
        try await petald.waitForApp("petal-beta", skipping: seen)

        // Closing the focused window hands focus to the other, and the context follows.
        seen = petald.calls.count
        beta.stop()
        try await petald.waitForApp("petal-alpha", skipping: seen)
        #expect(petald.calls.allSatisfy { $0.sender == start.sender }, "one connection sets every context")
    }
}
