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
    /// blue at 180° from the centre; `hub` opens a submenu whose `deep` item is at 100°.
    static let configuration = """
        {"menu": {"layout": "radial", "openDuration": 0.1, "closeDuration": 0.1},
         "items": [
           {"id": "red", "title": "Red", "icon": "", "color": "#d03030", "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "green", "title": "Green", "icon": "", "color": "#30a030", "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "blue", "title": "Blue", "icon": "", "color": "#3050d0", "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "hub", "title": "Hub", "icon": "", "color": "#a0a030", "submenu": {"layout": "radial", "items": [
             {"id": "deep", "title": "Deep", "icon": "", "color": "#30a0a0", "action": "command.run", "params": {"argv": ["true"]}},
             {"id": "other", "title": "Other", "icon": "", "color": "#a030a0", "action": "command.run", "params": {"argv": ["true"]}}]}}],
         "appearance": {"anchor": "bottom-left", "buttonColor": "#ef5285", "shadow": false}}
        """
    static let centre = (x: 512, y: 300)

    func session() async throws -> (OverlaySession, XvfbDisplay) {
        try await OverlaySession.start(configuration: Self.configuration) {
            try await XvfbDisplay(width: 1024, height: 600, compositor: true)
        }
    }

    /// Shows `main` in the middle of the screen with `turbo`, and waits until it is open.
    func show(_ session: OverlaySession, turbo: Bool = false) async throws {
        var options: [(key: String, value: DBusValue)] = [("anchor", .string("center"))]
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

    @Test func aStrokeLeftChoosesTheItemOnTheLeftWhereverItEnds() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        try await show(session)
        try await display.movePointer(toX: Self.centre.x, y: Self.centre.y)
        try await display.pressButton()
        // Far beyond the items: the direction alone counts.
        try await stroke(display, [(-20, 0), (-60, 0), (-140, 2), (-260, 4), (-400, 4)])
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
