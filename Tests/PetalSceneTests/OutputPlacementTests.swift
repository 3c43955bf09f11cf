import PetalCore
import Testing

@testable import PetalScene

/// A menu's centre button on an output: at its anchor, `at` or the pointer,
/// then moved inwards just enough that the expanded menu lies on the output.
@Suite struct OutputPlacementTests {
    typealias F = SceneFixtures

    /// The second of two 1920×1080 outputs side by side, so that desktop and
    /// output coordinates differ.
    static let output = OutputGeometry(name: "HDMI-A-1", frame: Rect(x: 1920, y: 0, width: 1920, height: 1080))

    /// How far each layout's circles reach from the centre button, read off
    /// its positions: the expectations below are the output's edges less these.
    struct Reach {
        var left, right, up, down: Double
        init(_ menu: SceneMenu) {
            let (button, item) = (menu.appearance.buttonSize / 2, menu.appearance.itemSize / 2)
            let xs = menu.items.map(\.position.x)
            let ys = menu.items.map(\.position.y)
            left = max(button, -(xs.min() ?? 0) + item)
            right = max(button, (xs.max() ?? 0) + item)
            up = max(button, -(ys.min() ?? 0) + item)
            down = max(button, (ys.max() ?? 0) + item)
        }
    }

    static func centre(
        _ menu: SceneMenu, _ anchor: Anchor, at: Point? = nil, pointer: Point? = nil,
        on output: OutputGeometry = output
    ) -> Point {
        Placement.centre(of: menu, placed: PlacementRequest(anchor: anchor, at: at), on: output, pointer: pointer)
    }

    /// Every circle of the menu expanded at rest lies on an area of `size`.
    static func liesOn(_ size: Size, _ menu: SceneMenu, centre: Point) -> Bool {
        let circles =
            [(centre, menu.appearance.buttonSize / 2)]
            + menu.items.map { (centre.adding($0.position), menu.appearance.itemSize / 2) }
        return circles.allSatisfy { point, radius in
            point.x - radius >= -1e-9 && point.x + radius <= size.width + 1e-9 && point.y - radius >= -1e-9
                && point.y + radius <= size.height + 1e-9
        }
    }

    static let layouts: [(String, SceneMenu)] = [
        ("linear", F.menu(.linear)),
        ("stack", F.menu(.stack)),
        ("radial", F.menu(.radial)),
        ("circle", circle),
    ]
    /// A full circle of eight items around the button.
    static let circle: SceneMenu = {
        var menu = F.menu(.radial, count: 8)
        let positions = MenuGeometry(style: .radial, firstAngle: 0, angleInterval: 45).positions(
            count: 8, discs: LayoutDiscs())
        for index in menu.items.indices { menu.items[index].position = positions[index] }
        return menu
    }()

    @Test(arguments: layouts.indices, Anchor.allCases.filter { $0 != .pointer })
    func eachAnchorIsKeptOnTheOutputByJustEnough(_ layout: Int, _ anchor: Anchor) {
        let (name, menu) = Self.layouts[layout]
        let reach = Reach(menu)
        let (width, height) = (1920.0, 1080.0)
        let (marginX, marginY) = (16.0, 32.0)
        let button = 30.0
        let x: Double
        let y: Double
        switch anchor {
        case .bottomRight:
            (x, y) = (
                min(width - marginX - button, width - reach.right), min(height - marginY - button, height - reach.down)
            )
        case .bottomLeft:
            (x, y) = (max(marginX + button, reach.left), min(height - marginY - button, height - reach.down))
        case .topRight: (x, y) = (min(width - marginX - button, width - reach.right), max(marginY + button, reach.up))
        case .topLeft: (x, y) = (max(marginX + button, reach.left), max(marginY + button, reach.up))
        default: (x, y) = (width / 2, height / 2)
        }
        let centre = Self.centre(menu, anchor)
        #expect(F.near(centre, Point(x: x, y: y)), "\(name) at \(anchor): \(centre)")
        #expect(Self.liesOn(Self.output.size, menu, centre: centre))
    }

    @Test func theLinearMenuAtTheDefaultCornerMovesLeftAndNotUp() {
        // Items at 80, 160, 240 to the right: the last one's right edge is 270 from the button.
        let centre = Self.centre(F.menu(.linear), .bottomRight)
        #expect(centre == Point(x: 1920 - 270, y: 1080 - 32 - 30))
    }

    @Test func theStackAtATopCornerMovesDownAndNotSideways() {
        let centre = Self.centre(F.menu(.stack), .topLeft)
        #expect(centre == Point(x: 16 + 30, y: 240 + 30))
    }

    @Test(arguments: layouts.indices)
    func atWinsOverTheAnchorAndIsRelativeToTheOutput(_ layout: Int) {
        let menu = Self.layouts[layout].1
        let inside = Point(x: 700, y: 500)
        #expect(Self.centre(menu, .bottomRight, at: inside) == inside)
        #expect(Self.centre(menu, .pointer, at: inside, pointer: Point(x: 1920 + 5, y: 5)) == inside)
    }

    @Test(arguments: layouts.indices)
    func atNearEveryEdgeIsMovedInwardsJustEnough(_ layout: Int) {
        let (name, menu) = Self.layouts[layout]
        let reach = Reach(menu)
        let cases: [(Point, Point)] = [
            (Point(x: 3, y: 500), Point(x: reach.left, y: 500)),
            (Point(x: 1917, y: 500), Point(x: 1920 - reach.right, y: 500)),
            (Point(x: 700, y: 2), Point(x: 700, y: reach.up)),
            (Point(x: 700, y: 1079), Point(x: 700, y: 1080 - reach.down)),
            (Point(x: -400, y: 5000), Point(x: reach.left, y: 1080 - reach.down)),
        ]
        for (at, expected) in cases {
            let centre = Self.centre(menu, .topLeft, at: at)
            #expect(F.near(centre, expected), "\(name) at \(at): \(centre), not \(expected)")
            #expect(Self.liesOn(Self.output.size, menu, centre: centre))
        }
    }

    @Test(arguments: layouts.indices)
    func thePointerIsInDesktopCoordinatesAndKeptOnTheOutput(_ layout: Int) {
        let (name, menu) = Self.layouts[layout]
        let reach = Reach(menu)
        let left = 1920.0
        let cases: [(Point, Point)] = [
            (Point(x: left + 800, y: 400), Point(x: 800, y: 400)),
            (Point(x: left + 1, y: 400), Point(x: reach.left, y: 400)),
            (Point(x: left + 1919, y: 400), Point(x: 1920 - reach.right, y: 400)),
            (Point(x: left + 800, y: 0), Point(x: 800, y: reach.up)),
            (Point(x: left + 800, y: 1079), Point(x: 800, y: 1080 - reach.down)),
            // Outside the output: on the output to its left, and below both.
            (Point(x: 100, y: 400), Point(x: reach.left, y: 400)),
            (Point(x: left + 800, y: 3000), Point(x: 800, y: 1080 - reach.down)),
        ]
        for (pointer, expected) in cases {
            let centre = Self.centre(menu, .pointer, pointer: pointer)
            #expect(F.near(centre, expected), "\(name) with the pointer at \(pointer): \(centre), not \(expected)")
            #expect(Self.liesOn(Self.output.size, menu, centre: centre))
        }
    }

    @Test func noPointerOrABadOnePlacesThePointerMenuAtTheOutputsCentre() {
        let menu = F.menu(.radial)
        #expect(Self.centre(menu, .pointer) == Point(x: 960, y: 540))
        #expect(Self.centre(menu, .pointer, pointer: Point(x: .nan, y: 3)) == Point(x: 960, y: 540))
        // The radial menu reaches 130 to the left of its button.
        #expect(Self.centre(menu, .bottomLeft, at: Point(x: .infinity, y: 3)) == Point(x: 130, y: 1080 - 62))
    }

    @Test func aMenuLargerThanTheOutputEvenAtItsSmallestIsCentredAsFarAsTheButtonStaysOn() {
        let small = OutputGeometry(name: "tiny", frame: Rect(x: 0, y: 0, width: 120, height: 1000))
        // The circle at its smallest (``RingFit``: items of 40, 4 apart from the button) is 148
        // wide, wider than the output: centred on it, both sides cut off alike.
        let smallest = RingFit.fitted(Self.circle, in: small.size)
        #expect(smallest.appearance.itemSize == RingFit.minimumItemSize)
        #expect(!Self.liesOn(small.size, smallest, centre: Self.centre(Self.circle, .bottomRight, on: small)))
        #expect(abs(Self.centre(Self.circle, .bottomRight, on: small).x - 60) < 1e-6)
        // A row far wider than the output: the button stays on it, at its left edge.
        let row = F.menu(.linear, count: 30)
        let centre = Self.centre(row, .bottomRight, on: small)
        #expect(centre.x == 30)
        #expect(centre.y == 1000 - 32 - 30)
    }

    @Test func aRadialMenuAtTheDefaultCornerIsNotMoved() {
        // Items up and to the left of the button: all on the output already.
        let centre = Self.centre(F.menu(.radial), .bottomRight)
        #expect(centre == Point(x: 1920 - 16 - 30, y: 1080 - 32 - 30))
    }

    @Test func buttonsOverlapWhenTheirCirclesDo() {
        let main = Point(x: 100, y: 100)
        #expect(Placement.buttonsOverlap(main, radius: 30, main, radius: 20), "one on the other")
        #expect(Placement.buttonsOverlap(main, radius: 30, Point(x: 149, y: 100), radius: 20))
        #expect(!Placement.buttonsOverlap(main, radius: 30, Point(x: 150, y: 100), radius: 20), "touching only")
        #expect(!Placement.buttonsOverlap(main, radius: 30, Point(x: 136, y: 136), radius: 20), "diagonally apart")
    }
}
