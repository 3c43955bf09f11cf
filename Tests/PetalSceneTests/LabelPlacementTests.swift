import Glibc
import PetalCore
import TestSupport
import Testing

@testable import PetalScene

/// Labels beside their items (docs/overlay.md): away from the menu's
/// centre, over no circle of the chain, on the output where they can be.
@Suite struct LabelPlacementTests {
    typealias F = SceneFixtures

    static let output = OutputGeometry(name: "eDP-1", frame: Rect(x: 0, y: 0, width: 1280, height: 720))

    static func middle(_ rect: Rect) -> Point { Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2) }

    @Test func aLabelSitsBesideItsItemAwayFromTheCentre() {
        let item = Circle(centre: Point(x: 100, y: 0), radius: 30)
        let boxes = LabelPlacement.place(
            [.init(item: item, menuCentre: .zero, size: Size(width: 80, height: 20))], clearing: [item])
        #expect(abs(boxes[0].minX - 136) < 1e-6, "6 pixels right of the item's edge: \(boxes[0])")
        #expect(abs(Self.middle(boxes[0]).y) < 1e-9, "level with the item")
        let above = LabelPlacement.place(
            [
                .init(
                    item: Circle(centre: Point(x: 0, y: -100), radius: 30), menuCentre: .zero,
                    size: Size(width: 80, height: 20))
            ],
            clearing: [])
        #expect(
            abs(above[0].maxY - (-136)) < 1e-6 && abs(Self.middle(above[0]).x) < 1e-9, "above an item above the centre")
    }

    @Test func aLabelThatWouldCoverTheNextItemTurnsAside() {
        // A row: the first item's label, going right, would cover the second.
        let chain = MenuChainPlacement(F.menu(.linear), centre: Point(x: 200, y: 400), on: Self.output)
        let boxes = chain.labels(ofMenu: 0, items: ["item0", "item1", "item2"]) { _ in Size(width: 120, height: 20) }
        #expect(boxes.count == 3)
        for (id, box) in boxes {
            #expect(!chain.circles.contains { LabelPlacement.covers(box, $0) }, "\(id) at \(box)")
        }
        let last = chain.menus[0].centre.adding(chain.menus[0].menu.items[2].position)
        #expect(abs(Self.middle(boxes["item2"]!).y - last.y) < 1e-6, "the last item's label goes straight on")
        #expect(abs(Self.middle(boxes["item0"]!).y - last.y) > 1, "the first's turns off the row")
    }

    @Test func noLabelOfAnyChainCoversACircleOfIt() {
        var generator = SeededGenerator(seed: 34_006)
        let area = Rect(x: 0, y: 0, width: 1280, height: 720)
        var (labels, onOutput) = (0, 0)
        for _ in 0..<300 {
            let top = ChainNoCoverTests.randomMenu("m0-", using: &generator)
            let centre = Point(
                x: Double.random(in: 0...1280, using: &generator), y: Double.random(in: 0...720, using: &generator))
            var chain = MenuChainPlacement(top, centre: centre, on: Self.output)
            for level in 1..<Int.random(in: 1...4, using: &generator) {
                let opener = chain.menus[level - 1].menu.items.randomElement(using: &generator)!.id
                chain.open(ChainNoCoverTests.randomMenu("m\(level)-", using: &generator), from: opener)
            }
            let last = chain.menus.count - 1
            let ids = chain.labelledItems(ofMenu: last, mode: .always, highlighted: "")
            let boxes = chain.labels(ofMenu: last, items: ids) { item in
                Size(width: Double(item.id.count) * 9 + 12, height: 22)
            }
            for (id, box) in boxes {
                labels += 1
                if area.contains(Point(x: box.minX, y: box.minY)) && box.maxX <= 1280 && box.maxY <= 720 {
                    onOutput += 1
                }
                if let covered = chain.circles.first(where: { LabelPlacement.covers(box, $0) }) {
                    Issue.record("the label of \(id) at \(box) covers \(covered)")
                    return
                }
            }
        }
        #expect(onOutput * 10 >= labels * 9, "\(onOutput) of \(labels) on the output")
    }

    @Test func aLabelHemmedInOnEverySideMovesOutUntilItCoversNothing() {
        let item = Circle(centre: .zero, radius: 30)
        let ring = (0..<12).map { index -> Circle in
            let angle = Double(index) * Double.pi / 6
            return Circle(centre: Point(x: 75 * cos(angle), y: 75 * sin(angle)), radius: 30)
        }
        let box = LabelPlacement.place(
            [.init(item: item, menuCentre: Point(x: -10, y: 0), size: Size(width: 60, height: 20))],
            clearing: [item] + ring)[0]
        #expect(!([item] + ring).contains { LabelPlacement.covers(box, $0) }, "\(box)")
        #expect(box.minX > 100, "straight out, away from the centre: \(box)")
    }

    @Test func whichItemsAreLabelled() {
        let chain = MenuChainPlacement(F.menu(.stack), centre: Point(x: 600, y: 600), on: Self.output)
        #expect(chain.labelledItems(ofMenu: 0, mode: .always, highlighted: "") == ["item0", "item1", "item2"])
        #expect(chain.labelledItems(ofMenu: 0, mode: .hover, highlighted: "item1") == ["item1"])
        #expect(chain.labelledItems(ofMenu: 0, mode: .hover, highlighted: "").isEmpty)
        #expect(chain.labelledItems(ofMenu: 0, mode: .hover, highlighted: "elsewhere").isEmpty)
        #expect(chain.labelledItems(ofMenu: 0, mode: .never, highlighted: "item1").isEmpty)
        #expect(chain.labelledItems(ofMenu: 3, mode: .always, highlighted: "").isEmpty)
    }

    @Test func anItemWhoseTitleShowsNothingHasNoLabel() {
        var menu = F.menu(.radial)
        menu.items[0].title = ""
        menu.items[1].title = " \t"
        let chain = MenuChainPlacement(menu, centre: Point(x: 600, y: 600), on: Self.output)
        #expect(chain.labelledItems(ofMenu: 0, mode: .always, highlighted: "") == ["item2"])
        #expect(chain.labelledItems(ofMenu: 0, mode: .hover, highlighted: "item0").isEmpty)
        #expect(chain.labelledItems(ofMenu: 0, mode: .hover, highlighted: "item2") == ["item2"])
    }
}
