import Glibc
import PetalCore
import Testing

@testable import PetalScene

@Suite struct StrokeTests {
    let settings = GestureSettings()

    /// A stroke from (0, 0) straight right to (`length`, 0) in steps of 20 px.
    func straight(_ length: Double) -> Stroke {
        var stroke = Stroke(at: .zero)
        var x = 0.0
        while x < length {
            x = min(x + 20, length)
            #expect(stroke.add(Point(x: x, y: 0), settings: settings) == .went)
        }
        return stroke
    }

    @Test func aShortStrokeTurnsAnyWayWithoutACorner() {
        var stroke = straight(140)
        // Straight up, then back left: under 150 px no turn counts.
        #expect(stroke.add(Point(x: 140, y: -40), settings: settings) == .went)
        #expect(stroke.add(Point(x: 60, y: -40), settings: settings) == .went)
        #expect(stroke.end == Point(x: 60, y: -40))
    }

    @Test func aTurnOfMoreThanTwentyDegreesIsACornerAtTheLastPoint() {
        var stroke = straight(150)
        #expect(stroke.length == 150)
        // 21° off the stroke's direction, 20 px on.
        let radians = 21 * Double.pi / 180
        let turned = Point(x: 150 + 20 * cos(radians), y: -20 * sin(radians))
        #expect(stroke.add(turned, settings: settings) == .turned(at: Point(x: 150, y: 0)))
        // The stroke begins again at the corner.
        #expect(stroke.start == Point(x: 150, y: 0))
        #expect(stroke.end == turned)
    }

    @Test func aTurnOfTwentyDegreesOrLessGoesOn() {
        var stroke = straight(160)
        let radians = 19.5 * Double.pi / 180
        let bent = Point(x: 160 + 20 * cos(radians), y: -20 * sin(radians))
        #expect(stroke.add(bent, settings: settings) == .went)
        #expect(stroke.end == bent)
        #expect(stroke.start == .zero)
    }

    @Test func jitterUnderTenPixelsIsNotMotion() {
        var stroke = straight(200)
        // A hand trembling round the end: up, back, down, 9.9 px at most.
        for point in [Point(x: 200, y: -9.9), Point(x: 192, y: 5), Point(x: 205, y: 8), Point(x: 209.9, y: 0)] {
            #expect(stroke.add(point, settings: settings) == .went)
            #expect(stroke.end == Point(x: 200, y: 0))
        }
        // 10.1 px straight up is a turn of 90°.
        #expect(stroke.add(Point(x: 200, y: -10.1), settings: settings) == .turned(at: Point(x: 200, y: 0)))
    }

    @Test func movingAndRestartingCarryTheWholeStroke() {
        var stroke = straight(100)
        stroke.move(by: Point(x: 5, y: -7))
        #expect(stroke.start == Point(x: 5, y: -7))
        #expect(stroke.end == Point(x: 105, y: -7))
        stroke.restart(at: Point(x: 1, y: 2))
        #expect(stroke.length == 0)
        #expect(stroke.start == Point(x: 1, y: 2))
    }
}
