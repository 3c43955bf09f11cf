import Foundation
import PetalCore
import TestSupport
import Testing

/// `appearance.restingButton` false (docs/overlay.md) on Xvfb with a
/// compositor: nothing of the overlay is on screen or takes a click while the
/// menu is collapsed; from `Toggle` on the menu is drawn as usual; a `Reload`
/// that changes the key is followed. The default, a resting button, is what
/// every other overlay test sees.
@Suite(.serialized) struct X11RestingButtonTests {
    static let configuration = OverlaySession.configuration.replacingOccurrences(
        of: #""shadow": false"#, with: #""shadow": false, "restingButton": false"#)

    /// A session whose overlay window is mapped, which it is only once it has
    /// read the menu's appearance from petald.
    func session() async throws -> (OverlaySession, XvfbDisplay) {
        let (session, display) = try await OverlaySession.start(
            configuration: Self.configuration, waitingForButton: false
        ) { try await XvfbDisplay(width: 1024, height: 600, compositor: true) }
        do {
            try await waitUntilMapped(session, on: display)
        } catch {
            session.stop()
            throw error
        }
        return (session, display)
    }

    private func waitUntilMapped(_ session: OverlaySession, on display: XvfbDisplay) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while (try? await display.xdotool(["search", "--onlyvisible", "--name", "^Petal$"]))?.isEmpty ?? true {
            guard ContinuousClock.now < deadline, session.overlay.isRunning else {
                throw TestSetupError("the overlay's window was never mapped; its log:\n\(session.overlay.log)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    @Test func nothingIsOnScreenWhileCollapsedAndToggleDrawsTheMenu() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let probe = (x: session.buttonCentre.x - 20, y: session.buttonCentre.y)
        let collapsed = try await display.screenshot(savingAs: "no-resting-button")
        for point in [probe, (x: session.buttonCentre.x, y: session.buttonCentre.y)] + (0..<3).map(session.onItem) {
            #expect(
                try collapsed.pixel(x: point.x, y: point.y, isWithin: 8, of: OverlaySession.background),
                "\(point) is \(collapsed.hex(x: point.x, y: point.y))")
        }
        // The mapped window takes no click either: one on the button's place reaches the window below.
        try await display.click(x: session.buttonCentre.x, y: session.buttonCentre.y)
        try await session.window.waitForPress(x: session.buttonCentre.x, y: session.buttonCentre.y)
        #expect(try await session.daemon.state() == "collapsed")

        _ = try await session.daemon.menu("Toggle")
        try await session.daemon.waitForState("expanded")
        for (index, colour) in OverlaySession.itemColours.enumerated() {
            let point = session.onItem(index)
            try await display.waitForPixel(x: point.x, y: point.y, toBe: colour)
        }
        try await display.waitForPixel(x: probe.x, y: probe.y, toBe: "#ffffff")
        // Open, the button takes clicks as usual: this one closes the menu, and then it is gone again.
        try await display.click(x: session.buttonCentre.x, y: session.buttonCentre.y)
        try await session.daemon.waitForState("collapsed")
        try await display.waitForPixel(x: probe.x, y: probe.y, toBe: OverlaySession.background)
        let item = session.onItem(1)
        try await display.waitForPixel(x: item.x, y: item.y, toBe: OverlaySession.background)
    }

    @Test func aReloadThatChangesTheKeyIsFollowed() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let probe = (x: session.buttonCentre.x - 20, y: session.buttonCentre.y)
        try OverlaySession.configuration.write(to: session.configFile, atomically: true, encoding: .utf8)
        #expect(try await session.daemon.menu("Reload") == [])
        try await display.waitForPixel(x: probe.x, y: probe.y, toBe: "#ef5285")
        try await display.click(x: session.buttonCentre.x, y: session.buttonCentre.y)
        try await session.daemon.waitForState("expanded")
        try await display.click(x: session.buttonCentre.x, y: session.buttonCentre.y)
        try await session.daemon.waitForState("collapsed")

        try Self.configuration.write(to: session.configFile, atomically: true, encoding: .utf8)
        #expect(try await session.daemon.menu("Reload") == [])
        try await display.waitForPixel(x: probe.x, y: probe.y, toBe: OverlaySession.background)
        try await display.click(x: session.buttonCentre.x, y: session.buttonCentre.y)
        try await session.window.waitForPress(x: session.buttonCentre.x, y: session.buttonCentre.y)
        #expect(try await session.daemon.state() == "collapsed")
    }
}
