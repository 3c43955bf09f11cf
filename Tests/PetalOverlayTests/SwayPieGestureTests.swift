import DBus
import Foundation
import PetalCore
import TestSupport
import Testing

/// Pie gestures on headless sway (docs/overlay.md, "Pie gestures"): while a
/// pie menu is open its layer surface takes the pointer over the whole
/// output, and gives it back once the menu has closed. The pointer is a
/// wlroots virtual pointer (Peers/virtual_pointer.py) driven by a script.
@Suite(.serialized) struct SwayPieGestureTests {
    static let size = (width: 1024, height: 600)

    /// Adds a virtual pointer at `start` that runs `steps`, and waits until it has;
    /// points are in the `layout` box around every output (one output of ``size`` by default).
    func pointer(
        on sway: HeadlessSway, at start: (Int, Int), _ steps: [String],
        layout: (width: Int, height: Int) = SwayPieGestureTests.size
    ) async throws -> BackgroundProcess {
        let pointer = try sway.launch(
            "/usr/bin/python3",
            arguments: [
                SolidWindow.scripts.appendingPathComponent("virtual_pointer.py").path, "\(start.0)", "\(start.1)",
                "\(layout.width)", "\(layout.height)",
            ] + steps)
        try await pointer.waitForLine(within: .seconds(20)) { $0 == "done" }
        return pointer
    }

    @Test func farFromTheMenuTheDirectionIsSeenAndAClickChoosesThenThePointerIsGivenBack() async throws {
        let (session, sway) = try await OverlaySession.start(configuration: X11PieGestureTests.configuration) {
            try await HeadlessSway(width: Self.size.width, height: Self.size.height, background: "#202020")
        }
        defer { session.stop() }
        let options: [(key: String, value: DBusValue)] = [("anchor", .string("center"))]
        _ = try await session.daemon.menu("Show", [DBusVariantDictionary(options).dbusValue])
        try await session.daemon.waitForState("expanded")
        // 400 px left of the centre, far beyond the menu's own circles: blue's direction.
        let choosing = try await pointer(
            on: sway, at: (900, 80), ["880,90", "300,304", "112,304", "110,305", "wait:100", "press", "release"])
        defer { choosing.stop() }
        try await session.waitForAction(on: "blue")
        #expect(session.actionItems == ["blue"])
        try await session.daemon.waitForState("collapsed")
        // Closed, the menu's surface no longer covers the output: a click there reaches the window below.
        let after = try await pointer(on: sway, at: (112, 304), ["120,300", "press", "release"])
        defer { after.stop() }
        try await session.window.waitForPress(x: 120, y: 300, slack: 2)
    }

    @Test func onTheSecondOutputDirectionsAreTakenFromTheMenuThere() async throws {
        let (session, sway) = try await OverlaySession.start(configuration: X11PieGestureTests.configuration) {
            try await HeadlessSway(
                width: Self.size.width, height: Self.size.height, background: "#202020",
                extraOutputs: [
                    HeadlessSway.Output(width: Self.size.width, height: Self.size.height, x: Self.size.width)
                ])
        }
        defer { session.stop() }
        let options: [(key: String, value: DBusValue)] = [
            ("anchor", .string("center")), ("output", .string("HEADLESS-2")),
        ]
        _ = try await session.daemon.menu("Show", [DBusVariantDictionary(options).dbusValue])
        try await session.daemon.waitForState("expanded")
        // Straight up from the menu's centre (1536, 300 on the desktop): red's
        // direction. Taken from the first output's origin instead, it would be
        // up and far to the left of the centre, blue's.
        let layout = (width: 2 * Self.size.width, height: Self.size.height)
        let centre = (x: Self.size.width + Self.size.width / 2, y: Self.size.height / 2)
        let choosing = try await pointer(
            on: sway, at: (centre.x + 300, centre.y + 200),
            ["\(centre.x + 10),\(centre.y - 100)", "\(centre.x),\(centre.y - 240)", "wait:100", "press", "release"],
            layout: layout)
        defer { choosing.stop() }
        try await session.waitForAction(on: "red")
        #expect(session.actionItems == ["red"])
    }
}
