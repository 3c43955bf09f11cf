import PetalCore
import TestSupport
import Testing

@testable import PetalScene

/// WCAG 2 contrast, written once, and the rings that keep circles visible
/// on any desktop (docs/overlay.md, "No compositor").
@Suite struct ContrastRingsTests {
    static func colour(_ hex: String) -> RGBAColor { RGBAColor(hex: hex)! }

    @Test func luminanceAndContrastAreWCAGs() {
        #expect(RGBAColor.white.relativeLuminance == 1)
        #expect(RGBAColor.black.relativeLuminance == 0)
        #expect(RGBAColor.white.contrastRatio(with: .black) == 21)
        #expect(RGBAColor.black.contrastRatio(with: .white) == 21, "the order does not matter")
        #expect(Self.colour("#ef5285").contrastRatio(with: Self.colour("#ef5285")) == 1)
        // Reference values (WebAIM's contrast checker): #767676 on white is 4.54:1, #777777 4.48:1.
        #expect(abs(Self.colour("#767676").contrastRatio(with: .white) - 4.54) < 0.005)
        #expect(abs(Self.colour("#777777").contrastRatio(with: .white) - 4.48) < 0.005)
        // Pure green is 0.7152 of white; a channel at or under 0.04045 is linear (10/255 → 0.003035).
        #expect(abs(Self.colour("#00ff00").relativeLuminance - 0.7152) < 1e-12)
        #expect(abs(Self.colour("#0a0000").relativeLuminance - 0.2126 * (10.0 / 255) / 12.92) < 1e-12)
    }

    @Test func aTranslucentColourIsSeenOverWhatIsBeneath() {
        let half = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        #expect(half.composited(over: .white) == RGBAColor(red: 0.5, green: 0.5, blue: 0.5))
        #expect(half.composited(over: .black) == .black)
        #expect(Self.colour("#ef5285").composited(over: .black) == Self.colour("#ef5285"), "opaque stays as it is")
    }

    /// Fills worth trying: the seeds' and the examples', white, black, greys and pure hues.
    static let fills = [
        "#ef5285", "#60c5ba", "#a5dff9", "#feee7d", "#34c759", "#ffffff", "#000000", "#303030", "#d13438",
        "#5b8def", "#808080", "#767676", "#1a1a1a", "#0000ff", "#ffff00", "#00ff00", "#ff0000", "#ef528580",
    ]

    @Test(arguments: fills)
    func theOutlineStandsOutOnWhiteAndOnBlack(_ hex: String) {
        let ring = ContrastRings.outline(for: Self.colour(hex))
        #expect(ring.alpha == 1)
        #expect(ring.contrastRatio(with: .white) >= ContrastRings.minimumRatio, "\(hex) → \(ring)")
        #expect(ring.contrastRatio(with: .black) >= ContrastRings.minimumRatio, "\(hex) → \(ring)")
    }

    @Test(arguments: fills)
    func theHighlightRingStandsOutOnItsItem(_ hex: String) {
        let fill = Self.colour(hex)
        let ring = ContrastRings.highlight(for: fill)
        #expect(ring.contrastRatio(with: fill.opaque) >= ContrastRings.minimumRatio, "\(hex) → \(ring)")
    }

    @Test func anyColourAtAllGetsRingsThatHold() {
        var generator = SeededGenerator(seed: 34_005)
        for _ in 0..<2000 {
            let fill = RGBAColor(
                red: Double.random(in: 0...1, using: &generator), green: Double.random(in: 0...1, using: &generator),
                blue: Double.random(in: 0...1, using: &generator))
            let outline = ContrastRings.outline(for: fill)
            let highlight = ContrastRings.highlight(for: fill)
            guard
                min(outline.contrastRatio(with: .white), outline.contrastRatio(with: .black)) >= 3,
                highlight.contrastRatio(with: fill) >= 3
            else {
                Issue.record("\(fill): outline \(outline), highlight \(highlight)")
                return
            }
        }
    }

    @Test func aFillThatAlreadyStandsOutIsItsOwnOutlineAndOthersKeepTheirHue() {
        let pink = Self.colour("#ef5285")  // 3.4:1 on white, 6.2:1 on black
        #expect(ContrastRings.outline(for: pink) == pink)
        let white = ContrastRings.outline(for: .white)
        #expect(white.red == white.green && white.green == white.blue, "white's outline is a grey")
        let yellow = ContrastRings.outline(for: Self.colour("#feee7d"))
        #expect(yellow.red > yellow.blue, "yellow's stays yellowish: \(yellow)")
        #expect(ContrastRings.highlight(for: pink).relativeLuminance < pink.relativeLuminance, "darkened")
        #expect(ContrastRings.highlight(for: .black).relativeLuminance > 0, "lightened where it cannot darken")
    }

    @Test func withoutACompositorEveryDiscIsOutlinedAndTheHighlightRingHolds() {
        var menu = SceneFixtures.menu(.linear)
        menu.items[0].color = "#ffffff"
        let frame = Scene(menu: menu, state: .expanded, highlighted: "item0").frame(at: 10)
        let origin = Point(x: 300, y: 300)
        func rings(_ list: [DrawCommand]) -> [(radius: Double, width: Double, color: RGBAColor)] {
            list.compactMap {
                if case .ring(_, let radius, let width, let color) = $0 { (radius, width, color) } else { nil }
            }
        }
        let plain = rings(frame.drawList(menu: menu, origin: origin))
        #expect(plain.count == 1, "only the highlight ring with a compositor")
        #expect(plain[0].color.contrastRatio(with: .white) >= 3, "around a white item")
        let outlined = rings(frame.drawList(menu: menu, origin: origin, outlined: true))
        let outlines = outlined.filter { $0.width == ContrastRings.outlineWidth }
        #expect(outlines.count == 4, "the button and three items")
        #expect(outlines.allSatisfy { $0.radius == 29.5 }, "inside the disc's edge")
        #expect(
            outlines.allSatisfy { min($0.color.contrastRatio(with: .white), $0.color.contrastRatio(with: .black)) >= 3 }
        )
    }
}
