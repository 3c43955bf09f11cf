import PetalCore
import Testing

@testable import PetalScene

/// Labels shown all the time keep to the output (docs/overlay.md, "A chain
/// that never covers itself"): where they would leave it, the whole chain
/// moves inwards to make room, and no label covers a circle of the chain.
@Suite struct ChainLabelRoomTests {
    typealias F = SceneFixtures

    static let small = OutputGeometry(name: "eDP-1", frame: Rect(x: 0, y: 0, width: 1024, height: 600))

    /// A plate for a title as the overlay sizes one, with the stand-in measure of 13 px text.
    static func plate(_ item: SceneItem) -> Size {
        LabelPlate.size(for: CircleTitles.estimated(item.title, 13))
    }

    /// `count` stacked items titled "Document 1"… as `make overlay-images` shows them.
    static func documents(_ count: Int, style: LayoutStyle = .stack) -> SceneMenu {
        var menu = F.menu(style, count: count)
        for index in menu.items.indices { menu.items[index].title = "Document \(index + 1)" }
        return menu
    }

    /// Every label the chain shows all the time lies on the output and covers no circle of the chain.
    static func faults(in chain: MenuChainPlacement) -> [String] {
        let area = Rect(x: 0, y: 0, width: chain.output.size.width, height: chain.output.size.height)
        var faults: [String] = []
        for index in chain.menus.indices {
            let ids = chain.labelledItems(ofMenu: index, mode: .always, highlighted: "")
            for (id, box) in chain.labels(ofMenu: index, items: ids, size: plate) {
                if !LabelPlacement.contains(area, box) { faults.append("\(id)'s label \(box) leaves the output") }
                if let circle = chain.circles.first(where: { LabelPlacement.covers(box, $0) }) {
                    faults.append("\(id)'s label \(box) covers \(circle)")
                }
            }
        }
        return faults
    }

    @Test func twelveStackedItemsAtTheBottomRightOfASmallOutputKeepTheirLabelsOnIt() {
        let menu = Self.documents(12)
        let corner = PlacementRequest(anchor: .bottomRight)
        let chain = MenuChainPlacement(menu, placed: corner, on: Self.small, pointer: nil, labelSize: Self.plate)
        let columns = Set(chain.menus[0].menu.items.map(\.position.x))
        #expect(columns.count == 2, "600 px hold no 12 stacked items in one column")
        #expect(chain.menus[0].menu.items.allSatisfy { $0.position.x <= 0 }, "the second column goes inwards")
        let faults = Self.faults(in: chain)
        #expect(faults.isEmpty, "\(faults)")
        let area = Rect(x: 0, y: 0, width: 1024, height: 600)
        #expect(chain.circles.allSatisfy { $0.lies(in: area) })
        // The button stays in its corner: the second column makes the room.
        #expect(chain.menus[0].centre == Placement.wantedCentre(of: menu, placed: corner, on: Self.small, pointer: nil))
    }

    @Test(arguments: [LayoutStyle.stack, .linear])
    func everyLabelShownAllTheTimeStaysOnTheOutputAtEveryCorner(_ style: LayoutStyle) {
        var faults: [String] = []
        for anchor in [Anchor.topLeft, .topRight, .bottomLeft, .bottomRight, .center] {
            for count in [4, 8, 12, 16, 24] {
                var menu = Self.documents(count, style: style)
                menu.appearance.labels = .always
                let chain = MenuChainPlacement(
                    menu, placed: PlacementRequest(anchor: anchor), on: Self.small, pointer: nil, labelSize: Self.plate)
                faults += Self.faults(in: chain).map { "\(count) at \(anchor): \($0)" }
            }
        }
        #expect(faults.isEmpty, "\(faults.count) faults: \(faults.prefix(6))")
    }

    @Test(arguments: [Anchor.bottomRight, .bottomLeft])
    func aStacksLabelsSitBesideItsColumnOnTheSideWithRoom(_ anchor: Anchor) {
        let chain = MenuChainPlacement(
            Self.documents(4), placed: PlacementRequest(anchor: anchor), on: Self.small, pointer: nil,
            labelSize: Self.plate)
        let ids = chain.labelledItems(ofMenu: 0, mode: .always, highlighted: "")
        let boxes = chain.labels(ofMenu: 0, items: ids, size: Self.plate)
        #expect(boxes.count == 4)
        for item in chain.menus[0].menu.items {
            let centre = chain.menus[0].centre.adding(item.position)
            let box = boxes[item.id]!
            #expect(abs(box.y + box.height / 2 - centre.y) < 1e-6, "\(item.id)'s label is level with it: \(box)")
            let gap = anchor == .bottomRight ? centre.x - 30 - box.maxX : box.minX - (centre.x + 30)
            #expect(abs(gap - LabelPlacement.gap) < 1e-6, "\(item.id)'s label \(box) beside it, inwards")
        }
    }

    @Test func aLabelWiderThanTheRoomBesideItsItemAtTheEdgeSlidesOntoTheOutput() {
        // A row along the top right: its last item's long label has no room on its right, nor above it.
        var menu = Self.documents(7, style: .linear)
        menu.appearance.labels = .always
        for index in menu.items.indices { menu.items[index].title = "A document with a long name \(index)" }
        let chain = MenuChainPlacement(
            menu, placed: PlacementRequest(anchor: .topRight), on: Self.small, pointer: nil, labelSize: Self.plate)
        let faults = Self.faults(in: chain)
        #expect(faults.isEmpty, "\(faults)")
    }
}
