import Glibc
import PetalCore
import Testing

@testable import PetalScene

@Suite struct PieDirectionTests {
    typealias F = GestureFixtures

    /// The angles the `radial` layout gives `count` items from `first`: 40°
    /// apart, or spread evenly over the circle when 40° apart would not fit.
    static func radialAngles(_ count: Int, first: Double) -> [Double] {
        let step = min(40, 360 / Double(count))
        return (0..<count).map { first + step * Double($0) }
    }

    @Test func anglesGrowCounterClockwiseWithUpAtNinetyDegrees() {
        let centre = Point(x: 10, y: 10)
        #expect(PieDirection.angle(from: centre, to: Point(x: 20, y: 10)) == 0)
        #expect(PieDirection.angle(from: centre, to: Point(x: 10, y: 0)) == 90)
        #expect(PieDirection.angle(from: centre, to: Point(x: 0, y: 10)) == 180)
        #expect(PieDirection.angle(from: centre, to: Point(x: 10, y: 20)) == 270)
        #expect(PieDirection.angle(from: centre, to: centre) == nil)
        // Just below +x is just under 360°, never negative.
        let below = PieDirection.angle(from: centre, to: Point(x: 20, y: 10.000001))!
        #expect(below > 359.99 && below < 360)
    }

    @Test func turnsTakeTheShortWayRoundTheCircle() {
        #expect(PieDirection.turn(from: 350, to: 10) == 20)
        #expect(PieDirection.turn(from: 10, to: 350) == -20)
        #expect(PieDirection.turn(from: 0, to: 180) == 180)
        #expect(PieDirection.turn(from: 180, to: 0) == 180)
        #expect(PieDirection.turn(from: -720, to: 725) == 5)
    }

    @Test(arguments: 1...16, [100.0, 350.0])
    func everyItemOwnsItsAngleAndAlmostHalfWayToEachNeighbour(count: Int, first: Double) {
        // First angle 350°: the items straddle 0°/360° for every count above one.
        let angles = Self.radialAngles(count, first: first)
        let level = GestureLevel(
            centre: Point(x: 640, y: 360),
            items: angles.enumerated().map { GestureLevel.Item(id: "i\($0.offset)", angle: $0.element) },
            deadZone: 30)
        let epsilon = 1e-6
        for (index, angle) in angles.enumerated() {
            // The gaps to the neighbours round the circle, either way.
            let others = angles.indices.filter { $0 != index }.map { angles[$0] }
            let counterClockwiseGap =
                others.map { PieDirection.normalized($0 - angle) }.filter { $0 > 0 }.min() ?? 360
            let clockwiseGap = others.map { PieDirection.normalized(angle - $0) }.filter { $0 > 0 }.min() ?? 360
            for direction in [
                angle, angle + counterClockwiseGap / 2 - epsilon, angle - clockwiseGap / 2 + epsilon,
                angle + 360, angle - 360,
            ] {
                for distance in [30.001, 100, 2000] {
                    let pointer = F.point(direction, distance, from: level.centre)
                    #expect(level.aim(at: pointer) == .item("i\(index)"), "\(count) items, \(direction)°")
                }
            }
        }
    }

    @Test func oneItemIsChosenInEveryDirection() {
        let level = F.level(["only"], first: 100)
        for direction in stride(from: 0.0, to: 360, by: 7.5) {
            #expect(level.aim(at: F.point(direction, 50)) == .item("only"))
        }
    }

    @Test func itemsAroundZeroDegreesWrap() {
        // 350°, 10°, 30°: 0° is nearer 350° than 30°, and 359° too.
        let level = F.level(["a", "b", "c"], first: 350, step: 20)
        #expect(level.aim(at: F.point(355, 100)) == .item("a"))
        #expect(level.aim(at: F.point(359.9, 100)) == .item("a"))
        #expect(level.aim(at: F.point(0.1, 100)) == .item("b"))
        #expect(level.aim(at: F.point(5, 100)) == .item("b"))
        // Opposite the gap: 190° is 160° from both 350° (counter-clockwise) and 30°.
        #expect(level.aim(at: F.point(195, 100)) == .item("a"))
        #expect(level.aim(at: F.point(190, 100)) == .item("a"))
        #expect(level.aim(at: F.point(185, 100)) == .item("c"))
    }

    @Test func halfWayGoesToTheItemCounterClockwiseOfThePointer() {
        // Four items at 0°, 90°, 180°, 270°: exactly half-way between two of them.
        let level = F.level(["e", "n", "w", "s"])
        #expect(level.aim(at: Point(x: 700, y: 300)) == .item("n"))  // 45°
        #expect(level.aim(at: Point(x: 500, y: 300)) == .item("w"))  // 135°
        #expect(level.aim(at: Point(x: 500, y: 500)) == .item("s"))  // 225°
        #expect(level.aim(at: Point(x: 700, y: 500)) == .item("e"))  // 315°
        #expect(PieDirection.nearest(to: 90, among: [0, 180]) == 1)
        #expect(PieDirection.nearest(to: 270, among: [0, 180]) == 0)
        // Of two items at the same angle, the first.
        #expect(PieDirection.nearest(to: 40, among: [10, 45, 45]) == 1)
        #expect(PieDirection.nearest(to: 0, among: []) == nil)
    }

    @Test func theDeadZoneIsTheCentreButtonEdgeIncluded() {
        let level = F.main
        #expect(level.aim(at: level.centre) == .centre)
        #expect(level.aim(at: F.point(33, 29.9)) == .centre)
        #expect(level.aim(at: F.point(90, 30)) == .centre)
        #expect(level.aim(at: F.point(90, 30.01)) == .item("n"))
        #expect(level.aim(at: F.point(180, 31)) == .item("w"))
        // From another origin (a stroke's), the dead zone moves with it.
        let origin = Point(x: 700, y: 400)
        #expect(level.aim(at: Point(x: 710, y: 400), from: origin) == .centre)
        #expect(level.aim(at: Point(x: 600, y: 400), from: origin) == .item("w"))
    }

    @Test func theDeadZoneIsHalfTheButtonUnlessTheSettingsSayOtherwise() {
        var appearance = AppearanceSettings()
        appearance.buttonSize = 80
        let menu = SceneMenu(
            items: [SceneItem(id: "up", position: Point(x: 0, y: -100))], appearance: appearance)
        let centre = Point(x: 100, y: 100)
        let level = GestureLevel(menu: menu, centre: centre, settings: GestureSettings())
        #expect(level.deadZone == 40)
        #expect(level.items[0].angle == 90)
        #expect(level.aim(at: Point(x: 100, y: 61)) == .centre)
        #expect(level.aim(at: Point(x: 100, y: 59)) == .item("up"))
        let wider = GestureLevel(menu: menu, centre: centre, settings: GestureSettings(deadZone: 70))
        #expect(wider.aim(at: Point(x: 100, y: 40)) == .centre)
    }

    @Test func aDisabledItemKeepsItsDirectionsAndChoosesNothing() {
        let level = F.level(["e", "n", "w", "s"], disabled: ["n"])
        #expect(level.aim(at: F.point(90, 100)) == .nothing)
        #expect(level.aim(at: F.point(130, 100)) == .nothing)
        #expect(level.aim(at: F.point(140, 100)) == .item("w"))
        #expect(F.level([]).aim(at: F.point(0, 100)) == .nothing)
    }

    @Test func itemsTakeTheDirectionsOfTheirLayoutPositions() {
        let geometry = MenuGeometry(firstAngle: 100, angleInterval: 40, radius: 100)
        let menu = SceneMenu(
            items: geometry.positions(count: 3, discs: LayoutDiscs()).enumerated().map {
                SceneItem(id: "i\($0.offset)", position: $0.element)
            })
        let level = GestureLevel(
            menu: menu, centre: .zero, submenus: ["i1"], settings: GestureSettings())
        #expect(level.items.map(\.opensSubmenu) == [false, true, false])
        for (item, expected) in zip(level.items, [100.0, 140, 180]) {
            #expect(abs(item.angle - expected) < 1e-9)
        }
    }
}
