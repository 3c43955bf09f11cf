import Foundation
import PetalCore
import TestSupport
import Testing

/// The overlay on plain X11, no compositing manager, over a white window,
/// on Xvfb alone and under i3 (docs/overlay.md, "No compositor"): no black backdrop sheet, no black
/// shadow boxes, the open (white) button outlined, and labels drawn whole.
@Suite(.serialized) struct X11NoCompositorTests {
    /// The session's menu with a backdrop, shadows, every label shown, and a long title.
    static let configuration = OverlaySession.configuration
        .replacingOccurrences(
            of: #""shadow": false"#, with: ##""shadow": true, "backdrop": "#00000080", "labels": "always""##
        )
        .replacingOccurrences(of: #""title": "Blue""#, with: #""title": "Blue screenshot tool""#)

    @Test(arguments: X11Desktop.all)
    func nothingBlackAndTheOpenButtonShowsOnWhite(desktop: X11Desktop) async throws {
        let (session, display, manager) = try await OverlaySession.start(
            on: desktop, configuration: Self.configuration, background: "#ffffff")
        defer {
            session.stop()
            manager?.stop()
        }
        let composited = desktop.composited
        try await session.open()
        try await Task.sleep(for: .milliseconds(400))
        let shot = try await display.screenshot(savingAs: desktop.shotName("open"))
        let button = session.buttonCentre
        if !composited {
            // No sheet far from the menu, no shadow box just outside a disc's square.
            for point in [(x: 700, y: 150), (x: button.x + 33, y: button.y + 33), (x: button.x - 33, y: button.y - 33)]
            {
                #expect(
                    try shot.pixel(x: point.x, y: point.y, isWithin: 8, of: "#ffffff"),
                    "\(point) is \(shot.hex(x: point.x, y: point.y)) without a compositor")
            }
            // The open button is a white disc: its 1-pixel outline shows it on white.
            let edge = (x: button.x, y: button.y - 30)
            #expect(
                !(try shot.pixel(x: edge.x, y: edge.y, isWithin: 60, of: "#ffffff")),
                "the open button's edge \(edge) is \(shot.hex(x: edge.x, y: edge.y))")
        }
        Self.expectEveryLabelWhole(in: shot, of: session)
    }

    /// Every label is drawn (always): a dark plate beside each item, the long title's whole.
    static func expectEveryLabelWhole(in shot: RGBAImage, of session: OverlaySession) {
        let dark = { (x: Int, y: Int) -> Bool in
            let (r, g, b, _) = shot.pixel(x: x, y: y)
            return max(r, g, b) < 80
        }
        let blue = session.itemCentre(2)
        let plateRows = (blue.y - 60)..<shot.height
        let widest = plateRows.map { y in (0..<shot.width).filter { dark($0, y) }.count }.max() ?? 0
        // "Blue screenshot tool" at the desktop's 10 pt is about 130 px wide; cut to nine it would be 70.
        #expect(widest >= 110, "the widest dark row about the items is \(widest) px")
    }
}
