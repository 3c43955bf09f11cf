import DBus
import Foundation
import Linux
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// The `list` layout on headless sway with its 100,000 rows in a row table
/// (docs/overlay.md, "The list layout"), as ``X11ListTableTests`` on X11:
/// the layer surface shows once `GetRows` has brought the rows, takes the
/// keyboard, and the answer names the row found by what wtype typed.
@Suite(.serialized, .timeLimit(.minutes(5))) struct WaylandListTableTests {
    func session() async throws -> (OverlaySession, HeadlessSway) {
        try await OverlaySession.start {
            try await HeadlessSway(width: 1024, height: 600, background: "#202020")
        }
    }

    @Test func aFilterTypedWithWtypeFindsTheRowAndEnterAnswersItsID() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let caller = PetalClient(connection: try DBusConnection.connect(to: .address(session.daemon.bus.address)))
        let rows = try SealedMemory.make(name: "petal-test-rows", bytes: X11ListTableTests.rows())
        let answer = Task { try await caller.pickFrom(X11ListTableTests.json, timeout: 30, rows: rows) }
        try await display.waitForPixel(x: 195, y: 300, toBe: X11ListTests.panel, within: .seconds(20))
        try await display.type("surg kni")
        try await display.press(.return)
        let picked = try await answer.value
        #expect(
            picked == PickAnswer(ids: [X11ListTableTests.needle.id], filter: "surg kni"),
            "overlay log:\n\(session.overlay.log)")
        #expect(session.window.keys.isEmpty, "the window below got \(session.window.keys)")
    }

    /// Keys typed once the overlay has taken the keyboard, while the rows are
    /// still coming and the layer surface is not made yet, reach the filter
    /// whole and in order.
    @Test func keysTypedBeforeTheRowsComeReachTheFilterWhole() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let opening = try await session.daemon.client.signals(
            MatchRule(sender: RunningDaemon.name.rawValue, interface: "org.petal.Petal1.Menu", member: "StateChanged"))
        let caller = PetalClient(connection: try DBusConnection.connect(to: .address(session.daemon.bus.address)))
        let rows = try SealedMemory.make(name: "petal-test-rows", bytes: X11ListTableTests.rows())
        let answer = Task { try await caller.pickFrom(X11ListTableTests.json, timeout: 30, rows: rows) }
        for await signal in opening where signal.path != RunningDaemon.path.rawValue { break }
        // From the moment the overlay has taken the keyboard (X11ListTests says why not sooner).
        try await session.overlay.waitForLog("the keyboard is taken, before its window is made")
        try await display.wtype(["-d", "1", "gamma kn"])
        try await display.press(.return)
        let picked = try await answer.value
        #expect(
            picked == PickAnswer(ids: [X11ListTableTests.needle.id], filter: "gamma kn"),
            "overlay log:\n\(session.overlay.log)")
        #expect(session.window.keys.isEmpty, "the window below got \(session.window.keys)")
    }
}
