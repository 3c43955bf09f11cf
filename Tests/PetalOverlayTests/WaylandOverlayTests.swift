import Foundation
import PetalCore
import TestSupport
import Testing

/// petal-overlay as a layer-shell surface on headless sway, keys sent by wtype
/// (the headless seat has no pointer, so pointer input is tested on X11).
@Suite(.serialized) struct WaylandOverlayTests {
    func session() async throws -> (OverlaySession, HeadlessSway) {
        try await OverlaySession.start { try await HeadlessSway(width: 1024, height: 600, background: "#202020") }
    }

    @Test func theOverlayIsDrawnAboveANormalWindowAndSpreadsWhenToggled() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let collapsed = try await display.screenshot(savingAs: "collapsed")
        let item = session.onItem(0)
        #expect(
            try collapsed.pixel(x: item.x, y: item.y, isWithin: 8, of: OverlaySession.background),
            "the window below should show where the items hide: \(collapsed.hex(x: item.x, y: item.y))")
        _ = try await session.daemon.menu("Toggle")
        try await session.daemon.waitForState("expanded")
        for (index, colour) in OverlaySession.itemColours.enumerated() {
            let point = session.onItem(index)
            try await display.waitForPixel(x: point.x, y: point.y, toBe: colour)
        }
        try await display.waitForPixel(x: session.buttonCentre.x - 20, y: session.buttonCentre.y, toBe: "#ffffff")
        // Far from the menu the window below is untouched.
        let open = try await display.screenshot(savingAs: "expanded")
        #expect(try open.pixel(x: 700, y: 150, isWithin: 8, of: OverlaySession.background))
    }

    @Test func whileOpenTheOverlayTakesTheKeysAndGivesThemBackWhenClosed() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        // Collapsed, keys go to the focused window, not to the overlay.
        try await display.press(.space)
        try await session.window.waitForKey(.space)
        try await session.open()
        try await display.press(.escape)
        try await session.daemon.waitForState("collapsed")
        #expect(
            !session.window.keys.contains("Escape"), "the window below got the overlay's Escape: \(session.window.keys)"
        )
        try await session.open()
        try await display.press(.digit(2))
        try await session.waitForAction(on: "green")
        try await session.daemon.waitForState("collapsed")
    }
}
