import PetalCore
import Testing

@testable import PetalScene

@Suite struct HitTestingTests {
    typealias F = SceneFixtures

    @Test func theButtonIsOnTopAndItemsAreHitOnlyWhenExpanded() {
        let menu = F.menu(.linear)
        let expanded = Scene(menu: menu, state: .expanded).frame(at: 0)
        #expect(expanded.target(at: .zero) == .button)
        #expect(expanded.target(at: Point(x: 29, y: 0)) == .button)
        #expect(expanded.target(at: Point(x: 80, y: 0)) == .item("item0"))
        #expect(expanded.target(at: Point(x: 160 + 29, y: 0)) == .item("item1"))
        #expect(expanded.target(at: Point(x: 120, y: 0)) == nil)
        #expect(expanded.target(at: Point(x: 80, y: 40)) == nil)

        let collapsed = Scene(menu: menu, state: .collapsed).frame(at: 0)
        #expect(collapsed.target(at: Point(x: 80, y: 0)) == nil)
        #expect(collapsed.target(at: .zero) == .button)
    }

    @Test func theBackdropTakesEveryOtherPointWhileShown() {
        var appearance = AppearanceSettings()
        appearance.backdrop = "#00000040"
        let scene = Scene(menu: F.menu(appearance: appearance), state: .expanded)
        #expect(scene.frame(at: 0).target(at: Point(x: 500, y: 500)) == .backdrop)
        #expect(
            scene.inputRegion(origin: .zero, surface: Size(width: 640, height: 480))
                == [PixelRect(x: 0, y: 0, width: 640, height: 480)])
    }

    @Test func theInputRegionIsTheDrawnCircles() {
        let menu = F.menu(.linear)
        let origin = Point(x: 100, y: 100)
        let surface = Size(width: 400, height: 200)
        let region = Scene(menu: menu, state: .collapsed).inputRegion(origin: origin, surface: surface)
        func covers(_ x: Int, _ y: Int, _ rects: [PixelRect]) -> Bool {
            rects.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
        }
        #expect(covers(100, 100, region) && covers(129, 100, region) && covers(100, 71, region))
        #expect(!covers(131, 100, region) && !covers(122, 122, region) && !covers(180, 100, region))
        let area = region.reduce(0) { $0 + $1.width * $1.height }
        #expect(abs(Double(area) - Double.pi * 900) / (Double.pi * 900) < 0.03)

        let open = Scene(menu: menu, state: .expanded).inputRegion(origin: origin, surface: surface)
        #expect(covers(180, 100, open) && covers(340, 100, open) && !covers(220, 100, open))

        // While the items spring out the region is already where they will rest.
        var opening = Scene(menu: menu, state: .collapsed)
        opening.stateChanged(to: .expanding, at: 0)
        #expect(opening.inputRegion(origin: origin, surface: surface) == open)
    }

    @Test func spansOfACircleDoNotOverlap() {
        let rects = InputRegion.spans(covering: [(Point(x: 10.5, y: 10.5), 7)])
        var seen = Set<[Int]>()
        for rect in rects {
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) { #expect(seen.insert([x, y]).inserted) }
            }
        }
        #expect(seen.contains([10, 10]) && !seen.contains([0, 0]))
    }
}

@Suite struct PlacementTests {
    typealias F = SceneFixtures

    @Test(arguments: [
        (Anchor.bottomRight, Point(x: 1280 - 16 - 30, y: 720 - 32 - 30)),
        (.bottomLeft, Point(x: 16 + 30, y: 720 - 32 - 30)),
        (.topRight, Point(x: 1280 - 16 - 30, y: 32 + 30)),
        (.topLeft, Point(x: 16 + 30, y: 32 + 30)),
        (.center, Point(x: 640, y: 360)),
    ])
    func theButtonSitsAtItsAnchorPastTheMargin(anchor: Anchor, expected: Point) {
        var appearance = AppearanceSettings()
        appearance.anchor = anchor
        #expect(Placement.buttonCentre(in: Size(width: 1280, height: 720), appearance: appearance) == expected)
    }

    @Test func thePointerAnchorKeepsTheWholeButtonOnTheSurface() {
        var appearance = AppearanceSettings()
        appearance.anchor = .pointer
        let size = Size(width: 800, height: 600)
        #expect(
            Placement.buttonCentre(in: size, appearance: appearance, pointer: Point(x: 300, y: 200))
                == Point(x: 300, y: 200))
        #expect(
            Placement.buttonCentre(in: size, appearance: appearance, pointer: Point(x: 2, y: 599))
                == Point(x: 30, y: 570))
        #expect(Placement.buttonCentre(in: size, appearance: appearance) == Point(x: 400, y: 300))
    }

    @Test func theReachHoldsEveryItemAtTheSpringsFarthestWithRoomForShadows() {
        var appearance = AppearanceSettings()
        appearance.springDamping = 0.5
        let menu = F.menu(.linear, appearance: appearance, open: 0.7)
        let reach = Placement.reach(of: menu)
        let peak = MenuMotion(menu).open.peak
        #expect(reach.maxX >= 240 * peak + 30 + Placement.decorationMargin - 1e-9)
        #expect(reach.minX == -30 - Placement.decorationMargin)
        let canvas = Placement.centredCanvas(for: menu)
        #expect(canvas.width % 2 == 0 && canvas.height % 2 == 0)
        #expect(Double(canvas.width) / 2 >= reach.maxX)
    }
}

@Suite struct LayerSurfacePlacementTests {
    typealias F = SceneFixtures

    /// Where the button's centre lands on a 1280×720 output for a placement.
    func buttonOnOutput(_ p: LayerSurfacePlacement) -> Point {
        let x =
            p.edges.contains(.left)
            ? Double(p.margins[.left]!) + p.origin.x
            : 1280 - Double(p.margins[.right]!) - Double(p.width) + p.origin.x
        let y =
            p.edges.contains(.top)
            ? Double(p.margins[.top]!) + p.origin.y
            : 720 - Double(p.margins[.bottom]!) - Double(p.height) + p.origin.y
        return Point(x: x, y: y)
    }

    @Test(arguments: [Anchor.bottomRight, .bottomLeft, .topRight, .topLeft])
    func aCornerSurfaceIsTheMenusReachWithTheButtonAtItsAnchor(anchor: Anchor) throws {
        var appearance = AppearanceSettings()
        appearance.anchor = anchor
        let menu = F.menu(.radial, appearance: appearance)
        let reach = Placement.reach(of: menu)
        let placement = try #require(Placement.layerSurface(reach: reach, appearance: appearance))
        #expect(placement.width == reach.integral.width && placement.height == reach.integral.height)
        #expect(
            buttonOnOutput(placement)
                == Placement.buttonCentre(in: Size(width: 1280, height: 720), appearance: appearance))
    }

    @Test func aMenuReachingPastItsEdgeHasANegativeMargin() throws {
        // Linear, to the right, from the bottom-right corner: the row runs off the output.
        let menu = F.menu(.linear)
        let placement = try #require(
            Placement.layerSurface(reach: Placement.reach(of: menu), appearance: menu.appearance))
        #expect(placement.edges == [.right, .bottom])
        #expect(placement.margins[.right]! < 0)
        #expect(buttonOnOutput(placement) == Point(x: 1280 - 16 - 30, y: 720 - 32 - 30))
    }

    @Test func aCentredSurfaceIsSymmetricAboutTheButtonAndThePointerCoversTheOutput() throws {
        var appearance = AppearanceSettings()
        appearance.anchor = .center
        let menu = F.menu(.stack, appearance: appearance)
        let placement = try #require(Placement.layerSurface(reach: Placement.reach(of: menu), appearance: appearance))
        #expect(placement.edges.isEmpty)
        #expect(placement.origin == Point(x: Double(placement.width) / 2, y: Double(placement.height) / 2))
        appearance.anchor = .pointer
        #expect(Placement.layerSurface(reach: Placement.reach(of: menu), appearance: appearance) == nil)
    }
}
