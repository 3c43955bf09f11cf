import PetalCore
import Testing

@testable import PetalScene

/// A chain drawn as one picture (`petal-overlay --render --open`): each
/// submenu where its item is, the parents at rest, and room for everything.
@Suite struct ChainPictureTests {
    typealias F = SceneFixtures

    static func submenu(_ style: LayoutStyle) -> SceneMenu {
        var menu = F.menu(style, count: 2)
        for index in menu.items.indices { menu.items[index].id = "sub\(index)" }
        return menu
    }

    @Test(arguments: LayoutStyle.allCases)
    func eachSubmenuIsWhereItsItemIsAndEverythingFits(_ style: LayoutStyle) {
        let parent = F.menu(style)
        let picture = ChainPicture([parent, Self.submenu(.linear)], openedFrom: ["item1"], state: .expanded, at: 0)
        #expect(picture.layers.count == 2)
        let opener = MenuGeometry(style: style).position(at: 1)
        let (main, sub) = (picture.layers[0].centre, picture.layers[1].centre)
        #expect(abs(sub.x - (main.x + opener.x)) < 1e-6 && abs(sub.y - (main.y + opener.y)) < 1e-6)
        for layer in picture.layers {
            let reach = Placement.reach(of: layer.scene.menu).offset(by: layer.centre)
            #expect(reach.minX >= -1e-6 && reach.minY >= -1e-6, "\(reach) starts before the picture")
            #expect(reach.maxX <= Double(picture.width) + 1e-6 && reach.maxY <= Double(picture.height) + 1e-6)
        }
        #expect(picture.width % 2 == 0 && picture.height % 2 == 0)
    }

    @Test func theParentIsAtRestAndFadesAsTheSubmenuSpreads() {
        let chain = [F.menu(.radial), Self.submenu(.stack)]
        let open = ChainPicture(chain, openedFrom: ["item0"], state: .expanded, at: 0)
        let parent = open.layers[0].scene
        #expect(parent.state == .expanded && parent.spread(at: open.time) == 1)
        #expect(parent.itemOpacity["item0"] == nil, "the item that opened the submenu does not fade")
        #expect(parent.itemOpacity["item1"] == SubmenuLayout.fadedOpacity)
        let closed = ChainPicture(chain, openedFrom: ["item0"], state: .collapsed, at: 0)
        #expect(closed.layers[0].scene.itemOpacity["item1"] == 1, "nothing fades while the submenu is closed")
        #expect(closed.layers[1].scene.state == .collapsed)
    }

    @Test func aMenuAloneIsOneLayer() {
        let picture = ChainPicture([F.menu(.linear)], openedFrom: [], state: .expanding, at: 0.1)
        #expect(picture.layers.count == 1 && picture.layers[0].scene.itemOpacity.isEmpty)
        #expect(picture.time == 0.1)
    }

    @Test func everyMenuShowsItsLabelsInsideThePictureOverNoCircle() {
        let size = { (_: SceneMenu) in
            { (item: SceneItem) in Size(width: Double(item.title.count) * 8 + 16, height: 24) }
        }
        var hovered = F.menu(.radial, count: 4)
        hovered.appearance.labels = .hover
        let chain = [F.menu(.stack, count: 4), hovered]
        let picture = ChainPicture(chain, openedFrom: ["item1"], state: .expanded, at: 0, labelSize: size)
        // The stack shows all its labels; the radial one only a highlighted item's, and none is.
        #expect(picture.layers[0].labels.keys.sorted() == ["item0", "item1", "item2", "item3"])
        #expect(picture.layers[1].labels.isEmpty)
        let circles = picture.layers.flatMap { $0.scene.menu.circles(at: $0.centre) }
        let area = Rect(x: 0, y: 0, width: Double(picture.width), height: Double(picture.height))
        for (id, box) in picture.layers[0].labels {
            let placed = box.offset(by: picture.layers[0].centre)
            #expect(LabelPlacement.contains(area, placed), "\(id)'s label \(placed) leaves \(area)")
            #expect(!circles.contains { LabelPlacement.covers(placed, $0) }, "\(id)'s label covers a circle")
        }
        #expect(ChainPicture(chain, openedFrom: ["item1"], state: .expanded, at: 0).layers[0].labels.isEmpty)
        // A menu drawn alone: the same labels, and a canvas centred on the button that holds them.
        let alone = ChainPicture.labels(of: chain[0], highlighted: "", labelSize: size(chain[0]))
        #expect(alone.count == 4)
        let (width, height) = Placement.centredCanvas(for: chain[0], labels: Array(alone.values))
        for box in alone.values {
            #expect(-box.minX <= Double(width) / 2 && box.maxX <= Double(width) / 2, "\(box) in \(width) across")
            #expect(-box.minY <= Double(height) / 2 && box.maxY <= Double(height) / 2, "\(box) in \(height) down")
        }
        #expect(width > Placement.centredCanvas(for: chain[0]).width, "the labels widen the canvas")
    }
}
