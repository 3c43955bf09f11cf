import PetalCore
import Testing

@testable import PetalControl

@Suite struct SVGMenuTests {
    func model(style: LayoutStyle, state: PreviewState = .expanded, animate: Bool = false) -> PreviewModel {
        let geometry = MenuGeometry(style: style)
        let items = [
            PreviewModel.Item(
                id: "camera", title: "Camera", icon: "camera-photo", color: "#ef5285",
                enabled: true, selected: false, toggle: false, position: geometry.position(at: 0)),
            PreviewModel.Item(
                id: "like", title: "Like <3 & \"more\"", icon: "emblem-favorite", color: "#f9a825",
                enabled: true, selected: true, toggle: true, position: geometry.position(at: 1)),
            PreviewModel.Item(
                id: "off", title: "Off", icon: "", color: "red\" onload=\"x",
                enabled: false, selected: false, toggle: false, position: geometry.position(at: 2)),
        ]
        return PreviewModel(state: state, style: style, openSeconds: 0.3, animate: animate, items: items)
    }

    @Test(arguments: LayoutStyle.allCases)
    func itemsSitWhereTheSpecFormulaPutsThem(style: LayoutStyle) throws {
        let document = try SVGDocument(SVGMenu.render(model(style: style)))
        let positions = document.itemPositions
        #expect(positions.map(\.id) == ["camera", "like", "off"])
        for (index, position) in positions.enumerated() {
            let expected = SpecLayout.position(style.rawValue, index: index)
            #expect(abs(position.x - expected.x) < 0.001, "\(style) item \(index) x")
            #expect(abs(position.y - expected.y) < 0.001, "\(style) item \(index) y")
        }
    }

    @Test func selectedAndDisabledItemsAreMarked() throws {
        let document = try SVGDocument(SVGMenu.render(model(style: .radial)))
        #expect(document.items(withClass: "selected") == ["like"])
        #expect(document.items(withClass: "disabled") == ["off"])
        // The hostile colour never reaches an attribute; the title is escaped and survives parsing.
        #expect(!document.elements.contains { $0.attributes.keys.contains("onload") })
        #expect(document.elements.contains { $0.name == "circle" && $0.attributes["fill"] == SVGMenu.fallbackColor })
    }

    @Test func theButtonTurnsIntoACrossWhenExpanded() throws {
        let expanded = try SVGDocument(SVGMenu.render(model(style: .linear)))
        let collapsed = try SVGDocument(SVGMenu.render(model(style: .linear, state: .collapsed)))
        #expect(expanded.elements.first { $0.attributes["class"] == "button" }?.attributes["transform"] == "rotate(45)")
        #expect(collapsed.elements.first { $0.attributes["class"] == "button" }?.attributes["transform"] == "rotate(0)")
        // Collapsed, the items are gathered under the button and invisible.
        #expect(collapsed.itemPositions.allSatisfy { $0.x == 0 && $0.y == 0 })
        #expect(
            collapsed.elements.filter { $0.attributes["class"] == "item" }.allSatisfy {
                $0.attributes["opacity"] == "0"
            })
    }

    @Test func animationSpreadsTheItemsOverTheOpenDuration() throws {
        let document = try SVGDocument(SVGMenu.render(model(style: .stack, animate: true)))
        let moves = document.elements.filter { $0.name == "animateTransform" && $0.attributes["type"] == "translate" }
        #expect(moves.count == 3)
        #expect(moves.allSatisfy { $0.attributes["from"] == "0 0" && $0.attributes["dur"] == "0.3s" })
        #expect(moves.map { $0.attributes["to"] } == ["0 -80", "0 -160", "0 -240"])
    }

    /// The button's disc, its "+" and the items' discs follow `appearance`.
    @Test func theAppearancesSizesAndColoursAreDrawn() throws {
        var model = model(style: .linear)
        model.appearance = AppearanceSettings(
            buttonSize: 90, itemSize: 36, buttonColor: "#12AB34", iconColor: "#00000080")
        let document = try SVGDocument(SVGMenu.render(model))
        let button = try #require(document.group(withClass: "button"))
        let disc = try #require(button.first { $0.name == "circle" })
        #expect(disc.attributes["r"] == "45")
        #expect(disc.attributes["fill"] == "#12ab34" && disc.attributes["fill-opacity"] == nil)
        let glyph = try #require(button.first { $0.name == "path" })
        #expect(glyph.attributes["stroke"] == "#000000" && glyph.attributes["stroke-opacity"] == "0.502")
        let camera = try #require(document.group(withID: "camera"))
        #expect(camera.first { $0.name == "circle" }?.attributes["r"] == "18")
        #expect(camera.first { $0.attributes["class"] == "initial" }?.attributes["fill"] == "#000000")
    }

    @Test func theDefaultAppearanceIsTheSpecs() throws {
        let document = try SVGDocument(SVGMenu.render(model(style: .radial)))
        let disc = try #require(document.group(withClass: "button")?.first { $0.name == "circle" })
        #expect(disc.attributes["r"] == "30" && disc.attributes["fill"] == "#ef5285")
        #expect(document.group(withClass: "button")?.first { $0.name == "path" }?.attributes["stroke"] == "#ffffff")
        #expect(
            document.group(withID: "like")?.filter { $0.name == "circle" }.map { $0.attributes["r"] } == ["35", "30"],
            "the selection ring, then the disc")
    }

    @Test func theDrawingHoldsEveryItem() throws {
        let document = try SVGDocument(SVGMenu.render(model(style: .linear)))
        let svg = try #require(document.elements.first { $0.name == "svg" })
        let root = try #require(document.elements.first { $0.attributes["id"] == "menu" })
        let (originX, originY) = try #require(SVGDocument.translation(root.attributes["transform"]))
        let width = try #require(svg.attributes["width"].flatMap(Double.init))
        let height = try #require(svg.attributes["height"].flatMap(Double.init))
        for item in document.itemPositions {
            #expect(originX + item.x - 24 >= 0 && originX + item.x + 24 <= width, "\(item.id) inside horizontally")
            #expect(originY + item.y - 24 >= 0 && originY + item.y + 24 <= height, "\(item.id) inside vertically")
        }
    }
}
