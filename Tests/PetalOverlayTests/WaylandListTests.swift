import DBus
import Foundation
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// The `list` layout on headless sway (docs/overlay.md, "The list layout"):
/// the overlay draws a `PickFrom` list as a layer surface that takes the
/// keyboard, wtype types a filter (the seat has no pointer), and the
/// `PickFrom` answer says what was chosen.
@Suite(.serialized, .timeLimit(.minutes(5))) struct WaylandListTests {
    func session(configuration: String = OverlaySession.configuration) async throws -> (OverlaySession, HeadlessSway) {
        try await OverlaySession.start(configuration: configuration) {
            try await HeadlessSway(width: 1024, height: 600, background: "#202020")
        }
    }

    /// Calls `PickFrom` with `json` and waits until the list's panel shows at (`x`, 300).
    func pick(_ json: String, in session: OverlaySession, _ display: HeadlessSway, x: Int = 195) async throws -> Task<
        PickAnswer, any Error
    > {
        let caller = PetalClient(connection: try DBusConnection.connect(to: .address(session.daemon.bus.address)))
        let answer = Task { try await caller.pickFrom(json, timeout: 30) }
        try await display.waitForPixel(x: x, y: 300, toBe: X11ListTests.panel, within: .seconds(20))
        return answer
    }

    @Test func aFilterTypedWithWtypeAndEnterAnswerWithTheRowAndTheFilter() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let answer = try await pick(X11ListTests.rows, in: session, display)
        try await display.type("gam")
        try await display.type(" kn")
        try await display.press(.return)
        let picked = try await answer.value
        #expect(picked == PickAnswer(ids: ["g"], filter: "gam kn"), "overlay log:\n\(session.overlay.log)")
        #expect(session.window.keys.isEmpty, "the window below got \(session.window.keys)")
        // The layer surface went with the menu, and the window below has the keyboard again.
        try await display.waitForPixel(x: 195, y: 300, toBe: OverlaySession.background)
        try await display.press(.space)
        try await session.window.waitForKey(.space)
    }

    /// Keys typed as soon as the overlay has taken the keyboard for the list,
    /// before it has made (let alone drawn) its layer surface, reach the
    /// filter whole and in order, as on X11 (``X11ListTests/keysTypedBeforeTheFirstFrameReachTheFilterWhole()``):
    /// main's layer surface, already mapped, takes the keyboard for the list
    /// as it opens, and sends that to sway at once. (While the request waited
    /// for the list's surface to be made, 4 to 10 ms, wtype's first key
    /// reached sway first and the window below in about half the runs; typed
    /// at `StateChanged` under a full suite's load, now and then, when the
    /// overlay had not read that signal yet.)
    @Test func keysTypedBeforeTheFirstFrameReachTheFilterWhole() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let opening = try await session.daemon.client.signals(
            MatchRule(sender: RunningDaemon.name.rawValue, interface: "org.petal.Petal1.Menu", member: "StateChanged"))
        let caller = PetalClient(connection: try DBusConnection.connect(to: .address(session.daemon.bus.address)))
        let answer = Task { try await caller.pickFrom(X11ListTests.rows, timeout: 30) }
        for await signal in opening where signal.path != RunningDaemon.path.rawValue { break }
        // Once the overlay has heard of the menu and taken the keyboard: keys typed before it
        // knows the menu is its own go where the display server sends them (docs/overlay.md).
        try await session.overlay.waitForLog("the keyboard is taken, before its window is made")
        try await display.wtype(["-d", "1", "gam kn"])
        try await display.press(.return)
        let picked = try await answer.value
        #expect(picked == PickAnswer(ids: ["g"], filter: "gam kn"), "overlay log:\n\(session.overlay.log)")
        #expect(session.window.keys.isEmpty, "the window below got \(session.window.keys)")
    }

    /// `appearance.width` and `appearance.lines` size the window: 400
    /// pixels wide (from x = 312 on a 1024-wide output) and, with two
    /// lines of the five rows, about 120 high round the middle (y = 300),
    /// where five rows would reach past y = 380.
    @Test func theAppearanceSetsTheWidthAndTheLines() async throws {
        let configuration = OverlaySession.configuration.replacingOccurrences(
            of: #""shadow": false"#, with: #""shadow": false, "width": 400, "lines": 2"#)
        let (session, display) = try await session(configuration: configuration)
        defer { session.stop() }
        let answer = try await pick(X11ListTests.rows, in: session, display, x: 315)
        let image = try await display.screenshot(savingAs: "list-narrow")
        for (x, y, colour, what) in [
            (305, 300, OverlaySession.background, "left of the panel"), (708, 300, X11ListTests.panel, "its right"),
            (718, 300, OverlaySession.background, "right of the panel"),
            (500, 385, OverlaySession.background, "under two rows"),
        ] {
            #expect(try image.pixel(x: x, y: y, isWithin: 8, of: colour), "\(what): \(image.hex(x: x, y: y))")
        }
        try await display.press(.return)
        #expect(try await answer.value == PickAnswer(ids: ["a"], filter: ""), "overlay log:\n\(session.overlay.log)")
    }
}
