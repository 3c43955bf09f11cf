import DBus
import Foundation
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// Menus on two X11 monitors (Xorg's dummy driver: DUMMY0 1024×768, the
/// primary, and DUMMY1 800×600 to its right), as docs/overlay.md
/// ("Placement on outputs") says: `--output` and `--at` on the monitor named,
/// `--anchor pointer` under the pointer, `main` resting on the primary, a
/// submenu opened by a click spreading from its item on the other monitor,
/// and an output nobody has logged with the names there are.
@Suite(.serialized) struct X11TwoMonitorTests {
    typealias Menus = X11SeveralMenusTests

    /// DUMMY1's top-left corner on the desktop.
    static let second = (x: 1024, y: 0)
    /// What is behind the menus on DUMMY1: the root window, which the session's window does not cover.
    static let secondBackground = "#000000"

    func session() async throws -> (OverlaySession, XorgDummyDisplay) {
        try await OverlaySession.start(configuration: Menus.configuration) { try await XorgDummyDisplay() }
    }

    func petalctl(_ session: OverlaySession, _ arguments: [String]) async throws {
        let done = try await ExternalCommand.running(
            [RunningDaemon.binDirectory.appendingPathComponent("petalctl").path, "--bus", session.daemon.bus.address]
                + arguments)
        #expect(done.status == 0, "\(done.summary)")
    }

    @Test func showOutputAndAtDrawOnThatMonitorAtThatPlace() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let menus = Menus()
        // main rests on the primary, at its bottom-left anchor.
        let rest = (x: 16 + 30, y: 768 - 32 - 30)
        try await display.waitForPixel(x: rest.x - 20, y: rest.y, toBe: "#ef5285")

        try await petalctl(session, ["show", "power", "--output", "DUMMY1", "--at", "100,200"])
        try await menus.waitForState("power", "expanded", of: session)
        let centre = (x: Self.second.x + 100, y: Self.second.y + 200)
        let lock = try #require(try await menus.snapshot("power", of: session).layout.first)
        let onLock = menus.onDisc(centre, lock)
        try await display.waitForPixel(x: onLock.x, y: onLock.y, toBe: "#c08040")
        try await display.waitForPixel(x: centre.x - 15, y: centre.y, toBe: "#ffffff")
        _ = try await display.screenshot(savingAs: "power-on-dummy1")

        // Its configured anchor, bottom-left, is DUMMY1's bottom-left corner.
        _ = try await PetalClient(connection: session.daemon.client).menu(named: "power").change(PetalBus.Menu.close)
        try await menus.waitForState("power", "collapsed", of: session)
        try await petalctl(session, ["show", "power", "--output", "DUMMY1"])
        let corner = (x: Self.second.x + 16 + 20, y: 600 - 32 - 20)
        try await display.waitForPixel(x: corner.x - 15, y: corner.y, toBe: "#ffffff")
        try await display.waitForPixel(x: onLock.x, y: onLock.y, toBe: Self.secondBackground)
    }

    @Test func anchorPointerDrawsUnderThePointerOnItsMonitor() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let menus = Menus()
        _ = try await display.xdotool(["mousemove", "1400", "300"])
        try await petalctl(session, ["show", "power", "--anchor", "pointer"])
        try await menus.waitForState("power", "expanded", of: session)
        try await display.waitForPixel(x: 1400 - 15, y: 300, toBe: "#ffffff")
        let lock = try #require(try await menus.snapshot("power", of: session).layout.first)
        let onLock = menus.onDisc((1400, 300), lock)
        try await display.waitForPixel(x: onLock.x, y: onLock.y, toBe: "#c08040")
    }

    @Test func anOutputNobodyHasIsLoggedWithTheNamesThereAre() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let menus = Menus()
        _ = try await display.xdotool(["mousemove", "1400", "300"])
        try await petalctl(session, ["show", "power", "--output", "HDMI-A-9", "--at", "100,200"])
        try await menus.waitForState("power", "expanded", of: session)
        // Not given, so the pointer's monitor: DUMMY1.
        try await display.waitForPixel(x: Self.second.x + 100 - 15, y: 200, toBe: "#ffffff")
        #expect(session.overlay.log.contains("\"HDMI-A-9\""), "\(session.overlay.log)")
        #expect(session.overlay.log.contains("DUMMY0, DUMMY1"), "\(session.overlay.log)")
    }

    @Test func mainShownOnTheOtherMonitorOpensASubmenuThereThenRestsAtItsAnchorThere() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let menus = Menus()
        try await petalctl(session, ["show", "main", "--output", "DUMMY1", "--at", "100,300"])
        try await session.daemon.waitForState("expanded")
        let main = (x: Self.second.x + 100, y: 300)
        let sub = (x: main.x + 160, y: main.y)
        try await display.waitForPixel(x: sub.x - 18, y: sub.y - 18, toBe: "#30a030")
        // It left the primary: nothing rests at its anchor there.
        try await display.waitForPixel(x: 26, y: 768 - 62, toBe: OverlaySession.background)

        try await display.click(x: sub.x, y: sub.y)
        try await menus.waitForState("apps", "expanded", of: session)
        let apps = try await menus.snapshot("apps", of: session)
        for (place, colour) in zip(apps.layout, ["#20a0a0", "#a0a020"]) {
            let point = menus.onDisc(sub, place)
            try await display.waitForPixel(x: point.x, y: point.y, toBe: colour)
        }
        _ = try await display.screenshot(savingAs: "submenu-on-dummy1")
        try await display.press(.backspace)
        try await menus.waitForState("apps", "collapsed", of: session)
        try await display.press(.escape)
        try await session.daemon.waitForState("collapsed")
        // Closed after a show --at, it rests at its configured anchor on the output it was shown on.
        try await display.waitForPixel(x: Self.second.x + 16 + 30 - 20, y: 600 - 32 - 30, toBe: "#ef5285")
        try await display.waitForPixel(x: main.x - 20, y: main.y, toBe: Self.secondBackground)
        _ = try await session.daemon.menu("Toggle")
        try await session.daemon.waitForState("expanded")
        try await display.waitForPixel(x: 26, y: 768 - 62, toBe: "#ffffff")
        try await display.waitForPixel(x: main.x - 20, y: main.y, toBe: Self.secondBackground)
    }

    @Test func theRestingButtonFollowsThePrimaryOutputAsOutputsChange() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let onFirst = (x: 16 + 30 - 20, y: 768 - 32 - 30)
        let onSecond = (x: Self.second.x + 16 + 30 - 20, y: 600 - 32 - 30)
        try await display.waitForPixel(x: onFirst.x, y: onFirst.y, toBe: "#ef5285")
        _ = try await display.xrandr(["--output", "DUMMY1", "--primary"])
        try await display.waitForPixel(x: onSecond.x, y: onSecond.y, toBe: "#ef5285")
        try await display.waitForPixel(x: onFirst.x, y: onFirst.y, toBe: OverlaySession.background)
        // DUMMY1 removed: the button goes back to the output there is.
        _ = try await display.xrandr(["--output", "DUMMY1", "--off"])
        try await display.waitForPixel(x: onFirst.x, y: onFirst.y, toBe: "#ef5285")
    }
}
