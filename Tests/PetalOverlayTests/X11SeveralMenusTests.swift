import DBus
import Foundation
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// Several menus on X11 (Xvfb with a compositor), as a user meets them
/// (docs/overlay.md, "Several menus" and "Submenus"): a named menu drawn at
/// the place `petalctl show` gives it, with its own appearance, and gone once
/// closed; `main`'s resting button hidden under it; a submenu spreading from
/// the item that opened it while its parent's other items fade and stay
/// clickable; Backspace, Escape and the submenu's centre button; an ad-hoc
/// menu from `petalctl choose --lines` drawn and answered with a click.
@Suite(.serialized) struct X11SeveralMenusTests {
    /// `main` as every overlay test has it (a row of red, `sub` and blue to
    /// the button's right), whose middle item opens `apps`, a stack; and
    /// `power`, with a smaller button of its own colour.
    static let configuration = """
        {"menu": {"layout": "linear", "openDuration": 0.2, "closeDuration": 0.2},
         "items": [
           {"id": "red", "title": "Red", "icon": "", "color": "#d03030", "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "sub", "title": "Sub", "icon": "", "color": "#30a030", "submenu": "apps"},
           {"id": "blue", "title": "Blue", "icon": "", "color": "#3050d0", "action": "command.run", "params": {"argv": ["true"]}}],
         "appearance": {"anchor": "bottom-left", "buttonColor": "#ef5285", "shadow": false},
         "menus": {
           "apps": {"title": "Apps", "layout": "stack", "openDuration": 0.2, "closeDuration": 0.2, "items": [
             {"id": "web", "title": "Web", "icon": "", "color": "#20a0a0", "action": "command.run", "params": {"argv": ["true"]}},
             {"id": "mail", "title": "Mail", "icon": "", "color": "#a0a020", "action": "command.run", "params": {"argv": ["true"]}}]},
           "power": {"title": "Power", "layout": "stack", "openDuration": 0.2, "closeDuration": 0.2,
             "appearance": {"buttonColor": "#8040c0", "buttonSize": 40}, "items": [
             {"id": "lock", "title": "Lock", "icon": "", "color": "#c08040", "action": "command.run", "params": {"argv": ["true"]}}]}
         }}
        """

    func session() async throws -> (OverlaySession, XvfbDisplay) {
        try await OverlaySession.start(configuration: Self.configuration) {
            try await XvfbDisplay(width: 1024, height: 600, compositor: true)
        }
    }

    /// The menu called `name`, as petald serves it.
    func snapshot(_ name: String, of session: OverlaySession) async throws -> MenuSnapshot {
        try await PetalClient(connection: session.daemon.client).menu(named: name).snapshot()
    }

    /// The state of the menu called `name`, waited for.
    func waitForState(_ name: String, _ expected: String, of session: OverlaySession) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while try await snapshot(name, of: session).state.rawValue != expected {
            guard ContinuousClock.now < deadline else {
                throw TestSetupError("\(name) did not become \(expected); overlay log:\n\(session.overlay.log)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// A point on the disc of the item at `offset` from a centre at `centre`, clear of its title.
    func onDisc(_ centre: (x: Int, y: Int), _ offset: MenuSnapshot.Place) -> (x: Int, y: Int) {
        (centre.x + Int(offset.x.rounded()) - 18, centre.y + Int(offset.y.rounded()) - 18)
    }

    /// `colour` at `opacity` over the background: an item faded by an open submenu.
    static func faded(_ colour: String, _ opacity: Double) -> String {
        func channels(_ hex: String) -> [Double] {
            stride(from: 1, to: 7, by: 2).map { offset in
                let start = hex.index(hex.startIndex, offsetBy: offset)
                return Double(Int(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)!)
            }
        }
        let mixed = zip(channels(colour), channels(OverlaySession.background)).map { top, bottom in
            Int((top * opacity + bottom * (1 - opacity)).rounded())
        }
        return "#" + mixed.map { String(format: "%02x", $0) }.joined()
    }

    @Test func aNamedMenuIsDrawnWherePetalctlShowPutsItAndGoesWhenClosed() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let shown = try await ExternalCommand.running([
            RunningDaemon.binDirectory.appendingPathComponent("petalctl").path, "--bus", session.daemon.bus.address,
            "show", "power", "--at", "500,300",
        ])
        #expect(shown.status == 0, "\(shown.summary)")
        try await waitForState("power", "expanded", of: session)
        let lock = try #require(try await snapshot("power", of: session).layout.first)
        let onLock = onDisc((500, 300), lock)
        try await display.waitForPixel(x: onLock.x, y: onLock.y, toBe: "#c08040")
        // Open, its 40-pixel button is a white disc: white 15 px left of its centre, the background 25 px.
        try await display.waitForPixel(x: 485, y: 300, toBe: "#ffffff")
        let image = try await display.screenshot(savingAs: "power-at-500-300")
        #expect(
            try image.pixel(x: 475, y: 300, isWithin: 8, of: OverlaySession.background), "\(image.hex(x: 475, y: 300))")
        // main still rests at its anchor.
        let mainProbe = (x: session.buttonCentre.x - 20, y: session.buttonCentre.y)
        #expect(try image.pixel(x: mainProbe.x, y: mainProbe.y, isWithin: 8, of: "#ef5285"))

        // Closed, its window goes; main is untouched.
        _ = try await PetalClient(connection: session.daemon.client).menu(named: "power").change(PetalBus.Menu.close)
        try await display.waitForPixel(x: onLock.x, y: onLock.y, toBe: OverlaySession.background)
        try await display.waitForPixel(x: 485, y: 300, toBe: OverlaySession.background)
        #expect(try await display.screenshot().pixel(x: mainProbe.x, y: mainProbe.y, isWithin: 8, of: "#ef5285"))
        try await expectStillRunning(session)
    }

    @Test func mainsRestingButtonIsNotDrawnUnderAnotherMenusButton() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        // power's 40-pixel button right on main's 60-pixel one: main's rim would show around it.
        let rim = (x: session.buttonCentre.x - 26, y: session.buttonCentre.y)
        try await display.waitForPixel(x: rim.x, y: rim.y, toBe: "#ef5285")
        let client = PetalClient(connection: session.daemon.client)
        _ = try await client.showMenu(
            "power", ShowOptions(at: MenuPoint(x: Int32(session.buttonCentre.x), y: Int32(session.buttonCentre.y))))
        try await waitForState("power", "expanded", of: session)
        try await display.waitForPixel(x: rim.x, y: rim.y, toBe: OverlaySession.background)
        // A click on the rim reaches the window below: main takes no input there.
        try await display.click(x: rim.x, y: rim.y)
        try await session.window.waitForPress(x: rim.x, y: rim.y)
        #expect(try await session.daemon.state() == "collapsed")

        _ = try await client.menu(named: "power").change(PetalBus.Menu.close)
        try await display.waitForPixel(x: rim.x, y: rim.y, toBe: "#ef5285")
    }

    @Test func aSubmenuSpreadsFromItsItemAndItsParentFades() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        try await session.open()
        let sub = session.itemCentre(1)
        try await display.click(x: sub.x, y: sub.y)
        try await waitForState("apps", "expanded", of: session)
        #expect(try await session.daemon.state() == "expanded", "the parent stays open")
        let apps = try await snapshot("apps", of: session)
        for (place, colour) in zip(apps.layout, ["#20a0a0", "#a0a020"]) {
            let point = onDisc(sub, place)
            try await display.waitForPixel(x: point.x, y: point.y, toBe: colour)
        }
        // Its centre button is where the item was: a white disc, open.
        try await display.waitForPixel(x: sub.x - 20, y: sub.y, toBe: "#ffffff")
        // The parent's other items fade to 0.4.
        let red = session.onItem(0)
        try await display.waitForPixel(x: red.x, y: red.y, toBe: Self.faded("#d03030", 0.4))
        _ = try await display.screenshot(savingAs: "submenu-open")

        // Backspace goes back: apps closes, main's items come back.
        try await display.press(.backspace)
        try await waitForState("apps", "collapsed", of: session)
        let web = onDisc(sub, apps.layout[0])
        try await display.waitForPixel(x: web.x, y: web.y, toBe: OverlaySession.background)
        try await display.waitForPixel(x: red.x, y: red.y, toBe: "#d03030")
        #expect(try await session.daemon.state() == "expanded")

        // A faded item of the parent stays clickable: petald closes the submenu and runs it.
        try await display.click(x: sub.x, y: sub.y)
        try await waitForState("apps", "expanded", of: session)
        try await display.waitForPixel(x: red.x, y: red.y, toBe: Self.faded("#d03030", 0.4))
        try await display.click(x: session.itemCentre(0).x, y: session.itemCentre(0).y)
        try await session.waitForAction(on: "red")
        try await waitForState("apps", "collapsed", of: session)
        try await session.daemon.waitForState("collapsed")
    }

    @Test func escapeClosesTheWholeChainAndTheSubmenusButtonGoesBack() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        try await session.open()
        let sub = session.itemCentre(1)
        try await display.click(x: sub.x, y: sub.y)
        try await waitForState("apps", "expanded", of: session)
        // The submenu's centre button, where its item was, goes back.
        try await display.click(x: sub.x, y: sub.y)
        try await waitForState("apps", "collapsed", of: session)
        #expect(try await session.daemon.state() == "expanded")

        try await display.click(x: sub.x, y: sub.y)
        try await waitForState("apps", "expanded", of: session)
        let web = onDisc(sub, try await snapshot("apps", of: session).layout[0])
        try await display.waitForPixel(x: web.x, y: web.y, toBe: "#20a0a0")
        try await display.press(.escape)
        try await waitForState("apps", "collapsed", of: session)
        try await session.daemon.waitForState("collapsed")
        try await display.waitForPixel(x: web.x, y: web.y, toBe: OverlaySession.background)
    }

    @Test func chooseLinesIsDrawnAndAClickOnALineAnswersIt() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let input = session.display.directory.appendingPathComponent("lines-\(UUID().uuidString.prefix(6))")
        try Data("Lock\nLog out\n".utf8).write(to: input)
        let petalctl = RunningDaemon.binDirectory.appendingPathComponent("petalctl").path
        async let chosen = ExternalCommand.running([
            "sh", "-c", "exec \"$@\" < \"$0\"", input.path, petalctl, "--bus", session.daemon.bus.address, "choose",
            "--lines", "--at", "400,300",
        ])
        // The ad-hoc menu is the active one once it opens.
        let client = PetalClient(connection: session.daemon.client)
        let deadline = ContinuousClock.now + .seconds(10)
        var active = ObjectPath.root
        while active == .root {
            guard ContinuousClock.now < deadline else { throw TestSetupError("no menu opened for choose --lines") }
            try await Task.sleep(for: .milliseconds(20))
            active = try await client.activeMenu()
        }
        let menu = try await client.menu(at: active).snapshot()
        #expect(menu.items.map(\.title) == ["Lock", "Log out"])
        let logOut = try #require(menu.layout.last)
        let point = (x: 400 + Int(logOut.x.rounded()), y: 300 + Int(logOut.y.rounded()))
        // Drawn: its disc is the theme's colour where there was the background.
        let deadlineDrawn = ContinuousClock.now + .seconds(10)
        while try await display.screenshot().pixel(
            x: point.x - 18, y: point.y - 18, isWithin: 8, of: OverlaySession.background)
        {
            guard ContinuousClock.now < deadlineDrawn else {
                _ = try await display.screenshot(savingAs: "choose-lines-not-drawn")
                throw TestSetupError("the ad-hoc menu was not drawn; overlay log:\n\(session.overlay.log)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        while try await client.menu(at: active).snapshot().state != .expanded {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await display.click(x: point.x, y: point.y)
        let answer = try await chosen
        #expect(answer.status == 0, "\(answer.summary)")
        #expect(answer.output == "Log out\n")
        // The ad-hoc menu goes once it has closed, and its window with it.
        try await display.waitForPixel(x: point.x - 18, y: point.y - 18, toBe: OverlaySession.background)
        try await expectStillRunning(session)
    }

    /// A moment after a menu's window went, the overlay has raised no GTK
    /// critical (which the session makes fatal) and still runs.
    private func expectStillRunning(_ session: OverlaySession) async throws {
        try await Task.sleep(for: .milliseconds(300))
        let log = session.overlay.log
        #expect(!log.contains("CRITICAL"), "\(log)")
        #expect(session.overlay.isRunning, "petal-overlay stopped:\n\(log)")
    }

    @Test func withNoOpeningTimeTheBackdropStillCoversTheOutputAndCloses() async throws {
        // petald goes expanding → expanded at once: the overlay may see the menu open without expanding.
        let configuration = Self.configuration.replacingOccurrences(
            of: #""menu": {"layout": "linear", "openDuration": 0.2, "closeDuration": 0.2}"#,
            with: #""menu": {"layout": "linear", "openDuration": 0, "closeDuration": 0}"#
        ).replacingOccurrences(of: #""shadow": false}"#, with: ##""shadow": false, "backdrop": "#000000"}"##)
        #expect(configuration.contains(#""openDuration": 0,"#) && configuration.contains("backdrop"))
        let (session, display) = try await OverlaySession.start(configuration: configuration) {
            try await XvfbDisplay(width: 1024, height: 600, compositor: true)
        }
        defer { session.stop() }
        _ = try await session.daemon.menu("Open")
        try await session.daemon.waitForState("expanded")
        // Far from the menu, the backdrop over the window below.
        try await display.waitForPixel(x: 800, y: 200, toBe: "#000000")
        try await display.click(x: 800, y: 200)
        try await session.daemon.waitForState("collapsed")
        try await display.waitForPixel(x: 800, y: 200, toBe: OverlaySession.background)
    }
}
