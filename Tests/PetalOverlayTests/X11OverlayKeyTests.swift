import Foundation
import PetalCore
import TestSupport
import Testing

/// Items' own keys and Backspace on X11 (docs/overlay.md, "Clicks and keys").
@Suite(.serialized) struct X11OverlayKeyTests {
    /// The session's menu with keys: red is "m", green (disabled) "g", blue has none.
    static let configuration = """
        {"menu": {"layout": "linear", "openDuration": 0.2, "closeDuration": 0.2},
         "items": [
           {"id": "red", "title": "Red", "icon": "", "color": "#d03030", "key": "m", "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "green", "title": "Green", "icon": "", "color": "#30a030", "key": "g", "enabled": false, "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "blue", "title": "Blue", "icon": "", "color": "#3050d0", "action": "command.run", "params": {"argv": ["true"]}}],
         "appearance": {"anchor": "bottom-left", "buttonColor": "#ef5285", "shadow": false}}
        """

    func session() async throws -> (OverlaySession, XvfbDisplay) {
        try await OverlaySession.start(configuration: Self.configuration) {
            try await XvfbDisplay(width: 1024, height: 600, compositor: true)
        }
    }

    @Test func anItemsKeyActivatesItAndADisabledItemsKeyDoesNothing() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        try await session.open()
        // The disabled item's key first: the overlay handles keys in order, so
        // once m's action has started, g has been handled (and asked for nothing).
        try await display.press(Key("g"))
        try await display.press(Key("m"))
        try await session.waitForAction(on: "red")
        try await session.daemon.waitForState("collapsed")
        #expect(session.actionItems == ["red"])
        #expect(!session.overlay.log.contains("calling petald: activate(\"green\")"), "\(session.overlay.log)")
        // A letter's other case finds it too (Shift+m types "M").
        try await session.open()
        try await display.press(Key("M"))
        try await session.daemon.waitForState("collapsed")
        #expect(session.actionItems == ["red", "red"])
    }

    @Test func backspaceCallsBackWhichClosesMainWhenNoSubmenuIsOpen() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        try await session.open()
        try await display.press(.backspace)
        try await session.daemon.waitForState("collapsed")
        #expect(session.overlay.log.contains("calling petald: back"), "\(session.overlay.log)")
        #expect(session.actionItems.isEmpty)
    }
}

/// `gtk-enable-animations` false in GTK's settings.ini: the overlay draws each
/// state's end at once (docs/overlay.md, "Reduced motion").
@Suite(.serialized) struct X11ReducedMotionTests {
    @Test func theFirstFrameOfEachStateIsItsEnd() async throws {
        let config = FileManager.default.temporaryDirectory
            .appendingPathComponent("petal-reduced-motion-\(getpid())-\(UUID().uuidString.prefix(8))")
        try Self.disableAnimations(in: config)
        defer { try? FileManager.default.removeItem(at: config) }
        let (session, _) = try await OverlaySession.start(
            overlayEnvironment: ["XDG_CONFIG_HOME": config.path, "PETAL_OVERLAY_TRACE": "1"]
        ) { try await XvfbDisplay(width: 1024, height: 600, compositor: true) }
        defer { session.stop() }
        #expect(session.overlay.log.contains("animations are off"), "\(session.overlay.log)")
        try await session.open()
        #expect(try await firstFrame(after: "expanding", in: session) == 1)
        _ = try await session.daemon.menu("Close")
        try await session.daemon.waitForState("collapsed")
        #expect(try await firstFrame(after: "collapsing", in: session) == 0)
        #expect(try await firstFrame(after: "collapsed", in: session) == 0)
    }

    /// Writes `gtk-3.0/settings.ini` with animations off in `directory`, an
    /// `XDG_CONFIG_HOME` for the overlay.
    static func disableAnimations(in directory: URL) throws {
        let gtk = directory.appendingPathComponent("gtk-3.0")
        try FileManager.default.createDirectory(at: gtk, withIntermediateDirectories: true)
        try "[Settings]\ngtk-enable-animations=false\n".write(
            to: gtk.appendingPathComponent("settings.ini"), atomically: true, encoding: .utf8)
    }

    /// The spread of the first frame painted after the last `trace state … STATE`
    /// line (`trace state US STATE PATH`, `trace frame US SPREAD PATH`), waiting
    /// for it up to `limit`.
    private func firstFrame(
        after state: String, in session: OverlaySession, within limit: Duration = .seconds(10)
    ) async throws -> Double {
        let deadline = ContinuousClock.now + limit
        while true {
            let lines = session.overlay.log.split(separator: "\n").map { $0.split(separator: " ") }
            if let entered = lines.lastIndex(where: { $0.count == 5 && $0[1] == "state" && $0[3] == state }),
                let frame = lines[entered...].first(where: { $0.count == 5 && $0[1] == "frame" }),
                let spread = Double(frame[3])
            {
                return spread
            }
            guard ContinuousClock.now < deadline else {
                throw TestSetupError("no frame traced after \(state):\n\(session.overlay.log)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
