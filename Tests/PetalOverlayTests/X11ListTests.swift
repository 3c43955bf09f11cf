import DBus
import Foundation
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// The `list` layout on X11 (docs/overlay.md, "The list layout"): a real
/// petald serves a `PickFrom` list menu, the overlay draws it centred and
/// takes the keyboard, xdotool types a filter and presses keys, and the
/// `PickFrom` answer says what was chosen.
@Suite(.serialized, .timeLimit(.minutes(5))) struct X11ListTests {
    static let rows = #"""
        { "layout": "list", "picker": { "prompt": "run", "multi": true, "keys": ["Alt+1"] }, "items": [
            { "id": "a", "title": "Alpha", "icon": "edit-copy" },
            { "id": "b", "title": "Beta" },
            { "id": "c", "title": "Gamma ray burst: a flash of gamma rays from a distant galaxy, the brightest electromagnetic event in the universe", "icon": "weather-clear" },
            { "id": "d", "title": "Delta" },
            { "id": "g", "title": "Gamma knife", "icon": "applications-science" }
        ] }
        """#

    /// The panel's colour: what the list's edge is drawn in.
    static let panel = "#fbfbfb"

    func session() async throws -> (OverlaySession, XvfbDisplay) {
        try await OverlaySession.start { try await XvfbDisplay(width: 1024, height: 600, compositor: false) }
    }

    /// Calls `PickFrom` with `json` and waits until its list is on screen.
    func pick(_ json: String, in session: OverlaySession, _ display: XvfbDisplay) async throws -> Task<
        PickAnswer, any Error
    > {
        let caller = PetalClient(connection: try DBusConnection.connect(to: .address(session.daemon.bus.address)))
        let answer = Task { try await caller.pickFrom(json, timeout: 30) }
        // The window is 640 wide, centred: its left padding is at x = 192 + 3.
        try await display.waitForPixel(x: 195, y: 300, toBe: Self.panel, within: .seconds(20))
        return answer
    }

    @Test func aTypedFilterAndEnterAnswerWithTheRowAndTheFilter() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let answer = try await pick(Self.rows, in: session, display)
        try await display.type("gam")
        try await Task.sleep(for: .milliseconds(300))
        _ = try await display.screenshot(savingAs: "list-filter")
        try await display.type(" kn")
        try await display.press(.return)
        let picked = try await answer.value
        #expect(picked == PickAnswer(ids: ["g"], filter: "gam kn"), "overlay log:\n\(session.overlay.log)")
        // The window went with the menu.
        try await display.waitForPixel(x: 195, y: 300, toBe: OverlaySession.background)
    }

    /// Keys typed the moment the overlay has taken the keyboard for the list,
    /// before it has made (let alone drawn) the list's window, reach the
    /// filter whole and in order: they are queued for it. (Typed at
    /// `StateChanged`, before the overlay had read that signal under a full
    /// suite's load, a first key now and then reached the window below: no
    /// program can take keys it does not know are its own yet.)
    @Test func keysTypedBeforeTheFirstFrameReachTheFilterWhole() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let opening = try await session.daemon.client.signals(
            MatchRule(sender: RunningDaemon.name.rawValue, interface: "org.petal.Petal1.Menu", member: "StateChanged"))
        let caller = PetalClient(connection: try DBusConnection.connect(to: .address(session.daemon.bus.address)))
        let answer = Task { try await caller.pickFrom(Self.rows, timeout: 30) }
        // Typed as soon as the menu starts to open: the list is not on screen yet.
        for await signal in opening where signal.path != RunningDaemon.path.rawValue { break }
        // Once the overlay has heard of the menu and taken the keyboard: keys typed before it
        // knows the menu is its own go where the display server sends them (docs/overlay.md).
        try await session.overlay.waitForLog("the keyboard is taken, before its window is made")
        try await display.xdotool(["type", "--delay", "1", "gam kn"])
        try await display.press(.return)
        let picked = try await answer.value
        #expect(picked == PickAnswer(ids: ["g"], filter: "gam kn"), "overlay log:\n\(session.overlay.log)")
        #expect(session.window.keys.isEmpty, "the window below got \(session.window.keys)")
    }

    @Test func marksAndACustomKeyAnswerWithEveryMarkedRowAndTheKey() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let answer = try await pick(Self.rows, in: session, display)
        try await display.type("a")
        // Alpha, Beta, Gamma ray burst, Delta, Gamma knife match "a": mark Beta and Delta.
        try await display.press(.down)
        try await display.xdotool(["key", "ctrl+space"])
        try await display.press(.down)
        try await display.xdotool(["key", "shift+Return"])
        try await display.xdotool(["key", "alt+1"])
        let picked = try await answer.value
        #expect(picked == PickAnswer(ids: ["b", "d"], filter: "a", key: 1), "overlay log:\n\(session.overlay.log)")
    }

    /// Enter while the menu is still opening (here for 30 s) answers, and the
    /// window goes with the menu all the same: under load the first frame
    /// came late in a 0.2 s opening, the Enter typed after it came before the
    /// opening's end, and the window stayed (petald ignored its own close).
    @Test func enterWhileTheMenuOpensAnswersAndTheWindowGoes() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let slow = Self.rows.replacingOccurrences(
            of: #""layout": "list","#, with: #""layout": "list", "openDuration": 30,"#)
        let answer = try await pick(slow, in: session, display)
        try await display.type("omega")
        try await display.press(.return)
        #expect(try await answer.value == PickAnswer(ids: [], filter: "omega", custom: true))
        try await display.waitForPixel(x: 195, y: 300, toBe: OverlaySession.background)
    }

    @Test func enterWithNothingMatchingSubmitsTheFilterAndEscapeCancels() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let answer = try await pick(Self.rows, in: session, display)
        try await display.type("omega")
        try await display.press(.return)
        #expect(try await answer.value == PickAnswer(ids: [], filter: "omega", custom: true))
        try await display.waitForPixel(x: 195, y: 300, toBe: OverlaySession.background)

        let cancelled = try await pick(Self.rows, in: session, display)
        try await display.type("x")
        try await display.press(.escape)
        // Escape counts even while the menu is still opening.
        let error = await #expect(throws: DBusError.self) { try await cancelled.value }
        #expect(error?.name == "org.petal.Petal1.Error.Cancelled", "\(String(describing: error))")
    }
}
