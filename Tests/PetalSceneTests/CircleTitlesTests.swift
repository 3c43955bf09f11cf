import PetalCore
import Testing

@testable import PetalScene

/// Titles inside circles (docs/overlay.md): one font size per menu, the
/// smallest any title needs, no smaller than 8 px, and "…" past that.
@Suite struct CircleTitlesTests {
    /// A monospaced stand-in for Pango: each character 0.6 of the size wide, lines 1.2 of it high.
    static func measure(_ text: String, _ size: Double) -> TextExtent {
        TextExtent(width: 0.6 * size * Double(text.count), height: 1.2 * size)
    }

    @Test func aShortTitleTakesTheLargestSizeItsCircleHolds() {
        // "Camera" at s: a box 3.6s × 1.2s inside a circle of 27 (0.9 × 60 / 2): s ≤ 14.2.
        let fitted = CircleTitles.fit([(id: "camera", title: "Camera")], diameter: 60, measure: Self.measure)
        #expect(fitted.size == 14)
        #expect(fitted.texts == ["camera": "Camera"])
        let one = CircleTitles.fit([(id: "go", title: "📷")], diameter: 60, measure: Self.measure)
        #expect(one.size == 24, "no larger than 0.4 of the diameter")
    }

    @Test func theWholeMenuTakesTheSmallestSizeAnyTitleNeeds() {
        let fitted = CircleTitles.fit(
            [(id: "go", title: "Go"), (id: "camera", title: "Camera"), (id: "long", title: "Screenshots")],
            diameter: 60, measure: Self.measure)
        // "Screenshots", 11 characters: (3.3s)² + (0.6s)² ≤ 27² → s ≤ 8.05.
        #expect(fitted.size == 8)
        #expect(fitted.texts == ["go": "Go", "camera": "Camera", "long": "Screenshots"], "all whole at 8")
    }

    @Test func aTitleTooLongAtEightPixelsEndsInAnEllipsis() {
        let fitted = CircleTitles.fit(
            [(id: "a", title: "Photo library of the family"), (id: "b", title: "abcdefghi jklmnopqrstuvwxyz")],
            diameter: 60, measure: Self.measure)
        #expect(fitted.size == CircleTitles.minimumSize)
        // At 8: (2.4·n)² + 4.8² ≤ 27² holds for n ≤ 11 characters, the "…" among them.
        #expect(fitted.texts["a"] == "Photo libr…")
        #expect(fitted.texts["b"] == "abcdefghi…", "no space before the ellipsis")
        #expect(Self.measure(fitted.texts["a"]!, 8).width <= 60)
    }

    @Test func aMenuWithoutTitlesInCirclesKeepsTheLargestSize() {
        #expect(CircleTitles.fit([], diameter: 60, measure: Self.measure) == CircleTitles(size: 24, texts: [:]))
        let icons = SceneFixtures.menu(.radial)  // every item has an icon
        #expect(icons.circleTitles(measure: Self.measure).texts.isEmpty)
        var mixed = icons
        mixed.items[1].icon = ""
        #expect(mixed.circleTitles(measure: Self.measure).texts == ["item1": "Item 1"])
    }

    @Test func eachSizeIsMeasuredOnlyAFewTimes() {
        var calls = 0
        let counting: TextMeasure = { text, size in
            calls += 1
            return Self.measure(text, size)
        }
        _ = CircleTitles.fit(
            (0..<64).map { (id: "i\($0)", title: "Item number \($0) of many") }, diameter: 60, measure: counting)
        #expect(calls < 64 * 12, "bisection, not a walk down every size: \(calls)")
    }
}
