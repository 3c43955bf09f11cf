import Foundation
import PetalCore
import TestSupport
import Testing

/// A radial ring too large for the screen (docs/overlay.md, "Placement on
/// outputs"): 30 items of 60 pixels make a ring 710 pixels tall; `main`
/// opened at its bottom-right anchor on a 1024×600 screen moves and draws
/// it smaller, all of it on the screen, and rests at its anchor again once closed.
@Suite(.serialized) struct X11RingFitTests {
    static let colours = ["#d03030", "#30a030", "#3050d0", "#c08020", "#8030c0", "#20a0a0"]

    static let configuration: String = {
        let items = (0..<30).map { index in
            """
            {"id": "i\(index)", "title": "", "icon": "", "color": "\(colours[index % 6])", \
            "action": "command.run", "params": {"argv": ["true"]}}
            """
        }
        return """
            {"menu": {"layout": "radial", "openDuration": 0.1, "closeDuration": 0.1},
             "items": [\(items.joined(separator: ",\n"))],
             "appearance": {"anchor": "bottom-right", "buttonColor": "#ef5285", "shadow": false}}
            """
    }()

    @Test func thirtyItemsAtTheBottomRightOpenWhollyOnTheScreen() async throws {
        let (session, display) = try await OverlaySession.start(
            configuration: Self.configuration, waitingForButton: false
        ) { try await XvfbDisplay(width: 1024, height: 600, compositor: false) }
        defer { session.stop() }
        let anchor = (x: 1024 - 16 - 30, y: 600 - 32 - 30)
        try await display.waitForPixel(x: anchor.x - 20, y: anchor.y, toBe: "#ef5285", within: .seconds(20))

        _ = try await session.daemon.menu("Open")
        try await session.daemon.waitForState("expanded")
        // Drawn in to 600 pixels tall (items of 53, 274 from the button), kept on the right edge:
        // the button at (724.5, 300), item 0 at 100° straight above it less 47, item 15 below.
        try await display.waitForPixel(x: 724 - 15, y: 300, toBe: "#ffffff")
        try await display.waitForPixel(x: 677, y: 31 + 18, toBe: Self.colours[0])
        try await display.waitForPixel(x: 772, y: 569 - 18, toBe: Self.colours[15 % 6])
        _ = try await display.screenshot(savingAs: "ring-fit-30-open")

        _ = try await session.daemon.menu("Close")
        try await session.daemon.waitForState("collapsed")
        try await display.waitForPixel(x: anchor.x - 20, y: anchor.y, toBe: "#ef5285")
    }
}
