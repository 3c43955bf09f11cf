import PetalCore
import Testing

@testable import PetalScene

/// A radial ring too large for its output's work area: moved, then drawn in
/// and shrunk until all of it lies there, its items never overlapping.
@Suite struct RingFitTests {
    typealias F = SceneFixtures

    /// A 1024×600 output whose bottom 20 pixels a panel keeps (i3bar).
    static let output = OutputGeometry(
        name: "screen", frame: Rect(x: 0, y: 0, width: 1024, height: 600),
        workArea: Rect(x: 0, y: 0, width: 1024, height: 580))

    /// `count` items of `itemSize` on the radial layout, as petald serves them.
    static func ring(_ count: Int, itemSize: Double = 60, firstAngle: Double = 100, angleInterval: Double = 40)
        -> SceneMenu
    {
        var appearance = AppearanceSettings()
        appearance.itemSize = itemSize
        var menu = F.menu(.radial, count: count, appearance: appearance)
        let places = MenuGeometry(style: .radial, firstAngle: firstAngle, angleInterval: angleInterval)
            .positions(count: count, discs: LayoutDiscs(appearance))
        for index in menu.items.indices { menu.items[index].position = places[index] }
        return menu
    }

    /// Whether every circle lies on `area`.
    static func allOn(_ area: Rect, _ circles: [Circle]) -> Bool {
        circles.allSatisfy { $0.lies(in: area) }
    }

    /// The smallest gap between two items, or an item and the button.
    static func closestGap(_ circles: [Circle]) -> Double {
        var gap = Double.infinity
        for (index, circle) in circles.enumerated() {
            for other in circles[(index + 1)...] { gap = min(gap, circle.gap(to: other)) }
        }
        return gap
    }

    /// The same output with no panel.
    static let screen = OutputGeometry(name: "screen", frame: Rect(x: 0, y: 0, width: 1024, height: 600))

    /// A six-item radial submenu, as the seeds' layout serves it.
    static let six: SceneMenu = {
        var menu = ring(6)
        for index in menu.items.indices { menu.items[index].id = "six\(index)" }
        return menu
    }()

    @Test func thirtyItemsAtTheBottomRightOfA1024x600OutputLieOnIt() {
        let chain = MenuChainPlacement(
            Self.ring(30), placed: PlacementRequest(anchor: .bottomRight), on: Self.screen, pointer: nil)
        let circles = chain.circles(ofMenu: 0)
        #expect(Self.allOn(Self.screen.workArea, circles), "\(circles)")
        #expect(Self.closestGap(circles) >= RingFit.minimumGap - 1e-6)
    }

    /// A submenu fanned from the top item of a ring that fills the work
    /// area's height has no room above: the chain is moved down until the
    /// submenu lies wholly on the work area; the parent's faded items below
    /// leave it while the submenu is open.
    @Test(arguments: [screen, output])
    func aSubmenuOfTheTopItemOfAFullHeightRingLiesOnTheWorkArea(_ output: OutputGeometry) {
        var chain = MenuChainPlacement(
            Self.ring(30), placed: PlacementRequest(anchor: .bottomRight), on: output, pointer: nil)
        let top = chain.menus[0].menu.items.min { $0.position.y < $1.position.y }!
        let opened = chain.open(Self.six, from: top.id)
        #expect(opened)
        let (ring, submenu) = (chain.circles(ofMenu: 0), chain.circles(ofMenu: 1))
        #expect(Self.allOn(output.workArea, submenu), "\(submenu)")
        #expect(ring[0].lies(in: output.workArea), "the parent's button")
        #expect(!Self.allOn(output.workArea, ring), "the case: the chain is taller than the work area")
        for item in submenu.dropFirst() {
            #expect(!ring.contains { $0.overlaps(item) }, "\(item) covers its parent")
        }
    }

    @Test func aSubmenuNearTheTopOfAChainThatFitsMovesTheChainDown() {
        let ring = Self.ring(12, angleInterval: 30)
        var chain = MenuChainPlacement(ring, placed: PlacementRequest(anchor: .topLeft), on: Self.output, pointer: nil)
        let top = chain.menus[0].menu.items.min { $0.position.y < $1.position.y }!
        let opened = chain.open(Self.six, from: top.id)
        #expect(opened)
        #expect(Self.allOn(Self.output.workArea, chain.circles), "\(chain.circles)")
    }

    @Test func thirtyItemsAtTheBottomRightLieOnTheWorkArea() {
        let menu = Self.ring(30)
        #expect(Placement.restingBounds(of: menu).height > 580, "the case: the ring is taller than the work area")
        let chain = MenuChainPlacement(
            menu, placed: PlacementRequest(anchor: .bottomRight), on: Self.output, pointer: nil)
        let circles = chain.circles(ofMenu: 0)
        #expect(circles.count == 31)
        #expect(Self.allOn(Self.output.workArea, circles), "\(circles)")
        #expect(Self.closestGap(circles) >= RingFit.minimumGap - 1e-6)
        let placed = chain.menus[0].menu
        #expect(placed.appearance.itemSize >= RingFit.minimumItemSize)
        // It shrinks only as far as it must: it spans the work area's height.
        #expect(abs(Placement.restingBounds(of: placed).height - 580) < 0.01)
    }

    @Test func theSpotOfAShownRingIsOnTheWorkArea() {
        let menu = Self.ring(30)
        let request = PlacementRequest(anchor: .bottomRight)
        let centre = Placement.centre(of: menu, placed: request, on: Self.output, pointer: nil)
        let chain = MenuChainPlacement(menu, centre: centre, on: Self.output)
        #expect(chain.menus[0].centre == centre, "the chain keeps the centre the spot chose")
        #expect(Self.allOn(Self.output.workArea, chain.circles(ofMenu: 0)))
    }

    @Test func aRingThatFitsByDrawingInKeepsItsItemSize() {
        // 24 items: 15° apart on a radius of 260, 580 tall; 4-pixel gaps would make it 549.
        let menu = Self.ring(24)
        let chain = MenuChainPlacement(menu, placed: PlacementRequest(anchor: .topLeft), on: Self.output, pointer: nil)
        let placed = chain.menus[0].menu
        #expect(placed.appearance.itemSize == 60)
        #expect(Self.allOn(Self.output.workArea, chain.circles(ofMenu: 0)))
        #expect(Self.closestGap(chain.circles(ofMenu: 0)) >= RingFit.minimumGap - 1e-6)
    }

    @Test func aRingThatFitsIsLeftAsItIs() {
        let menu = Self.ring(8, angleInterval: 45)
        #expect(RingFit.fitted(menu, in: Self.output.workArea.size) == menu)
        let linear = F.menu(.linear, count: 12)
        #expect(RingFit.fitted(linear, in: Size(width: 100, height: 100)) == linear, "rows wrap instead")
    }

    @Test func aRingTooLargeEvenAtItsSmallestStaysThereWithItsButtonOnTheArea() {
        let tiny = OutputGeometry(name: "tiny", frame: Rect(x: 0, y: 0, width: 320, height: 240))
        let menu = Self.ring(64)
        let chain = MenuChainPlacement(menu, placed: PlacementRequest(anchor: .bottomRight), on: tiny, pointer: nil)
        let placed = chain.menus[0].menu
        #expect(placed.appearance.itemSize == RingFit.minimumItemSize)
        let circles = chain.circles(ofMenu: 0)
        #expect(abs(Self.closestGap(circles) - RingFit.minimumGap) < 1e-6, "as small as it goes")
        #expect(circles[0].lies(in: tiny.workArea), "the button stays on the output")
    }

    @Test func anAnchorIsACornerOfTheWorkArea() {
        let output = OutputGeometry(
            name: "screen", frame: Rect(x: 0, y: 0, width: 1024, height: 600),
            workArea: Rect(x: 0, y: 24, width: 1024, height: 556))
        let menu = F.menu(.radial, count: 1)
        let bottom = Placement.centre(
            of: menu, placed: PlacementRequest(anchor: .bottomRight), on: output, pointer: nil)
        #expect(bottom.y == 580 - 32 - 30)
        let top = Placement.centre(of: menu, placed: PlacementRequest(anchor: .topLeft), on: output, pointer: nil)
        #expect(top.y >= 24 + 30)
    }

    @Test func aWorkAreaOffTheOutputIsTheWholeOutput() {
        let frame = Rect(x: 0, y: 0, width: 800, height: 600)
        let whole = Rect(x: 0, y: 0, width: 800, height: 600)
        #expect(OutputGeometry(name: "a", frame: frame).workArea == whole)
        #expect(
            OutputGeometry(name: "a", frame: frame, workArea: Rect(x: 0, y: 0, width: 900, height: 10)).workArea
                == whole)
        #expect(
            OutputGeometry(name: "a", frame: frame, workArea: Rect(x: 0, y: 0, width: 0, height: 10)).workArea == whole)
    }
}
