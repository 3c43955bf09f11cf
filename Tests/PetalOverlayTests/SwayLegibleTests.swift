import Foundation
import TestSupport
import Testing

/// The overlay over a white window on headless sway, the third desktop of
/// docs/overlay.md's "No compositor" and "What it draws" (the X11 ones are
/// X11NoCompositorTests and X11OverlayDefectTests): sway always composites,
/// so the backdrop is a see-through grey, never a black sheet; the open
/// button and every label show, and a highlight another client sets is
/// drawn. One sway for all of it: sway tests share a few slots.
@Suite(.serialized) struct SwayLegibleTests {
    @Test func overWhiteNothingIsBlackTheLabelsShowAndAnotherClientsHighlightIsDrawn() async throws {
        let (session, display) = try await OverlaySession.start(
            configuration: X11NoCompositorTests.configuration, background: "#ffffff"
        ) {
            try await HeadlessSway(width: 1024, height: 600, background: "#ffffff")
        }
        defer { session.stop() }
        try await session.open()
        try await Task.sleep(for: .milliseconds(400))
        let shot = try await display.screenshot(savingAs: "sway-open")
        // The backdrop, #00000080 over white, far from the menu: grey, not black.
        let far = (x: 700, y: 150)
        #expect(
            try shot.pixel(x: far.x, y: far.y, isWithin: 8, of: "#7f7f7f"),
            "\(far) is \(shot.hex(x: far.x, y: far.y)) under the backdrop")
        // The open button is a white disc on that grey.
        let button = session.buttonCentre
        let onButton = (x: button.x, y: button.y - 24)
        #expect(
            try shot.pixel(x: onButton.x, y: onButton.y, isWithin: 8, of: "#ffffff"),
            "the open button at \(onButton) is \(shot.hex(x: onButton.x, y: onButton.y))")
        X11NoCompositorTests.expectEveryLabelWhole(in: shot, of: session)
        try await X11OverlayDefectTests.expectHighlightFromAnotherClientDrawn(
            session, display, savingAs: "sway-highlight-before")
    }
}
