import Foundation
import PetalCore
import TestSupport
import Testing

/// petal-overlay as an X11 popup on Xvfb with a compositor, driven by xdotool.
@Suite(.serialized) struct X11OverlayTests {
    func session() async throws -> (OverlaySession, XvfbDisplay) {
        try await OverlaySession.start { try await XvfbDisplay(width: 1024, height: 600, compositor: true) }
    }

    @Test func aClickOnTheButtonSpreadsTheItemsAndAnotherClosesThem() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        // Collapsed: the window behind shows where the items will be (the popup is transparent).
        let before = try await display.screenshot(savingAs: "collapsed")
        for index in 0..<3 {
            let point = session.onItem(index)
            #expect(
                try before.pixel(x: point.x, y: point.y, isWithin: 8, of: OverlaySession.background),
                "item \(index) at \(point): \(before.hex(x: point.x, y: point.y))")
        }
        try await display.click(x: session.buttonCentre.x, y: session.buttonCentre.y)
        try await session.daemon.waitForState("expanded")
        for (index, colour) in OverlaySession.itemColours.enumerated() {
            let point = session.onItem(index)
            try await display.waitForPixel(x: point.x, y: point.y, toBe: colour)
        }
        // Open, the button is a white disc.
        try await display.waitForPixel(x: session.buttonCentre.x - 20, y: session.buttonCentre.y, toBe: "#ffffff")
        try await display.click(x: session.buttonCentre.x, y: session.buttonCentre.y)
        try await session.daemon.waitForState("collapsed")
        let point = session.onItem(1)
        try await display.waitForPixel(x: point.x, y: point.y, toBe: OverlaySession.background)
    }

    @Test func aClickOnAnItemRunsItsActionAndTheMenuCloses() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        try await session.open()
        let point = session.onItem(1)
        try await display.click(x: point.x, y: point.y)
        try await session.waitForAction(on: "green")
        try await session.daemon.waitForState("collapsed")
        #expect(session.actionItems == ["green"])
    }

    @Test func hoverSetsHighlightedAndLeavingClearsIt() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        try await session.open()
        let point = session.onItem(2)
        try await display.movePointer(toX: point.x, y: point.y)
        try await session.waitForHighlighted("blue")
        try await display.movePointer(toX: 600, y: 200)
        try await session.waitForHighlighted("")
    }

    @Test func escapeClosesAndDigitsActivateTheNthItem() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        try await session.open()
        try await display.press(.escape)
        try await session.daemon.waitForState("collapsed")
        try await session.open()
        try await display.press(.digit(3))
        try await session.waitForAction(on: "blue")
        try await session.open()
        try await display.press(.tab)
        try await session.waitForHighlighted("red")
        try await display.press(.right)
        try await session.waitForHighlighted("green")
        try await display.press(.return)
        try await session.waitForAction(on: "green")
    }

    @Test func aClickAwayFromTheCirclesReachesTheWindowBelow() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        // Between the button and where the first item rests: inside the popup's
        // rectangle (the menu's reach reaches 38 px below the button's centre) but on no circle.
        let beside = (x: session.buttonCentre.x + 40, y: session.buttonCentre.y + 32)
        try await display.click(x: beside.x, y: beside.y)
        try await session.window.waitForPress(x: beside.x, y: beside.y)
        #expect(try await session.daemon.state() == "collapsed")
        try await display.click(x: 700, y: 100)
        try await session.window.waitForPress(x: 700, y: 100)
        // A click on the button does not go through.
        try await display.click(x: session.buttonCentre.x, y: session.buttonCentre.y)
        try await session.daemon.waitForState("expanded")
        #expect(!session.window.presses.contains { $0.x == session.buttonCentre.x && $0.y == session.buttonCentre.y })
    }

    @Test func itFollowsPetaldAcrossARestart() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let probe = (x: session.buttonCentre.x - 20, y: session.buttonCentre.y)
        let bus = session.daemon.bus
        // Stop petald but keep its bus: the button is drawn disabled (faded over the window behind).
        kill(session.daemon.process.processIdentifier, SIGTERM)
        session.daemon.process.waitUntilExit()
        let faded = try await waitForPixel(on: display, at: probe) {
            !$0.isNear("#ef5285") && !$0.isNear(OverlaySession.background)
        }
        #expect(session.overlay.isRunning, "the overlay exited when petald went away:\n\(session.overlay.log)")
        // A new petald on the same bus: the overlay draws the button again and it works.
        let file = display.directory.appendingPathComponent("again.json")
        try OverlaySession.configuration.write(to: file, atomically: true, encoding: .utf8)
        let again = try await RunningDaemon(executable: "petald", arguments: ["--config", file.path], bus: bus)
        defer { _ = again.stop() }
        try await display.waitForPixel(x: probe.x, y: probe.y, toBe: "#ef5285")
        try await display.click(x: session.buttonCentre.x, y: session.buttonCentre.y)
        try await again.waitForState("expanded")
        _ = faded
    }

    /// Screenshots until the pixel at `point` satisfies `predicate`.
    private func waitForPixel(
        on display: XvfbDisplay, at point: (x: Int, y: Int), within limit: Duration = .seconds(10),
        _ predicate: (PixelColour) -> Bool
    ) async throws -> PixelColour {
        let deadline = ContinuousClock.now + limit
        while true {
            let image = try await display.screenshot()
            let colour = PixelColour(image: image, x: point.x, y: point.y)
            if predicate(colour) { return colour }
            guard ContinuousClock.now < deadline else {
                throw TestSetupError("the pixel at \(point) stayed \(image.hex(x: point.x, y: point.y))")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

/// One screen pixel, compared by colour.
struct PixelColour {
    let image: RGBAImage
    let x, y: Int

    func isNear(_ colour: String, tolerance: Int = 10) -> Bool {
        (try? image.pixel(x: x, y: y, isWithin: tolerance, of: colour)) ?? false
    }
}
