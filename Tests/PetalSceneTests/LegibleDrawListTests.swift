import PetalCore
import Testing

@testable import PetalScene

/// What the overlay paints to stay legible (docs/overlay.md, "What it
/// draws"): whole titles at one size per menu, labels where the chain put
/// them, and without a compositor nothing see-through.
@Suite struct LegibleDrawListTests {
    static let origin = Point(x: 400, y: 300)

    /// A linear menu of items without icons, titled `titles`.
    static func menu(_ titles: [String], style: LayoutStyle = .linear) -> SceneMenu {
        var menu = SceneFixtures.menu(style, count: titles.count)
        for index in menu.items.indices {
            menu.items[index].icon = ""
            menu.items[index].title = titles[index]
        }
        return menu
    }

    static func texts(_ list: [DrawCommand]) -> [TextRun] {
        list.compactMap { if case .text(let run) = $0 { run } else { nil } }
    }

    static func plates(_ list: [DrawCommand]) -> [LabelPlate] {
        list.compactMap { if case .label(let plate) = $0 { plate } else { nil } }
    }

    @Test func titlesAreDrawnWholeAtOneSizeNotCutToNineCharacters() {
        let menu = Self.menu(["Screenshot tool", "Go", "Calculator"])
        // A narrow font: every title fits its circle whole.
        let titles = menu.circleTitles { text, size in TextExtent(width: Double(text.count) * size * 0.2, height: size)
        }
        let frame = Scene(menu: menu, state: .expanded).frame(at: 10)
        let runs = Self.texts(frame.drawList(menu: menu, origin: Self.origin, titles: titles))
        #expect(runs.map(\.text) == ["Screenshot tool", "Go", "Calculator"])
        #expect(Set(runs.map(\.size)).count == 1, "one font size for the menu")
    }

    @Test func aTitleTooLongEvenAtTheSmallestSizeEndsInAnEllipsis() {
        let menu = Self.menu(["A title far too long to fit inside one small circle", "Go"])
        let frame = Scene(menu: menu, state: .expanded).frame(at: 10)
        let runs = Self.texts(frame.drawList(menu: menu, origin: Self.origin))
        #expect(runs[0].text.hasSuffix("…") && runs[0].text.count > 10)
        #expect(runs.allSatisfy { $0.size == CircleTitles.minimumSize })
    }

    @Test func theFontIsTheMenus() {
        var menu = Self.menu(["Go"])
        menu.appearance.font = "Cantarell Bold 11"
        let frame = Scene(menu: menu, state: .expanded).frame(at: 10)
        #expect(Self.texts(frame.drawList(menu: menu, origin: Self.origin)).map(\.font) == ["Cantarell Bold 11"])
    }

    @Test func labelsAreDrawnWhereTheyWerePlacedWithTheFullTitle() {
        let menu = Self.menu(["Screenshot tool", "Go"])
        let box = Rect(x: 60, y: -60, width: 120, height: 24)
        let frame = Scene(menu: menu, state: .expanded).frame(at: 10)
        let plates = Self.plates(frame.drawList(menu: menu, origin: Self.origin, labels: ["item0": box]))
        #expect(plates.count == 1)
        #expect(plates.first?.box == box.offset(by: Self.origin))
        #expect(plates.first?.text.text == "Screenshot tool")
        #expect(plates.first?.outline == nil)
        // Collapsed, the item is not seen, nor is its label.
        let closed = Scene(menu: menu, state: .collapsed).frame(at: 10)
        #expect(Self.plates(closed.drawList(menu: menu, origin: Self.origin, labels: ["item0": box])).isEmpty)
    }

    @Test func withoutACompositorNothingIsSeeThrough() {
        var menu = Self.menu(["Red", "Green", "Blue"])
        menu.appearance.backdrop = "#00000080"
        menu.appearance.shadow = true
        menu.items[1].enabled = false
        let frame = Scene(menu: menu, state: .expanded, highlighted: "item0").frame(at: 10)
        let box = Rect(x: 0, y: -80, width: 100, height: 24)
        let list = frame.drawList(menu: menu, origin: Self.origin, outlined: true, labels: ["item2": box])
        for command in list {
            switch command {
            case .fill, .shadow: Issue.record("\(command) drawn without a compositor")
            case .disc(_, _, let color), .ring(_, _, _, let color): #expect(color.alpha == 1)
            case .text(let run): #expect(run.color.alpha == 1)
            case .label(let plate):
                #expect(plate.background.alpha == 1)
                #expect(
                    plate.outline.map { min($0.contrastRatio(with: .white), $0.contrastRatio(with: .black)) } ?? 0 >= 3)
            default: break
            }
        }
        // The highlight ring lies inside the disc, where the shape holds it.
        let radius = menu.appearance.itemSize / 2
        let rings = list.compactMap { if case .ring(_, let r, let w, _) = $0, w > 1 { r + w / 2 } else { nil } }
        #expect(rings.count == 1 && rings.allSatisfy { $0 <= radius })
        // With a compositor, the same frame has its backdrop and shadows.
        let composited = frame.drawList(menu: menu, origin: Self.origin)
        #expect(composited.contains { if case .fill = $0 { true } else { false } })
    }

    @Test func theOpaqueShapeHoldsEveryCircleSeenAndEveryLabel() {
        let menu = Self.menu(["Red", "Green"])
        let box = Rect(x: 0, y: -80, width: 100, height: 24)
        let frame = Scene(menu: menu, state: .expanded).frame(at: 10)
        let shape = frame.opaqueShape(menu: menu, origin: Self.origin, labels: ["item0": box])
        func covers(_ point: Point) -> Bool {
            shape.contains {
                Double($0.x) <= point.x && point.x < Double($0.x + $0.width) && Double($0.y) <= point.y
                    && point.y < Double($0.y + $0.height)
            }
        }
        for circle in frame.circles { #expect(covers(circle.centre.adding(Self.origin))) }
        #expect(covers(Point(x: Self.origin.x + 50, y: Self.origin.y - 70)), "the label")
        #expect(!covers(Point(x: Self.origin.x - 200, y: Self.origin.y - 200)))
        var hidden = menu
        hidden.appearance.restingButton = false
        #expect(Scene(menu: hidden).frame(at: 0).opaqueShape(menu: hidden, origin: Self.origin).isEmpty)
    }

    @Test(arguments: [LabelMode.hover, .always, .never])
    func theChainShowsTheLabelsItsModeAsks(_ mode: LabelMode) {
        var menu = Self.menu(["Screenshot tool", "Go", "Calculator"])
        menu.appearance.labels = mode
        let output = OutputGeometry(name: "o", frame: Rect(x: 0, y: 0, width: 1280, height: 720))
        let chain = MenuChainPlacement(menu, centre: Point(x: 640, y: 360), on: output)
        let size = { (item: SceneItem) in Size(width: Double(item.title.count) * 8 + 16, height: 24) }
        let boxes = chain.labelBoxes(ofMenu: 0, highlighted: "item1", size: size)
        switch mode {
        case .hover: #expect(Array(boxes.keys) == ["item1"])
        case .always: #expect(Set(boxes.keys) == ["item0", "item1", "item2"])
        case .never: #expect(boxes.isEmpty)
        }
        let reach = chain.labelReach(ofMenu: 0, size: size)
        #expect((reach == nil) == (mode == .never))
        // Every label any highlight shows lies within the reach, and covers no circle.
        for id in ["item0", "item1", "item2"] {
            for box in chain.labelBoxes(ofMenu: 0, highlighted: id, size: size).values {
                #expect(reach.map { $0.union(box) == $0 } ?? false)
                let circles = chain.circles(ofMenu: 0).map { $0.offset(by: Point(x: -640, y: -360)) }
                #expect(!circles.contains { LabelPlacement.covers(box, $0) })
            }
        }
    }
}
