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

    /// The same ring with a 40-pixel panel along the screen's bottom edge
    /// (a dock window keeping it with `_NET_WM_STRUT_PARTIAL`; Xvfb has no
    /// window manager to publish a work area): the ring opens wholly above
    /// the panel, and the panel's strut is read as the menu opens, not as its highlight moves.
    @Test func thirtyItemsAtTheBottomRightOpenAboveABottomPanel() async throws {
        let (session, display) = try await OverlaySession.start(
            configuration: Self.configuration, waitingForButton: false
        ) { try await XvfbDisplay(width: 1024, height: 600, compositor: false) }
        defer { session.stop() }
        try await display.waitForPixel(x: 1024 - 16 - 30 - 20, y: 600 - 32 - 30, toBe: "#ef5285", within: .seconds(20))
        let panel = try await SolidWindow(
            on: display, colour: "#202020", size: (1024, 40), position: (0, 560), title: "panel", strutBottom: 40)
        defer { _ = panel.client.stop() }
        try await display.waitForPixel(x: 10, y: 580, toBe: "#202020")

        _ = try await session.daemon.menu("Open")
        try await session.daemon.waitForState("expanded")
        // Drawn in to the 560 pixels above the panel: its lowest item (15) comes down close to the panel.
        let lowest = Self.colours[15 % 6]
        let deadline = ContinuousClock.now + .seconds(10)
        var image = try await display.screenshot()
        while !(500..<560).contains(where: { y in (600..<1024).contains { x in image.hex(x: x, y: y) == lowest } }) {
            guard ContinuousClock.now < deadline else { throw TestSetupError("no item 15 above the panel") }
            try await Task.sleep(for: .milliseconds(50))
            image = try await display.screenshot()
        }
        _ = try await display.screenshot(savingAs: "ring-fit-30-above-panel")
        for y in 560..<600 {
            for x in 0..<1024 where image.hex(x: x, y: y) != "#202020" {
                Issue.record("(\(x), \(y)) on the panel is \(image.hex(x: x, y: y))")
                return
            }
        }

        // Moving the highlight arranges the chain again, and reads no struts.
        let scans = Self.strutScans(in: session.overlay.log)
        for _ in 0..<2 {
            let before = try await session.daemon.property("Highlighted").stringValue ?? ""
            try await display.press(.right)
            let deadline = ContinuousClock.now + .seconds(10)
            while try await session.daemon.property("Highlighted").stringValue ?? "" == before {
                guard ContinuousClock.now < deadline else { throw TestSetupError("the highlight did not move") }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        #expect(scans > 0)
        #expect(Self.strutScans(in: session.overlay.log) == scans)

        // Closed, main rests at its anchor on the work area above the panel.
        _ = try await session.daemon.menu("Close")
        try await session.daemon.waitForState("collapsed")
        try await display.waitForPixel(x: 1024 - 16 - 30 - 20, y: 560 - 32 - 30, toBe: "#ef5285")
    }

    /// How many times the overlay read the panels' struts, as its debug log last said.
    static func strutScans(in log: String) -> Int {
        let marker = "strut scans so far: "
        guard let line = log.split(separator: "\n").last(where: { $0.contains(marker) }),
            let range = line.range(of: marker)
        else { return 0 }
        return Int(line[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }
}
