import DBus
import Foundation
import TestSupport
import Testing

/// petal-overlay as a screen reader sees it: on Xvfb, with the accessibility
/// bus a desktop session has, read and driven over AT-SPI by
/// Fixtures/atspi_probe.py (pyatspi, as Orca and accerciser use it).
@Suite(.serialized) struct AccessibilityTests {
    /// Three items: a push button, a selected toggle, a disabled item.
    static let configuration = """
        {"menu": {"layout": "linear", "openDuration": 0.2, "closeDuration": 0.2},
         "items": [
           {"id": "red", "title": "Red", "icon": "", "color": "#d03030", "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "green", "title": "Green", "icon": "", "color": "#30a030", "toggle": true, "selected": true, "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "blue", "title": "Blue", "icon": "", "color": "#3050d0", "enabled": false, "action": "command.run", "params": {"argv": ["true"]}}],
         "appearance": {"anchor": "bottom-left", "buttonColor": "#ef5285", "shadow": false}}
        """

    static let probe = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/atspi_probe.py")

    /// One child of the overlay's window, as atspi_probe.py describes it.
    struct Child: Decodable, Equatable {
        var name: String
        var role: String
        var states: [String]
        var actions: [String]
        var extents: [Int]

        func has(_ state: String) -> Bool { states.contains(state) }
    }

    struct Window: Decodable {
        var name: String
        var children: [Child]
    }

    /// The overlay on Xvfb with an accessibility bus and the bridge on
    /// (`NO_AT_BRIDGE=0`: the display's environment has it 1 for every other
    /// test); at `scale` 2 (`GDK_SCALE`), on a screen twice as large, the
    /// same logical 1024×600.
    final class Fixture: @unchecked Sendable {
        let display: XvfbDisplay
        let bus: AccessibilityBus
        let session: OverlaySession

        init(configuration: String = AccessibilityTests.configuration, scale: Int = 1) async throws {
            display = try await XvfbDisplay(width: 1024 * scale, height: 600 * scale, compositor: true)
            do {
                bus = try await AccessibilityBus(in: display.directory)
            } catch {
                display.stop()
                throw error
            }
            do {
                session = try await OverlaySession(
                    display: display, configuration: configuration,
                    overlayEnvironment: bus.environment.merging(["NO_AT_BRIDGE": "0", "GDK_SCALE": "\(scale)"]) {
                        _, new in new
                    }, waitingForButton: scale == 1)
            } catch {
                bus.stop()
                display.stop()
                throw error
            }
        }

        func stop() {
            session.stop()
            bus.stop()
        }

        /// Runs atspi_probe.py with `arguments`; status 2 means the overlay is not registered yet.
        func probe(_ arguments: [String]) async throws -> ExternalCommand {
            let assignments = bus.environment.merging(["PATH": "/usr/bin:/bin", "HOME": display.directory.path]) {
                _, new in new
            }.map { "\($0.key)=\($0.value)" }
            return try await ExternalCommand.running(
                ["/usr/bin/env", "-i"] + assignments + ["/usr/bin/python3", AccessibilityTests.probe.path] + arguments)
        }

        /// The overlay window's children, once `condition` holds of them.
        @discardableResult
        func waitForChildren(
            within limit: Duration = .seconds(15), until condition: ([Child]) -> Bool
        ) async throws -> [Child] {
            let deadline = ContinuousClock.now + limit
            var last = ""
            while true {
                let run = try await probe(["tree"])
                if run.status == 0 {
                    let windows = try JSONDecoder().decode([Window].self, from: Data(run.output.utf8))
                    let children = windows.flatMap(\.children)
                    if condition(children) { return children }
                    last = run.output
                } else {
                    last = run.summary
                }
                guard ContinuousClock.now < deadline else {
                    throw TestSetupError(
                        "the overlay's accessible tree never matched; last seen: \(last)\noverlay log:\n\(session.overlay.log)"
                    )
                }
                try await Task.sleep(for: .milliseconds(100))
            }
        }

        /// Opens the menu through D-Bus once it is collapsed (``OverlaySession/open()``
        /// waits for the last item's colour, which this menu's disabled item lacks).
        func open() async throws {
            try await session.daemon.waitForState("collapsed")
            _ = try await session.daemon.menu("Open")
            try await session.daemon.waitForState("expanded")
        }

        /// The box `[x, y, width, height]` of the pixels of `colour` within 40
        /// px of `extents` on the screen, once it is as large as `extents`
        /// give or take 2 px (the menu may still be spreading); the last box
        /// seen after 5 s.
        func waitForDisc(of colour: String, near extents: [Int]) async throws -> [Int] {
            let deadline = ContinuousClock.now + .seconds(5)
            while true {
                let box = try await display.screenshot().box(of: colour, near: extents)
                let settled = box.count == 4 && abs(box[2] - extents[2]) <= 2 && abs(box[3] - extents[3]) <= 2
                if settled || ContinuousClock.now >= deadline { return box }
                try await Task.sleep(for: .milliseconds(100))
            }
        }

        /// Runs the default action of the child named `name`; returns what the bridge answered.
        func act(on name: String) async throws -> Bool {
            let run = try await probe(["act", name])
            guard run.status == 0 else { throw TestSetupError("atspi_probe.py act \(name): \(run.summary)") }
            return run.output.contains("\"done\": true")
        }
    }

    static func names(_ children: [Child]) -> [String] { children.map(\.name) }

    @Test func collapsedOnlyTheButtonIsThereAndOpenTheItemsAreButtonsAndCheckBoxes() async throws {
        let fixture = try await Fixture()
        defer { fixture.stop() }
        let collapsed = try await fixture.waitForChildren { Self.names($0) == ["Open menu"] }
        #expect(collapsed[0].role == "push button" && collapsed[0].has("enabled") && collapsed[0].actions == ["click"])

        try await fixture.open()
        let open = try await fixture.waitForChildren { Self.names($0) == ["Close menu", "Red", "Green", "Blue"] }
        let (red, green, blue) = (open[1], open[2], open[3])
        #expect(red.role == "push button" && red.has("enabled") && red.has("sensitive") && !red.has("checked"))
        #expect(green.role == "check box" && green.has("checkable") && green.has("checked") && green.has("enabled"))
        #expect(blue.role == "push button" && !blue.has("enabled") && !blue.has("sensitive"))
        // Each where it is drawn: the items 80 px apart to the right of the button, 60 px wide.
        let centre = fixture.session.itemCentre(0)
        #expect(red.extents == [centre.x - 30, centre.y - 30, 60, 60], "\(red.extents)")
        // And where it is on the screen: Red's extents are its red disc's box, as drawn.
        let disc = try await fixture.waitForDisc(of: "#d03030", near: red.extents)
        #expect(
            disc.count == 4 && zip(red.extents, disc).allSatisfy { abs($0 - $1) <= 2 },
            "extents \(red.extents), disc \(disc)")

        _ = try await fixture.session.daemon.menu("Close")
        try await fixture.waitForChildren { Self.names($0) == ["Open menu"] }
    }

    @Test func atScaleTwoTheExtentsAreTheCircleOnTheScreenInItsPixels() async throws {
        let fixture = try await Fixture(scale: 2)
        defer { fixture.stop() }
        try await fixture.waitForChildren { Self.names($0) == ["Open menu"] }
        try await fixture.open()
        let open = try await fixture.waitForChildren { Self.names($0) == ["Close menu", "Red", "Green", "Blue"] }
        // Red's 60 px disc, 80 px right of the button at the bottom-left of the logical 1024×600,
        // in the screen's pixels: twice each.
        let centre = (x: 16 + 30 + 80, y: 600 - 32 - 30)
        #expect(open[1].extents == [2 * centre.x - 60, 2 * centre.y - 60, 120, 120], "\(open[1].extents)")
        let disc = try await fixture.waitForDisc(of: "#d03030", near: open[1].extents)
        #expect(
            disc.count == 4 && zip(open[1].extents, disc).allSatisfy { abs($0 - $1) <= 2 },
            "extents \(open[1].extents), disc \(disc)")
    }

    @Test func anItemsActionActivatesItAndTheButtonsTogglesTheMenu() async throws {
        let fixture = try await Fixture()
        defer { fixture.stop() }
        try await fixture.waitForChildren { Self.names($0) == ["Open menu"] }
        #expect(try await fixture.act(on: "Open menu"))
        try await fixture.session.daemon.waitForState("expanded")
        try await fixture.waitForChildren { $0.count == 4 }
        #expect(try await fixture.act(on: "Red"))
        try await fixture.session.waitForAction(on: "red")
        try await fixture.session.daemon.waitForState("collapsed")
        // A disabled item's action does nothing: the action run after it is the next petald sees.
        // (The bridge answers DoAction before running it, so its answer says nothing.)
        try await fixture.open()
        try await fixture.waitForChildren { $0.count == 4 }
        _ = try await fixture.act(on: "Blue")
        _ = try await fixture.act(on: "Red")
        let deadline = ContinuousClock.now + .seconds(10)
        while fixture.session.actionItems.count < 2 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(fixture.session.actionItems == ["red", "red"])
    }

    @Test func aToggleIsUncheckedOnceItsActionHasRun() async throws {
        let fixture = try await Fixture()
        defer { fixture.stop() }
        try await fixture.waitForChildren { Self.names($0) == ["Open menu"] }
        try await fixture.open()
        try await fixture.waitForChildren { $0.count == 4 && $0[2].has("checked") }
        _ = try await fixture.act(on: "Green")
        try await fixture.session.waitForAction(on: "green")
        try await fixture.open()
        let children = try await fixture.waitForChildren { $0.count == 4 && !$0[2].has("checked") }
        #expect(children[2].role == "check box" && children[2].has("checkable"))
    }

    @Test func focusFollowsHighlighted() async throws {
        let fixture = try await Fixture()
        defer { fixture.stop() }
        try await fixture.waitForChildren { Self.names($0) == ["Open menu"] }
        try await fixture.open()
        try await fixture.session.daemon.setProperty("Highlighted", .string("green"))
        let green = try await fixture.waitForChildren { $0.count == 4 && $0[2].has("focused") }
        #expect(green.filter { $0.has("focused") }.map(\.name) == ["Green"])
        try await fixture.session.daemon.setProperty("Highlighted", .string("red"))
        let red = try await fixture.waitForChildren { $0.count == 4 && $0[1].has("focused") }
        #expect(red.filter { $0.has("focused") }.map(\.name) == ["Red"])
        try await fixture.session.daemon.setProperty("Highlighted", .string(""))
        try await fixture.waitForChildren { $0.count == 4 && !$0.contains { $0.has("focused") } }
    }

    @Test func everyOpenMenuOfAChainIsListedAndASubmenusItemsAreDriven() async throws {
        let fixture = try await Fixture(configuration: X11SeveralMenusTests.configuration)
        defer { fixture.stop() }
        try await fixture.open()
        try await fixture.waitForChildren { Self.names($0).contains("Sub") }
        // Sub opens apps: its centre button, named after its title, and its items join the tree.
        #expect(try await fixture.act(on: "Sub"))
        let open = try await fixture.waitForChildren { Self.names($0).contains("Web") }
        for name in ["Apps", "Web", "Mail", "Red", "Sub", "Blue"] {
            let child = try #require(open.first { $0.name == name }, "\(name) in \(Self.names(open))")
            #expect(child.role == "push button" && child.has("enabled"), "\(child)")
        }
        // An item of the submenu runs as a click on it would, once it has opened: the chain closes.
        try await X11SeveralMenusTests().waitForState("apps", "expanded", of: fixture.session)
        #expect(try await fixture.act(on: "Mail"))
        try await fixture.session.waitForAction(on: "sub/mail")
        // Closed, the submenu's window goes, and with it its centre button.
        let closed = try await fixture.waitForChildren { children in
            !["Mail", "Red", "Apps"].contains { Self.names(children).contains($0) }
        }
        #expect(Self.names(closed) == ["Open menu"], "\(Self.names(closed))")

        // A named menu shown on its own is listed by its title while it is open.
        _ = try await fixture.session.daemon.client.call(
            destination: "org.petal.Petal1", path: "/org/petal/Petal1", interface: "org.petal.Petal1.Menus",
            member: "ShowMenu", [.string("power"), .vardict([])])
        try await fixture.waitForChildren { Self.names($0).contains("Power") && Self.names($0).contains("Lock") }
    }
}

extension RGBAImage {
    /// The box `[x, y, width, height]` of the pixels within 24 of `colour`
    /// (each of red, green and blue) and within 40 px of `extents`; empty for none.
    fileprivate func box(of colour: String, near extents: [Int]) throws -> [Int] {
        let xs = max(0, extents[0] - 40)..<min(width, extents[0] + extents[2] + 40)
        let ys = max(0, extents[1] - 40)..<min(height, extents[1] + extents[3] + 40)
        var (left, top, right, bottom) = (Int.max, Int.max, Int.min, Int.min)
        for y in ys {
            for x in xs where try pixel(x: x, y: y, isWithin: 24, of: colour) {
                (left, top, right, bottom) = (min(left, x), min(top, y), max(right, x), max(bottom, y))
            }
        }
        guard left <= right else { return [] }
        return [left, top, right - left + 1, bottom - top + 1]
    }
}
