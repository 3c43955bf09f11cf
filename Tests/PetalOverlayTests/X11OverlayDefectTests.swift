import Foundation
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// Two defects seen on Xvfb with xcompmgr: a `Highlighted` set by another
/// client was never drawn, and a backdrop was laid on twice.
@Suite(.serialized) struct X11OverlayDefectTests {
    /// With a compositor and without one (where the window is shaped to
    /// what it draws, and a ring outside the shape would never show), on
    /// Xvfb alone and under i3.
    @Test(arguments: X11Desktop.all)
    func highlightedSetByAnotherClientIsDrawn(desktop: X11Desktop) async throws {
        let (session, display, manager) = try await OverlaySession.start(on: desktop)
        defer {
            session.stop()
            manager?.stop()
        }
        try await session.open()
        try await Self.expectHighlightFromAnotherClientDrawn(
            session, display, savingAs: desktop.shotName("highlight-before"))
    }

    /// Blue's highlight ring, set and cleared over D-Bus by the test (another
    /// client than the overlay), is drawn and goes, in `session`'s open menu.
    static func expectHighlightFromAnotherClientDrawn(
        _ session: OverlaySession, _ display: any HeadlessDisplay, savingAs name: String
    ) async throws {
        // The highlight ring lies on the disc's edge (radius 30), inside it or just outside.
        let centre = session.itemCentre(2)
        let edge = (24...35).map { (x: centre.x, y: centre.y - $0) }
        let before = try await display.screenshot(savingAs: name)
        func changed(_ shot: RGBAImage) throws -> Bool {
            try edge.contains { point in
                !(try shot.pixel(x: point.x, y: point.y, isWithin: 40, of: before.hex(x: point.x, y: point.y)))
            }
        }
        // The test's own connection is another client than the overlay.
        try await session.daemon.setProperty("Highlighted", .string("blue"))
        try await waitUntil(display, "the highlight ring of blue is drawn") { try changed($0) }
        try await session.daemon.setProperty("Highlighted", .string(""))
        try await waitUntil(display, "the highlight ring of blue is gone") { try !changed($0) }
    }

    /// A submenu shares its parent's appearance, backdrop included; the
    /// chain is laid over the screen once, at the configured alpha.
    @Test(arguments: [[], ["-c"]])
    func aBackdropIsLaidOnceAtItsConfiguredAlphaWithASubmenuOpen(xcompmgr arguments: [String]) async throws {
        let configuration = X11SeveralMenusTests.configuration.replacingOccurrences(
            of: #""shadow": false"#, with: ##""shadow": false, "backdrop": "#00000080""##)
        let (session, display) = try await OverlaySession.start(configuration: configuration) {
            try await XvfbDisplay(width: 1024, height: 600, compositor: true, compositorArguments: arguments)
        }
        defer { session.stop() }
        try await session.open()
        let probe = (x: 700, y: 150)
        // #406080 under black at 0x80/0xff: each channel times 127/255.
        let expected = try RGBAImage.components(of: OverlaySession.background).map { Int($0) * 127 / 255 }
        func isOnce(_ shot: RGBAImage) -> Bool {
            let (r, g, b, _) = shot.pixel(x: probe.x, y: probe.y)
            return zip([r, g, b], expected).allSatisfy { abs(Int($0) - $1) <= 6 }
        }
        try await waitUntil(display, "the backdrop is laid once with main open") { isOnce($0) }
        _ = try await session.daemon.menu("Activate", [.string("sub")])
        let apps = PetalClient(connection: session.daemon.client).menu(named: "apps")
        let deadline = ContinuousClock.now + .seconds(10)
        while try await apps.snapshot().state != .expanded, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await Task.sleep(for: .milliseconds(400))
        let shot = try await display.screenshot(savingAs: "backdrop-submenu")
        #expect(
            isOnce(shot),
            "the backdrop over \(OverlaySession.background) is \(shot.hex(x: probe.x, y: probe.y)), not \(expected)")
    }
}

/// Screenshots `display` until `holds` does, for up to `limit`.
func waitUntil(
    _ display: any HeadlessDisplay, _ what: String, within limit: Duration = .seconds(10),
    _ holds: (RGBAImage) throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while true {
        let shot = try await display.screenshot()
        if try holds(shot) { return }
        guard ContinuousClock.now < deadline else {
            let file = display.directory.appendingPathComponent("waitUntil-\(UUID().uuidString.prefix(6)).png")
            try? shot.savePNG(to: file)
            throw TestSetupError("not so after \(limit): \(what); see \(file.path)")
        }
        try await Task.sleep(for: .milliseconds(50))
    }
}
