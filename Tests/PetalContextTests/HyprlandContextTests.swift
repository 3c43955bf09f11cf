import Foundation
import TestSupport
import Testing

/// petal-context on Hyprland: Hyprland is not in Debian, so a stand-in that
/// speaks its socket protocol (Support/HyprlandStandIn.swift) plays it, fed
/// the events Hyprland's documentation lists, against a stand-in petald
/// (Support/StandInPetald.swift) on a private bus.
@Suite("petal-context on Hyprland's sockets", .timeLimit(.minutes(2)))
struct HyprlandContextTests {
    /// A private bus, the stand-in petald and Hyprland, and petal-context between them.
    struct Scene {
        let bus: PrivateBus
        let petald: StandInPetald
        let hyprland: HyprlandStandIn
        let program: BackgroundProcess

        init(_ name: String, state: HyprlandStandIn.State = HyprlandStandIn.State(), petaldRuns: Bool = true)
            async throws
        {
            let folder = try ContextProgram.scratchFolder(name)
            bus = try PrivateBus()
            petald = try await StandInPetald(bus: bus)
            if !petaldRuns { petald.leave() }
            hyprland = try HyprlandStandIn(in: folder, state: state)
            program = try ContextProgram.start(bus: bus, environment: hyprland.environment, logIn: folder)
            try await hyprland.waitForEventClients()
        }

        func stop() {
            program.stop()
            hyprland.stop()
            petald.leave()
            bus.stop()
        }
    }

    @Test("the starting state comes from j/activewindow and j/monitors, with source petal-context/hyprland")
    func startingState() async throws {
        var state = HyprlandStandIn.State()
        state.activeWindow = ("kitty", "~/src/petal")
        state.monitors = ["DP-1", "HDMI-A-1"]
        state.focusedMonitor = "HDMI-A-1"
        let scene = try await Scene("start", state: state)
        defer { scene.stop() }
        let call = try await scene.petald.waitForApp("kitty")
        #expect(
            call.context == [
                "app": "kitty", "instance": "kitty", "title": "~/src/petal", "output": "HDMI-A-1",
                "source": "petal-context/hyprland",
            ])
        #expect(Set(scene.hyprland.requestsAnswered) == ["j/activewindow", "j/monitors"])
        #expect(
            scene.program.log.contains(
                "reading Hyprland's focus from \(scene.hyprland.runtimeDirectory.path)/hypr/petaltest"),
            "the log names the backend: \(scene.program.log)")
    }

    @Test("no active window at the start ({}) is app \"\" and title \"\"")
    func noWindowAtStart() async throws {
        let scene = try await Scene("empty")
        defer { scene.stop() }
        let call = try await scene.petald.waitForCall { _ in true }
        #expect(
            call.context == [
                "app": "", "instance": "", "title": "", "output": "DP-1", "source": "petal-context/hyprland",
            ])
    }

    /// `activewindow>>` carries no `initialClass`: another application's focus
    /// asks `j/activewindow` again for it; a title change does not.
    @Test("the instance is initialClass, asked again when another application has focus")
    func instanceFromInitialClass() async throws {
        var state = HyprlandStandIn.State()
        state.activeWindow = ("kitty", "~")
        state.initialClass = "kitty-dropdown"
        let scene = try await Scene("instance", state: state)
        defer { scene.stop() }
        let petald = scene.petald
        let kitty = try await petald.waitForApp("kitty")
        #expect(kitty.context["instance"] == "kitty-dropdown")

        scene.hyprland.update {
            $0.activeWindow = ("firefox", "Mail")
            $0.initialClass = "firefox-work"
        }
        let asked = scene.hyprland.requestsAnswered.count
        scene.hyprland.send("activewindow>>firefox,Mail")
        let firefox = try await petald.waitForApp("firefox")
        #expect(firefox.context["instance"] == "firefox-work", "\(firefox.context)")
        #expect(scene.hyprland.requestsAnswered.dropFirst(asked) == ["j/activewindow"])

        scene.hyprland.update { $0.activeWindow = ("firefox", "Inbox") }
        let before = scene.hyprland.requestsAnswered.count
        scene.hyprland.send("activewindow>>firefox,Inbox")
        let inbox = try await petald.waitForCall { $0.context["title"] == "Inbox" }
        #expect(inbox.context["instance"] == "firefox-work")
        #expect(scene.hyprland.requestsAnswered.count == before, "a title change asks nothing")
    }

    @Test("every event kind: activewindow (commas in the title), activewindow>>, and focusedmon; all others ignored")
    func everyEventKind() async throws {
        var state = HyprlandStandIn.State()
        state.activeWindow = ("kitty", "~")
        let scene = try await Scene("events", state: state)
        defer { scene.stop() }
        let petald = scene.petald
        try await petald.waitForApp("kitty")

        scene.hyprland.send("activewindow>>firefox,Petal, a menu, with commas — Mozilla Firefox")
        let firefox = try await petald.waitForApp("firefox")
        #expect(firefox.context["title"] == "Petal, a menu, with commas — Mozilla Firefox")
        #expect(firefox.context["output"] == "DP-1")

        scene.hyprland.send("focusedmon>>HDMI-A-1,2")
        try await petald.waitForCall { $0.context["output"] == "HDMI-A-1" && $0.app == "firefox" }

        scene.hyprland.send("activewindow>>,")
        let none = try await petald.waitForCall { $0.app == "" }
        #expect(
            none.context == [
                "app": "", "instance": "", "title": "", "output": "HDMI-A-1", "source": "petal-context/hyprland",
            ])

        // Every other event of Hyprland's IPC, each line once; the v2 twins
        // of the events above carry addresses and ids, not what the context holds.
        let before = petald.calls.count
        scene.hyprland.sendLines([
            "activewindowv2>>55d0c0ffee20", "focusedmonv2>>DP-9,3", "workspace>>3", "workspacev2>>3,3",
            "openwindow>>55d0c0ffee20,3,evil,Evil title", "closewindow>>55d0c0ffee20",
            "windowtitle>>55d0c0ffee20", "windowtitlev2>>55d0c0ffee20,Evil title",
            "movewindow>>55d0c0ffee20,3", "movewindowv2>>55d0c0ffee20,3,3", "createworkspace>>4",
            "createworkspacev2>>4,4", "destroyworkspace>>4", "destroyworkspacev2>>4,4",
            "moveworkspace>>3,DP-9", "moveworkspacev2>>3,3,DP-9", "renameworkspace>>3,evil",
            "activespecial>>special:evil,DP-9", "activelayout>>keyboard,English (US)", "fullscreen>>1",
            "monitoradded>>DP-9", "monitoraddedv2>>9,DP-9,Evil", "monitorremoved>>DP-9", "openlayer>>evil",
            "closelayer>>evil", "submap>>evil", "changefloatingmode>>55d0c0ffee20,1", "urgent>>55d0c0ffee20",
            "screencast>>1,0", "togglegroup>>1,55d0c0ffee20", "moveintogroup>>55d0c0ffee20",
            "moveoutofgroup>>55d0c0ffee20", "ignoregrouplock>>1", "lockgroups>>1", "configreloaded>>",
            "pin>>55d0c0ffee20,1", "bell>>55d0c0ffee20", "not an event at all",
        ])
        scene.hyprland.send("activewindow>>sentinel,done")
        let sentinel = try await petald.waitForApp("sentinel", skipping: before)
        #expect(
            sentinel.context == [
                "app": "sentinel", "instance": "", "title": "done", "output": "HDMI-A-1",
                "source": "petal-context/hyprland",
            ])
        #expect(
            petald.calls.count == before + 1, "only the sentinel changed the context: \(petald.calls.dropFirst(before))"
        )
    }

    @Test("a burst of focus changes ends in one call for where it ended, not one each")
    func burstIsCoalesced() async throws {
        var state = HyprlandStandIn.State()
        state.activeWindow = ("kitty", "~")
        let scene = try await Scene("burst", state: state)
        defer { scene.stop() }
        try await scene.petald.waitForApp("kitty")
        let before = scene.petald.calls.count
        for round in 0..<20 {
            scene.hyprland.sendLines((0..<100).map { "activewindow>>app-\(round)-\($0),window \($0)" })
        }
        scene.hyprland.send("activewindow>>last,the end")
        try await scene.petald.waitForApp("last", skipping: before)
        try await Task.sleep(for: .milliseconds(200))
        let burst = scene.petald.calls.dropFirst(before)
        #expect(burst.last?.app == "last")
        #expect(burst.count <= 42, "2,001 focus changes in 21 writes made \(burst.count) calls; at most two a write")
    }

    @Test("petald leaving and coming back is sent the context again, with what changed meanwhile")
    func petaldComesBack() async throws {
        var state = HyprlandStandIn.State()
        state.activeWindow = ("kitty", "~")
        let scene = try await Scene("restart", state: state)
        defer { scene.stop() }
        let first = try await scene.petald.waitForApp("kitty")

        scene.petald.leave()
        try await Task.sleep(for: .milliseconds(100))
        scene.hyprland.send("activewindow>>foot,changed while petald was away")
        try await Task.sleep(for: .milliseconds(100))
        let whileAway = scene.petald.calls.count
        try await scene.petald.appear()
        let again = try await scene.petald.waitForApp("foot", skipping: whileAway)
        #expect(again.context["title"] == "changed while petald was away")
        #expect(again.sender == first.sender, "the same petal-context connection sets it again")

        // Restarted once more with nothing changed: the same context is sent again.
        scene.petald.leave()
        try await Task.sleep(for: .milliseconds(100))
        let count = scene.petald.calls.count
        try await scene.petald.appear()
        try await scene.petald.waitForApp("foot", skipping: count)
    }

    @Test("petald not running at the start is sent the context when it appears")
    func petaldAppearsLater() async throws {
        var state = HyprlandStandIn.State()
        state.activeWindow = ("kitty", "~")
        let scene = try await Scene("later", state: state, petaldRuns: false)
        defer { scene.stop() }
        try await ContextProgram.waitForLog(of: scene.program, containing: "petald is not on the bus yet")
        try await Task.sleep(for: .milliseconds(100))
        #expect(scene.petald.calls.isEmpty)
        try await scene.petald.appear()
        let call = try await scene.petald.waitForApp("kitty")
        #expect(call.context["source"] == "petal-context/hyprland")
    }

    @Test("Hyprland going away ends petal-context with status 1, saying so")
    func hyprlandLeaves() async throws {
        let scene = try await Scene("leaves")
        defer { scene.stop() }
        try await scene.petald.waitForCall { _ in true }
        scene.hyprland.disconnectEventClients()
        let deadline = ContinuousClock.now + .seconds(5)
        while scene.program.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!scene.program.isRunning)
        #expect(scene.program.process.terminationStatus == 1)
        #expect(scene.program.log.contains("Hyprland closed its event socket"), "\(scene.program.log)")
    }
}
