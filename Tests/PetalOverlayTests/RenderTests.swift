import Foundation
import PetalCore
import TestSupport
import Testing

/// `petal-overlay --render`: frames drawn offscreen, read back pixel by pixel.
@Suite struct RenderTests {
    static let colours = ["#ef5285", "#60c5ba", "#a5dff9"]
    static let defaultPlaces = MenuGeometry().positions(count: 3, discs: LayoutDiscs())

    @Test func anExpandedMenuShowsEachItemsColourAtItsLayoutPosition() async throws {
        let frame = RenderedFrame(image: try await OverlayBinary.render(["--state", "expanded"]))
        for (place, colour) in zip(Self.defaultPlaces, Self.colours) {
            let point = RenderedFrame.onDisc(of: place)
            #expect(try frame.shows(colour, at: point), "\(colour) expected: \(frame.describe(point))")
        }
        // The button has turned into a white disc with a "×" of its own colour.
        #expect(try frame.shows("#ffffff", at: Point(x: -20, y: 0)), "\(frame.describe(Point(x: -20, y: 0)))")
        #expect(frame.image.width % 2 == 0 && frame.image.height % 2 == 0)
    }

    @Test func aCollapsedMenuShowsNoItemAndTheButtonInItsColour() async throws {
        let frame = RenderedFrame(image: try await OverlayBinary.render(["--state", "collapsed"]))
        for place in Self.defaultPlaces {
            #expect(frame.isClear(at: RenderedFrame.onDisc(of: place)), "\(frame.describe(place))")
            #expect(frame.isClear(at: place), "\(frame.describe(place))")
        }
        #expect(try frame.shows("#ef5285", at: Point(x: -20, y: 0)), "\(frame.describe(Point(x: -20, y: 0)))")
        // The "+" is white, upright: its bar crosses the centre horizontally.
        #expect(try frame.shows("#ffffff", at: Point(x: 8, y: 0)), "\(frame.describe(Point(x: 8, y: 0)))")
    }

    @Test func aFrameMidwayDiffersFromBothEnds() async throws {
        let config = OverlayBinary.examples.appendingPathComponent("linear-contacts.json").path
        async let open = OverlayBinary.render(["--config", config, "--state", "expanded"])
        async let closed = OverlayBinary.render(["--config", config, "--state", "collapsed"])
        async let midway = OverlayBinary.render(["--config", config, "--state", "expanding", "--at", "0.03"])
        let (a, b, c) = try await (open, closed, midway)
        #expect(c.pixels != a.pixels)
        #expect(c.pixels != b.pixels)
        #expect(a.width == c.width && b.height == c.height)
    }

    @Test func anOpeningFrameHasItsItemsPartWayOut() async throws {
        // Linear, 80·(i+1): the first item's centre moves from 0 to 80 along +x.
        let config = try Self.config(
            #"{"menu": {"layout": "linear", "openDuration": 1}, "appearance": {"springDamping": 1}}"#)
        let early = RenderedFrame(
            image: try await OverlayBinary.render(["--config", config, "--state", "expanding", "--at", "0.08"]))
        let open = RenderedFrame(image: try await OverlayBinary.render(["--config", config, "--state", "expanded"]))
        #expect(!(try early.shows("#ef5285", at: Point(x: 80 + 24, y: 0))), "\(early.describe(Point(x: 104, y: 0)))")
        #expect(try open.shows("#ef5285", at: Point(x: 80 + 24, y: 0)), "\(open.describe(Point(x: 104, y: 0)))")
    }

    @Test func theAppearanceSetsSizesAndColours() async throws {
        let config = try Self.config(
            """
            {"menu": {"layout": "stack", "spacing": 100},
             "items": [{"id": "a", "action": "x.y", "color": "#2050c0", "icon": ""}],
             "appearance": {"buttonSize": 90, "itemSize": 40, "buttonColor": "#10a010", "shadow": false}}
            """)
        let frame = RenderedFrame(image: try await OverlayBinary.render(["--config", config, "--state", "expanded"]))
        // The item: a 40 px disc 100 px above the button.
        #expect(try frame.shows("#2050c0", at: Point(x: -15, y: -100)), "\(frame.describe(Point(x: -15, y: -100)))")
        #expect(frame.isClear(at: Point(x: -25, y: -100)), "\(frame.describe(Point(x: -25, y: -100)))")
        // The 90 px button, white when open; clear past its edge (no shadow).
        #expect(try frame.shows("#ffffff", at: Point(x: -42, y: 0)), "\(frame.describe(Point(x: -42, y: 0)))")
        #expect(frame.isClear(at: Point(x: -47, y: 0)), "\(frame.describe(Point(x: -47, y: 0)))")
        let closed = RenderedFrame(image: try await OverlayBinary.render(["--config", config, "--state", "collapsed"]))
        #expect(try closed.shows("#10a010", at: Point(x: -42, y: 0)), "\(closed.describe(Point(x: -42, y: 0)))")
    }

    @Test func labelsShownAllTheTimeAreDrawnAsTheLiveOverlayDrawsThem() async throws {
        let item = { (id: String, title: String) in
            ##"{"id": "\##(id)", "title": "\##(title)", "action": "x.y", "color": "#3050d0", "icon": ""}"##
        }
        let items = [item("red", "Red"), item("green", "Green"), item("blue", "Blue screenshot tool")]
        func frame(labels: String) async throws -> RenderedFrame {
            let config = try Self.config(
                """
                {"menu": {"layout": "linear"}, "items": [\(items.joined(separator: ", "))],
                 "appearance": {"labels": "\(labels)", "shadow": false}}
                """)
            return RenderedFrame(image: try await OverlayBinary.render(["--config", config, "--state", "expanded"]))
        }
        // A label is a dark plate (#1a1a1a at 0.85) with the title in white: nothing else drawn is that dark.
        func plate(_ frame: RenderedFrame) -> Int {
            var count = 0
            for y in 0..<frame.image.height {
                for x in 0..<frame.image.width {
                    let (r, g, b, a) = frame.image.pixel(x: x, y: y)
                    if a > 200 && a < 235 && max(r, g, b) < 40 { count += 1 }
                }
            }
            return count
        }
        let always = try await frame(labels: "always")
        let none = try await frame(labels: "none")
        // Three plates 22–24 px tall, "Blue screenshot tool" alone some 130 px wide.
        #expect(plate(always) > 3_000, "\(plate(always)) plate pixels")
        #expect(plate(none) == 0)
        #expect(always.image.width > none.image.width || always.image.height > none.image.height, "room for the labels")
        // The button is still the image's centre, the items where Layout puts them.
        #expect(try always.shows("#3050d0", at: RenderedFrame.onDisc(of: Point(x: 80, y: 0))))
    }

    @Test func itDrawsTheMenuPetaldServes() async throws {
        let daemon = try await RunningDaemon(
            executable: "petald",
            arguments: [
                "--config",
                try Self.config(
                    """
                    {"menu": {"layout": "linear"}, "items": [
                       {"id": "one", "action": "command.run", "color": "#c03030", "icon": ""},
                       {"id": "two", "action": "command.run", "color": "#3030c0", "icon": ""}]}
                    """),
            ])
        defer { _ = daemon.stop() }
        let frame = RenderedFrame(
            image: try await OverlayBinary.render(
                ["--state", "expanded"], environment: ["DBUS_SESSION_BUS_ADDRESS": daemon.bus.address]))
        #expect(
            try frame.shows("#c03030", at: RenderedFrame.onDisc(of: Point(x: 80, y: 0))),
            "\(frame.describe(Point(x: 58, y: 0)))")
        #expect(
            try frame.shows("#3030c0", at: RenderedFrame.onDisc(of: Point(x: 160, y: 0))),
            "\(frame.describe(Point(x: 138, y: 0)))")
    }

    @Test func badArgumentsAreUsageErrorsThatSayWhatIsExpected() async throws {
        let state = try await OverlayBinary.run(["--render", "/tmp/x.png", "--state", "open"])
        #expect(state.status == 2)
        #expect(state.errors.contains(#"unknown state "open"; use collapsed, expanding, expanded or collapsing"#))
        let time = try await OverlayBinary.run(["--render", "/tmp/x.png", "--at", "-1"])
        #expect(time.status == 2 && time.errors.contains("--at -1: expected seconds"))
        let orphan = try await OverlayBinary.run(["--state", "expanded"])
        #expect(orphan.status == 2 && orphan.errors.contains("go with --render"))
        let unknown = try await OverlayBinary.run(["--frobnicate"])
        #expect(unknown.status == 2 && unknown.errors.contains("unknown option --frobnicate"))
    }

    @Test func aFileThatCannotBeWrittenIsNamedWithTheReason() async throws {
        let run = try await OverlayBinary.run(["--render", "/nonexistent/folder/menu.png"])
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot write /nonexistent/folder/menu.png: No such file or directory"))
    }

    @Test func aBadConfigurationNamesTheFileAndTheField() async throws {
        let config = try Self.config(#"{"appearance": {"buttonColor": "pink"}}"#)
        let run = try await OverlayBinary.run(["--render", "/tmp/never.png", "--config", config])
        #expect(run.status == 2)
        #expect(run.errors.contains(config) && run.errors.contains("appearance.buttonColor"))
    }

    @Test func withoutADisplayTheOverlayExplainsAndFails() async throws {
        let run = try await OverlayBinary.run([])
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot open a display") && run.errors.contains("--render"))
    }

    /// A configuration file with `text`, in a fresh folder.
    static func config(_ text: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-overlay-\(UUID().uuidString.prefix(8)).json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}
