import DBus
import Foundation
import PetalCore
import TestSupport
import Testing

/// Pie gestures on X11 (docs/overlay.md, "Pie gestures"): a radial menu shown
/// in the middle of the screen is chosen from by direction, wherever the
/// pointer is, by a marking stroke and by turbo.
@Suite(.serialized) struct X11PieGestureTests {
    /// A radial menu (the default interaction, pie): red at 100°, green at 140°,
    /// blue at 180°, hub at 220° from the centre; `hub` opens a submenu of
    /// `deep` and `other`, and `other` one of `far` and `near`.
    static let configuration = """
        {"menu": {"layout": "radial", "openDuration": 0.1, "closeDuration": 0.1},
         "items": [
           {"id": "red", "title": "Red", "icon": "", "color": "#d03030", "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "green", "title": "Green", "icon": "", "color": "#30a030", "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "blue", "title": "Blue", "icon": "", "color": "#3050d0", "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "hub", "title": "Hub", "icon": "", "color": "#a0a030", "submenu": {"layout": "radial", "items": [
             {"id": "deep", "title": "Deep", "icon": "", "color": "#30a0a0", "action": "command.run", "params": {"argv": ["true"]}},
             {"id": "other", "title": "Other", "icon": "", "color": "#a030a0", "submenu": {"layout": "radial", "items": [
               {"id": "far", "title": "Far", "icon": "", "color": "#3070a0", "action": "command.run", "params": {"argv": ["true"]}},
               {"id": "near", "title": "Near", "icon": "", "color": "#a07030", "action": "command.run", "params": {"argv": ["true"]}}]}}]}}],
         "appearance": {"anchor": "bottom-left", "buttonColor": "#ef5285", "shadow": false}}
        """
    static let centre = (x: 512, y: 300)

    func session() async throws -> (OverlaySession, XvfbDisplay) {
        try await OverlaySession.start(configuration: Self.configuration) {
            try await XvfbDisplay(width: 1024, height: 600, compositor: true)
        }
    }

    /// Shows `main` at `anchor` (the middle of the screen) with `turbo`, and waits until it is open.
    func show(_ session: OverlaySession, anchor: String = "center", turbo: Bool = false) async throws {
        var options: [(key: String, value: DBusValue)] = [("anchor", .string(anchor))]
        if turbo { options.append(("turbo", .boolean(true))) }
        _ = try await session.daemon.menu("Show", [DBusVariantDictionary(options).dbusValue])
        try await session.daemon.waitForState("expanded")
    }

    /// Moves the pointer from the centre by `steps` offsets, one motion each.
    func stroke(_ display: XvfbDisplay, _ steps: [(Int, Int)]) async throws {
        for (dx, dy) in steps {
            try await display.movePointer(toX: Self.centre.x + dx, y: Self.centre.y + dy)
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// On Xvfb with xcompmgr, and on plain i3 (no compositor), which manages
    /// the windows and must let the overlay's pointer grab through.
    @Test(arguments: [X11Desktop(composited: true, i3: false), X11Desktop(composited: false, i3: true)])
    func aStrokeLeftChoosesTheItemOnTheLeftWhereverItEnds(on desktop: X11Desktop) async throws {
        let (session, display, manager) = try await OverlaySession.start(
            on: desktop, configuration: Self.configuration)
        defer {
            session.stop()
            manager?.stop()
        }
        try await show(session)
        try await display.movePointer(toX: Self.centre.x, y: Self.centre.y)
        try await display.pressButton()
        // Far beyond the items: the direction alone counts.
        try await stroke(display, [(-20, 0), (-60, 0), (-140, 2), (-260, 4), (-400, 4)])
        try await session.waitForHighlighted("blue")
        try await display.releaseButton()
        try await session.waitForAction(on: "blue")
        #expect(session.actionItems == ["blue"], "overlay log:\n\(session.overlay.log)")
    }

    /// The point `length` pixels from `from` in the direction `degrees`
    /// (counter-clockwise from +x, as the menu's item angles).
    static func towards(_ degrees: Double, _ length: Double, from: (x: Int, y: Int)) -> (Int, Int) {
        let radians = degrees * .pi / 180
        return (from.x + Int((cos(radians) * length).rounded()), from.y - Int((sin(radians) * length).rounded()))
    }

    /// Moves the pointer through `points` (absolute), one motion each.
    func move(_ display: XvfbDisplay, through points: [(Int, Int)]) async throws {
        for (x, y) in points {
            try await display.movePointer(toX: x, y: y)
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test func aStrokeTurnsIntoASubmenuThatOpensWhereItTurnedAndGoesOnThere() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        try await show(session)
        try await display.movePointer(toX: Self.centre.x, y: Self.centre.y)
        try await display.pressButton()
        // Towards hub (220°) for 200 px: past minStroke.
        try await move(display, through: [20, 60, 100, 150, 200].map { Self.towards(220, $0, from: Self.centre) })
        try await session.waitForHighlighted("hub")
        _ = try await display.screenshot(savingAs: "pie-stroke-1")
        // A turn of 50°: hub's submenu opens at the corner, its items fanned
        // away from main (deep at 200°, other at 240°); 170° from the corner is deep.
        let corner = Self.towards(220, 200, from: Self.centre)
        // Still in the submenu's dead zone: nothing of it highlighted yet.
        try await move(display, through: [Self.towards(170, 24, from: corner)])
        // The submenu's centre button, a white disc, is drawn at the corner, not on hub.
        try await display.waitForPixel(x: corner.0 - 20, y: corner.1, toBe: "#ffffff")
        _ = try await display.screenshot(savingAs: "pie-stroke-2")
        try await move(display, through: [80, 140].map { Self.towards(170, $0, from: corner) })
        _ = try await display.screenshot(savingAs: "pie-stroke-3")
        try await display.releaseButton()
        try await session.waitForAction(on: "hub/deep")
        #expect(session.actionItems == ["hub/deep"])
    }

    @Test func oneStrokeChoosesThroughThreeLevels() async throws {
        let (session, display) = try await OverlaySession.start(configuration: Self.configuration) {
            try await XvfbDisplay(width: 1024, height: 1000, compositor: true)
        }
        defer { session.stop() }
        try await show(session)
        let centre = (x: 512, y: 500)
        try await display.movePointer(toX: centre.x, y: centre.y)
        try await display.pressButton()
        // Towards hub (220°); a turn down opens hub's submenu, whose items fan
        // away from main (deep at 200°, other at 240°): down is other's way.
        let first = Self.towards(220, 200, from: centre)
        try await move(display, through: [20, 60, 100, 150, 200].map { Self.towards(220, $0, from: centre) })
        // Down: other's submenu fans away downwards (far at 250°, near at 290°); a turn to 320° is near's way.
        let second = Self.towards(270, 180, from: first)
        try await move(display, through: [30, 70, 110, 150, 180].map { Self.towards(270, $0, from: first) })
        try await move(display, through: [40, 80].map { Self.towards(320, $0, from: second) })
        try await display.releaseButton()
        try await session.waitForAction(on: "hub/other/near")
        #expect(session.actionItems == ["hub/other/near"])
    }

    @Test func aSubmenuMovedInwardsAtAnEdgeTakesThePointerWithIt() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let start = (x: 200, y: 420)
        try await display.movePointer(toX: start.x, y: start.y)
        try await show(session, anchor: "pointer")
        try await display.pressButton()
        // Towards hub (220°), then a pause: its submenu, fanned further
        // down-left, would leave the screen there, so the chain moves inwards.
        let corner = Self.towards(220, 180, from: start)
        let before = Self.towards(220, 140, from: start)
        try await move(display, through: [20, 60, 100, 140].map { Self.towards(220, $0, from: start) })
        // The last motion is not waited out at the corner: the overlay may warp
        // the pointer on before a look at it would find it there.
        try await display.xdotool(["mousemove", String(corner.0), String(corner.1)])
        var warped = try await display.pointerLocation()
        let deadline = ContinuousClock.now + .seconds(10)
        while (warped == corner || warped == before) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            warped = try await display.pointerLocation()
        }
        #expect(warped.x > corner.0 + 10, "the pointer moved right with the chain: \(warped), from \(corner)")
        // It is on the submenu's centre button, drawn where the chain moved it.
        try await display.waitForPixel(x: warped.x - 20, y: warped.y, toBe: "#ffffff")
        // The stroke goes on from there: 170° is deep's way.
        try await move(display, through: [20, 50, 80].map { Self.towards(170, $0, from: warped) })
        try await display.releaseButton()
        try await session.waitForAction(on: "hub/deep")
        #expect(session.actionItems == ["hub/deep"])
    }

    @Test func aMenuThatOpensUnderAPressedPointerIsStrokedByDraggingOn() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        // Held on the resting button (on X11 the overlay sees a held button
        // only where no other program's window took the press), then shown.
        let held = session.buttonCentre
        try await display.movePointer(toX: held.x, y: held.y)
        try await display.pressButton()
        try await show(session)
        // Dragged on to the left of the menu: blue's direction from its centre.
        try await move(display, through: [(held.x + 10, held.y - 40), (200, 400), (120, 310), (100, 302)])
        try await session.waitForHighlighted("blue")
        try await display.releaseButton()
        try await session.waitForAction(on: "blue")
        #expect(session.actionItems == ["blue"])
    }

    @Test func turboChoosesAsTheModifierIsReleased() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        try await display.movePointer(toX: Self.centre.x, y: Self.centre.y)
        try await display.keyDown(Key("super"))
        try await show(session, turbo: true)
        // Straight up: red, at 100°, is nearest.
        try await stroke(display, [(0, -10), (0, -40), (0, -120), (0, -200)])
        try await session.waitForHighlighted("red")
        try await display.keyUp(Key("super"))
        try await session.waitForAction(on: "red")
        #expect(session.actionItems == ["red"])
    }
}
