import PetalContextCore
import Testing

/// The backend the environment names: sway, i3, Hyprland, then X11 outside Wayland.
@Suite struct BackendChoiceTests {
    static func choose(_ environment: [String: String], forced: ContextBackend? = nil) -> Result<
        BackendChoice, BackendChoice.Unreadable
    > {
        BackendChoice.choose(environment: environment, forced: forced)
    }

    @Test func swayFirstThenI3ThenHyprlandThenX11() throws {
        let everything = [
            "SWAYSOCK": "/run/user/1000/sway-ipc.sock", "I3SOCK": "/run/user/1000/i3/ipc",
            "HYPRLAND_INSTANCE_SIGNATURE": "abc", "DISPLAY": ":0", "XDG_RUNTIME_DIR": "/run/user/1000",
        ]
        #expect(
            try Self.choose(everything).get() == .sway(socket: "/run/user/1000/sway-ipc.sock"),
            "sway sets I3SOCK too, to the same socket")
        var rest = everything
        rest["SWAYSOCK"] = nil
        #expect(try Self.choose(rest).get() == .i3(socket: "/run/user/1000/i3/ipc"))
        rest["I3SOCK"] = ""
        #expect(try Self.choose(rest).get() == .hyprland(folders: ["/run/user/1000/hypr/abc", "/tmp/hypr/abc"]))
        rest["HYPRLAND_INSTANCE_SIGNATURE"] = nil
        #expect(try Self.choose(rest).get() == .x11(display: ":0"))
    }

    @Test func hyprlandWithoutARuntimeFolderLooksInTmp() throws {
        #expect(try Self.choose(["HYPRLAND_INSTANCE_SIGNATURE": "abc"]).get() == .hyprland(folders: ["/tmp/hypr/abc"]))
    }

    @Test func eachChoiceNamesItsSource() {
        #expect(BackendChoice.sway(socket: "/s").backend.source == "petal-context/sway")
        #expect(BackendChoice.i3(socket: "/s").backend.source == "petal-context/i3")
        #expect(BackendChoice.hyprland(folders: []).backend.source == "petal-context/hyprland")
        #expect(BackendChoice.x11(display: ":0").backend.source == "petal-context/x11")
    }

    @Test func xwaylandInsideAWaylandSessionIsNotRead() throws {
        let gnome = ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "GNOME"]
        guard case .failure(let unreadable) = Self.choose(gnome) else {
            Issue.record("GNOME on Wayland was chosen a backend")
            return
        }
        #expect(unreadable.description.contains("wayland-0"))
        #expect(unreadable.description.contains("XDG_CURRENT_DESKTOP=GNOME"))
        #expect(unreadable.description.contains("Xwayland"))
        #expect(try Self.choose(gnome, forced: .x11).get() == .x11(display: ":0"), "unless asked for")
    }

    @Test func anUnreadableDesktopNamesWhatWasLookedForAndWhatToDoInstead() {
        guard case .failure(let unreadable) = Self.choose(["WAYLAND_DISPLAY": "wayland-0"]) else {
            Issue.record("a bare Wayland session was chosen a backend")
            return
        }
        for variable in ["SWAYSOCK", "I3SOCK", "HYPRLAND_INSTANCE_SIGNATURE", "DISPLAY"] {
            #expect(unreadable.description.contains(variable))
        }
        #expect(unreadable.advice.contains("petalctl show NAME"))
        #expect(unreadable.advice.contains("petalctl context app="))
    }

    @Test func nothingSetSaysSoAndHowToGiveTheUserManagerTheEnvironment() {
        guard case .failure(let unreadable) = Self.choose([:]) else {
            Issue.record("an empty environment was chosen a backend")
            return
        }
        #expect(unreadable.description.contains("none of them set"))
        #expect(unreadable.description.contains("import-environment"))
    }

    @Test func aForcedBackendNeedsItsVariable() throws {
        guard case .failure(let unreadable) = Self.choose(["DISPLAY": ":0"], forced: .sway) else {
            Issue.record("--backend sway ran without SWAYSOCK")
            return
        }
        #expect(unreadable.description == "--backend sway reads SWAYSOCK, which is not set")
        #expect(
            try Self.choose(["DISPLAY": ":0", "SWAYSOCK": "/s"], forced: .x11).get() == .x11(display: ":0"),
            "the X11 of a sway session's Xwayland, when asked for")
    }
}
