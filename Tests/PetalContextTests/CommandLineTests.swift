import Foundation
import TestSupport
import Testing

/// petal-context's command line, and a desktop it cannot read: the built
/// binary, run with nothing but the variables each test gives it.
@Suite("petal-context's command line and unreadable desktops", .timeLimit(.minutes(1)))
struct CommandLineTests {
    @Test("--help names every backend, the variable it reads, and what to do elsewhere")
    func helpNamesEveryBackend() async throws {
        let run = try await ContextProgram.run(["--help"], environment: [:])
        #expect(run.status == 0)
        for name in [
            "sway", "i3", "hyprland", "x11", "SWAYSOCK", "I3SOCK", "HYPRLAND_INSTANCE_SIGNATURE", "DISPLAY",
            "petalctl show NAME", "petalctl context",
        ] {
            #expect(run.output.contains(name), "--help lacks \(name):\n\(run.output)")
        }
    }

    @Test("GNOME on Wayland: status 1, naming what was looked for and what to do instead")
    func gnomeOnWaylandIsUnreadable() async throws {
        let run = try await ContextProgram.run(
            [],
            environment: [
                "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "GNOME",
                "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent",
            ])
        #expect(run.status == 1, "\(run.summary)")
        for text in [
            "SWAYSOCK", "I3SOCK", "HYPRLAND_INSTANCE_SIGNATURE", "DISPLAY", "wayland-0", "GNOME",
            "petalctl show NAME", "petalctl context app=",
        ] {
            #expect(run.errors.contains(text), "the message lacks \(text):\n\(run.errors)")
        }
        #expect(run.output.isEmpty)
    }

    @Test("no desktop at all: status 1, saying that none of the variables is set")
    func nothingSet() async throws {
        let run = try await ContextProgram.run([], environment: [:])
        #expect(run.status == 1, "\(run.summary)")
        #expect(run.errors.contains("none of them set"), "\(run.errors)")
    }

    @Test("an X display that does not answer: status 1, naming it")
    func deadDisplay() async throws {
        let run = try await ContextProgram.run([], environment: ["DISPLAY": ":239"])
        #expect(run.status == 1, "\(run.summary)")
        #expect(run.errors.contains("cannot open the X display \":239\""), "\(run.errors)")
    }

    @Test("a SWAYSOCK that names no socket: status 1, naming the path and the variable")
    func deadSwaySocket() async throws {
        let run = try await ContextProgram.run([], environment: ["SWAYSOCK": "/nonexistent/sway-ipc.sock"])
        #expect(run.status == 1, "\(run.summary)")
        #expect(run.errors.contains("/nonexistent/sway-ipc.sock"), "\(run.errors)")
        #expect(run.errors.contains("SWAYSOCK"), "\(run.errors)")
    }

    @Test("a usage error is status 2 and says what is wrong")
    func usageErrors() async throws {
        let unknown = try await ContextProgram.run(["--frobnicate"], environment: [:])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("unknown option --frobnicate"), "\(unknown.errors)")
        let backend = try await ContextProgram.run(["--backend", "gnome"], environment: [:])
        #expect(backend.status == 2)
        #expect(
            backend.errors.contains(#"unknown backend "gnome"; use sway, i3, hyprland or x11"#), "\(backend.errors)")
    }
}
