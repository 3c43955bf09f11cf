import DBus
import Foundation
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// Menus on headless sway with two outputs, the second at scale 2
/// (docs/overlay.md, "Placement on outputs"): a menu shown on the scaled
/// output is there, at the same logical size and drawn with its device
/// pixels (grim reads the output back at its scale); a submenu opened and
/// closed from the keyboard (wtype), which moves to the innermost menu.
@Suite(.serialized) struct SwaySeveralMenusTests {
    typealias Menus = X11SeveralMenusTests

    func session() async throws -> (OverlaySession, HeadlessSway) {
        try await OverlaySession.start(configuration: Menus.configuration) {
            try await HeadlessSway(
                width: 1024, height: 600, background: "#202020",
                extraOutputs: [HeadlessSway.Output(width: 1600, height: 1200, x: 1024, scale: 2)])
        }
    }

    func petalctl(_ session: OverlaySession, _ arguments: [String]) async throws {
        let done = try await ExternalCommand.running(
            [RunningDaemon.binDirectory.appendingPathComponent("petalctl").path, "--bus", session.daemon.bus.address]
                + arguments)
        #expect(done.status == 0, "\(done.summary)")
    }

    /// Takes screenshots of `output` until `check` holds, for up to 10 s.
    func waitFor(
        _ display: HeadlessSway, output: String, _ what: String, _ check: (RGBAImage) throws -> Bool
    ) async throws -> RGBAImage {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let image = try await display.screenshot(output: output)
            if try check(image) { return image }
            guard ContinuousClock.now < deadline else {
                let file = display.directory.appendingPathComponent("\(output)-\(UUID().uuidString.prefix(6)).png")
                try? image.savePNG(to: file)
                throw TestSetupError("\(what) on \(output), not seen; see \(file.path)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    @Test func aMenuOnTheScaledOutputHasItsLogicalSizeInDevicePixels() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let menus = Menus()
        try await petalctl(session, ["show", "power", "--output", "HEADLESS-2", "--at", "200,200"])
        try await menus.waitForState("power", "expanded", of: session)
        let lock = try #require(try await menus.snapshot("power", of: session).layout.first)
        // In HEADLESS-2's device pixels the centre is at (400, 400), the lock item at twice its offset.
        let onLock = (x: 400 + Int(2 * lock.x) - 30, y: 400 + Int(2 * lock.y) - 30)
        let scaled = try await waitFor(display, output: "HEADLESS-2", "the lock item") { image in
            try image.pixel(x: onLock.x, y: onLock.y, isWithin: 8, of: "#c08040")
        }
        try scaled.savePNG(to: display.directory.appendingPathComponent("power-at-scale-2.png"))
        // The 40-pixel button, open, is a white disc of radius 40 device pixels.
        #expect(try scaled.pixel(x: 400 - 34, y: 400, isWithin: 8, of: "#ffffff"), "\(scaled.hex(x: 366, y: 400))")
        // sway's own background there: the session's window is on HEADLESS-1.
        #expect(try scaled.pixel(x: 400 - 46, y: 400, isWithin: 8, of: "#202020"), "\(scaled.hex(x: 354, y: 400))")

        // The same menu on the scale-1 output, for the crispness of its text.
        _ = try await PetalClient(connection: session.daemon.client).menu(named: "power").change(PetalBus.Menu.close)
        try await menus.waitForState("power", "collapsed", of: session)
        try await petalctl(session, ["show", "power", "--output", "HEADLESS-1", "--at", "200,200"])
        let plainLock = (x: 200 + Int(lock.x) - 15, y: 200 + Int(lock.y) - 15)
        let plain = try await waitFor(display, output: "HEADLESS-1", "the lock item") { image in
            try image.pixel(x: plainLock.x, y: plainLock.y, isWithin: 8, of: "#c08040")
        }
        let lockAt = (x: 200 + Int(lock.x), y: 200 + Int(lock.y))
        let atOne = try RenderScaleTests.edgeShare(plain, centre: lockAt, half: 14, disc: "#c08040", glyph: "#ffffff")
        let atTwo = try RenderScaleTests.edgeShare(
            scaled, centre: (400 + Int(2 * lock.x), 400 + Int(2 * lock.y)), half: 28, disc: "#c08040",
            glyph: "#ffffff")
        #expect(atOne > 0.05, "the box holds the title's edges: \(atOne)")
        #expect(atTwo < 0.75 * atOne, "the title drawn with the device's pixels: \(atTwo) against \(atOne)")
    }

    @Test func aSubmenuOpensAndClosesFromTheKeyboard() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let menus = Menus()
        try await session.open()
        // 2 is the second item, sub: it opens apps, which then has the keyboard.
        try await display.press(.digit(2))
        try await menus.waitForState("apps", "expanded", of: session)
        let sub = session.itemCentre(1)
        let web = menus.onDisc(sub, try await menus.snapshot("apps", of: session).layout[0])
        try await display.waitForPixel(x: web.x, y: web.y, toBe: "#20a0a0")
        try await display.press(.backspace)
        try await menus.waitForState("apps", "collapsed", of: session)
        #expect(try await session.daemon.state() == "expanded")
        try await display.waitForPixel(x: web.x, y: web.y, toBe: OverlaySession.background)
        // main has the keyboard again: 2 opens apps once more, Escape closes the whole chain.
        try await display.press(.digit(2))
        try await menus.waitForState("apps", "expanded", of: session)
        try await display.press(.digit(1))
        try await session.waitForAction(on: "sub/web")
        try await menus.waitForState("apps", "collapsed", of: session)
        try await session.daemon.waitForState("collapsed")
    }

    @Test func anAnchorShowGivesIsFollowedWithoutAnOutput() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let menus = Menus()
        // power is configured at main's anchor, bottom-left; shown top-left, on the compositor's output.
        try await petalctl(session, ["show", "power", "--anchor", "top-left"])
        try await menus.waitForState("power", "expanded", of: session)
        let centre = (x: 16 + 20, y: 32 + 20)
        try await display.waitForPixel(x: centre.x - 15, y: centre.y, toBe: "#ffffff")
    }

    @Test func aPointIsFromTheOutputsCornerWhateverPanelsThereAre() async throws {
        // A 40-pixel swaybar along the top, which reserves its height as an exclusive zone.
        let bar = """
            bar {
                position top
                height 40
                colors {
                    background #000000
                }
            }
            """
        let (session, display) = try await OverlaySession.start(configuration: Menus.configuration) {
            try await HeadlessSway(width: 1024, height: 600, background: "#202020", extraConfiguration: bar)
        }
        defer { session.stop() }
        let menus = Menus()
        try await display.waitForPixel(x: 500, y: 20, toBe: "#000000")
        try await petalctl(session, ["show", "power", "--output", "HEADLESS-1", "--at", "200,200"])
        try await menus.waitForState("power", "expanded", of: session)
        // At (200, 200) from the output's corner, not 40 pixels lower, below the bar.
        try await display.waitForPixel(x: 200 - 15, y: 200, toBe: "#ffffff")
        try await display.waitForPixel(x: 200 - 15, y: 240, toBe: OverlaySession.background)
    }
}
