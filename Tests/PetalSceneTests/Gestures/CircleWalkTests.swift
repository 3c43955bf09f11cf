import PetalCore
import Testing

@testable import PetalScene

@Suite struct CircleWalkTests {
    typealias F = GestureFixtures

    /// The ids met stepping `step` `count` times from nothing highlighted.
    static func walk(_ level: GestureLevel, _ step: CircleStep, count: Int) -> [String] {
        var current: String?
        var met: [String] = []
        for _ in 0..<count {
            current = level.item(after: current, stepping: step)
            met.append(current ?? "-")
        }
        return met
    }

    @Test func theDefaultLayoutIsWalkedInItsOwnOrderAndWraps() {
        // firstAngle 100, angleInterval 40: counter-clockwise, as v3's order.
        let level = F.level(["a", "b", "c", "d"], first: 100, step: 40)
        #expect(level.walkOrder == [0, 1, 2, 3])
        #expect(Self.walk(level, .next, count: 5) == ["a", "b", "c", "d", "a"])
        #expect(Self.walk(level, .previous, count: 5) == ["d", "c", "b", "a", "d"])
    }

    @Test func aClockwiseLayoutIsWalkedClockwise() {
        let level = F.level(["a", "b", "c"], first: 30, step: -40)
        #expect(level.walkOrder == [0, 1, 2])
        #expect(level.item(after: "a", stepping: .next) == "b")
        #expect(level.item(after: "a", stepping: .previous) == "c")
    }

    @Test func itemsAreWalkedByAngleNotByTheirOrderInTheMenu() {
        // Given out of order: 0°, 180°, 90°, 270°; walked 0°, 90°, 180°, 270°
        // (the second item is counter-clockwise of the first, by the short way).
        let level = GestureLevel(
            centre: .zero,
            items: [0.0, 180.0, 90.0, 270.0].enumerated().map {
                GestureLevel.Item(id: "i\($0.offset)", angle: $0.element)
            },
            deadZone: 30)
        #expect(level.walkOrder == [0, 2, 1, 3])
        #expect(Self.walk(level, .next, count: 4) == ["i0", "i2", "i1", "i3"])
        // Over 360°: the last item is at 355°, just clockwise of the first.
        let wrapped = F.level(["a", "b", "c"], first: 355, step: 5)
        #expect(wrapped.walkOrder == [0, 1, 2])
    }

    @Test func disabledItemsAreSteppedOver() {
        let level = F.level(["a", "b", "c", "d"], disabled: ["a", "c"])
        #expect(Self.walk(level, .next, count: 3) == ["b", "d", "b"])
        #expect(level.item(after: "b", stepping: .previous) == "d")
        // From a disabled or unknown item: as from none.
        #expect(level.item(after: "c", stepping: .next) == "b")
        #expect(level.item(after: "zzz", stepping: .previous) == "d")
        #expect(F.level(["a"], disabled: ["a"]).item(after: nil, stepping: .next) == nil)
        #expect(F.level([]).item(after: nil, stepping: .previous) == nil)
    }
}
