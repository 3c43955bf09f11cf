import Foundation
import PetalCore
import TestSupport
import Testing

/// `petal-overlay --render --menu NAME` and `--open A,B`: any menu of the
/// configuration, and a chain with its submenu spread from the item that opened it.
@Suite struct RenderChainTests {
    /// main is a stack (items 100 px apart, upwards); its first item opens
    /// `sub`, a linear row (80 px apart, rightwards). No shadows, no icons,
    /// so every disc is one flat colour.
    static let chain = """
        {"menu": {"layout": "stack", "spacing": 100},
         "appearance": {"buttonSize": 50, "itemSize": 40, "buttonColor": "#f0a000", "shadow": false},
         "items": [{"id": "a", "color": "#2050c0", "icon": "", "submenu": "sub"},
                   {"id": "b", "color": "#10a010", "icon": "", "action": "x.y"}],
         "menus": {"sub": {"layout": "linear", "items": [{"id": "c", "color": "#c02020", "icon": "", "action": "x.y"}]},
                   "other": {"layout": "stack", "spacing": 100, "items": [{"id": "d", "color": "#8020c0", "icon": "", "action": "x.y"}]}}}
        """

    @Test func theSubmenuSpreadsFromItsItemAndTheParentsOtherItemsFade() async throws {
        let config = try RenderTests.config(Self.chain)
        let image = try await OverlayBinary.render(["--config", config, "--open", "main,sub"])
        // c sits 80 px right of a, which is 100 px above main's button; b is 100 px above a.
        let c = try #require(try image.centroid(of: "#c02020"), "the submenu's item is not drawn")
        let sub = Point(x: c.x - 80, y: c.y)
        #expect(
            try image.shows("#ffffff", at: sub), "the submenu's open button is not on item a: \(image.describe(sub))")
        let main = Point(x: sub.x, y: sub.y + 100)
        #expect(try image.shows("#ffffff", at: main), "main's open button: \(image.describe(main))")
        let b = Point(x: sub.x, y: sub.y - 100)
        let faded = image.pixel(x: Int(b.x), y: Int(b.y))
        #expect((90...115).contains(faded.a), "b is not faded to 0.4: \(image.describe(b))")
        #expect(try image.pixel(x: Int(b.x), y: Int(b.y), isWithin: 6, of: "#10a010"), "\(image.describe(b))")
        #expect(try image.centroid(of: "#2050c0") == nil, "a shows from under the submenu's button")
    }

    @Test func aSubmenuStillClosedLeavesTheParentUnfaded() async throws {
        let config = try RenderTests.config(Self.chain)
        let image = try await OverlayBinary.render(["--config", config, "--open", "main,sub", "--state", "collapsed"])
        #expect(try image.centroid(of: "#c02020") == nil, "a collapsed submenu shows its item")
        #expect(try image.centroid(of: "#10a010") != nil, "b is faded while its submenu is closed")
    }

    @Test func menuDrawsAnyMenuOfTheConfigurationOnItsOwn() async throws {
        let config = try RenderTests.config(Self.chain)
        let frame = RenderedFrame(image: try await OverlayBinary.render(["--config", config, "--menu", "other"]))
        #expect(try frame.shows("#8020c0", at: Point(x: 0, y: -100)), "\(frame.describe(Point(x: 0, y: -100)))")
        #expect(try frame.image.centroid(of: "#10a010") == nil, "main's items are drawn with --menu other")
    }

    @Test(arguments: [
        (["--open", "main,nope"], #"no menu called "nope" in "#),
        (["--open", "main,other"], #"menu "other" is not a submenu of "main": main's items open sub"#),
        (
            ["--menu", "sub", "--open", "main,sub"],
            "petal-overlay takes one of --menu NAME and --open A,B,..., not both"
        ),
        (["--open", "main,"], "--open main,: expected menu names joined by commas"),
    ])
    func aChainThatCannotBeDrawnIsAUsageError(arguments: [String], message: String) async throws {
        let config = try RenderTests.config(Self.chain)
        let run = try await OverlayBinary.run(["--render", "/tmp/never.png", "--config", config] + arguments)
        #expect(run.status == 2)
        #expect(run.errors.contains(message), "\(run.errors)")
    }

    @Test func menuAndOpenGoWithRender() async throws {
        let run = try await OverlayBinary.run(["--open", "main,sub"])
        #expect(run.status == 2 && run.errors.contains("--menu and --open go with --render FILE.png"))
    }
}

extension RGBAImage {
    /// The centre of the opaque pixels of `colour`, nil when there are none.
    func centroid(of colour: String) throws -> Point? {
        var (sumX, sumY, count) = (0, 0, 0)
        for y in 0..<height {
            for x in 0..<width where pixel(x: x, y: y).a > 240 {
                guard try pixel(x: x, y: y, isWithin: 6, of: colour) else { continue }
                (sumX, sumY, count) = (sumX + x, sumY + y, count + 1)
            }
        }
        return count == 0 ? nil : Point(x: Double(sumX) / Double(count), y: Double(sumY) / Double(count))
    }

    /// Whether the pixel at `point` is opaque `colour`.
    func shows(_ colour: String, at point: Point) throws -> Bool {
        let (x, y) = (Int(point.x.rounded()), Int(point.y.rounded()))
        return pixel(x: x, y: y).a > 240 ? try pixel(x: x, y: y, isWithin: 6, of: colour) : false
    }

    func describe(_ point: Point) -> String {
        let (r, g, b, a) = pixel(x: Int(point.x.rounded()), y: Int(point.y.rounded()))
        return "rgba(\(r), \(g), \(b), \(a)) at \(point) of a \(width)×\(height) picture"
    }
}
