import PetalCore
import Testing

@testable import PetalControl

@Suite struct SVGMenuTests {
    func model(
        style: LayoutStyle, state: PreviewState = .expanded, animate: Bool = false,
        appearance: AppearanceSettings = AppearanceSettings()
    ) -> PreviewModel {
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
        return PreviewModel(
            state: state, animate: animate,
            menu: PreviewModel.Menu(
                name: "main", style: style, openSeconds: 0.3, items: items, appearance: appearance))
    }

    /// `model(style:)`'s menu with a stack submenu of two items open from its
    /// second item, and a linear one of one item open from the submenu's first.
    func chain(state: PreviewState = .expanded, animate: Bool = false) -> PreviewModel {
        var model = model(style: .linear, state: state, animate: animate)
        let stack = MenuGeometry(style: .stack, spacing: 70)
        model.open(
            PreviewModel.Menu(
                name: "main/like", style: .stack, openSeconds: 0.5,
                items: ["a", "b"].enumerated().map { index, id in
                    PreviewModel.Item(
                        id: id, title: id.uppercased(), icon: "", color: "#336699", enabled: true, selected: false,
                        toggle: false, position: stack.position(at: index))
                }, appearance: AppearanceSettings(buttonSize: 40, itemSize: 50, buttonColor: "#123456")),
            from: 1)
        model.open(
            PreviewModel.Menu(
                name: "deep", style: .linear, openSeconds: 0.2,
                items: [
                    PreviewModel.Item(
                        id: "z", title: "Z", icon: "", color: "", enabled: false, selected: false, toggle: false,
                        position: Point(x: 80, y: 0))
                ]),
            from: 0)
        return model
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
        let model = model(
            style: .linear,
            appearance: AppearanceSettings(
                buttonSize: 90, itemSize: 36, buttonColor: "#12AB34", iconColor: "#00000080"))
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

    // MARK: - A submenu open from its item

    @Test func eachMenuIsAGroupAtItsCentreWithItsItemsAtTheirLayout() throws {
        let document = try SVGDocument(SVGMenu.render(chain()))
        #expect(document.menus.map(\.name) == ["main", "main/like", "deep"])
        // main is linear (80 apart): its second item, like, is at (160, 0); the stack goes up from there.
        #expect(document.menus.map(\.x) == [0, 160, 160] && document.menus.map(\.y) == [0, 0, -70])
        #expect(document.menus.map(\.layout) == ["linear", "stack", "linear"])
        let like = try #require(document.items(inMenu: "main/like"))
        #expect(like.map(\.id) == ["a", "b"])
        #expect(like.map(\.x) == [0, 0] && like.map(\.y) == [-70, -140])
        let root = try #require(document.elements.first { $0.attributes["id"] == "menu" })
        #expect(root.attributes["data-menu"] == "deep" && root.attributes["data-layout"] == "linear")
        let title = try #require(document.elements.firstIndex { $0.name == "title" })
        #expect(title == 1, "the document's title comes first")
    }

    @Test func theParentsOtherItemsAreFadedAndTheOpenedOneIsNot() throws {
        let document = try SVGDocument(SVGMenu.render(chain()))
        #expect(document.items(withClass: "faded") == ["camera", "off", "b"])
        #expect(document.items(withClass: "opened") == ["like", "a"])
        func opacity(_ id: String) -> String? {
            document.elements.first { $0.name == "g" && $0.attributes["data-id"] == id }?.attributes["opacity"]
        }
        #expect(opacity("camera") == "0.4" && opacity("b") == "0.4")
        #expect(opacity("off") == "0.16", "disabled and faded: both fades apply")
        #expect(opacity("like") == "1" && opacity("a") == "1")
        #expect(opacity("z") == "0.4", "the innermost menu is not faded; its disabled item is dimmed")
    }

    @Test func eachMenuHasItsOwnButtonAndAppearance() throws {
        let document = try SVGDocument(SVGMenu.render(chain()))
        let buttons = document.elements.indices.filter {
            document.elements[$0].name == "g" && document.elements[$0].attributes["class"] == "button"
        }
        #expect(buttons.count == 3)
        let discs = buttons.map { document.elements[$0 + 1] }
        #expect(discs.map { $0.attributes["r"] } == ["30", "20", "30"])
        #expect(discs.map { $0.attributes["fill"] } == ["#ef5285", "#123456", "#ef5285"])
        #expect(document.group(withID: "a")?.first { $0.name == "circle" }?.attributes["r"] == "25")
    }

    @Test func theDrawingHoldsEveryMenusItems() throws {
        let document = try SVGDocument(SVGMenu.render(chain()))
        let svg = try #require(document.elements.first { $0.name == "svg" })
        let root = try #require(document.elements.first { $0.attributes["id"] == "menu" })
        let (originX, originY) = try #require(SVGDocument.translation(root.attributes["transform"]))
        let width = try #require(svg.attributes["width"].flatMap(Double.init))
        let height = try #require(svg.attributes["height"].flatMap(Double.init))
        for menu in document.menus {
            for item in try #require(document.items(inMenu: menu.name)) {
                let (x, y) = (originX + menu.x + item.x, originY + menu.y + item.y)
                #expect(x - 30 >= 0 && x + 30 <= width && y - 30 >= 0 && y + 30 <= height, "\(menu.name) \(item.id)")
            }
        }
    }

    @Test func collapsedTheWholeChainIsUnderTheFirstButton() throws {
        let document = try SVGDocument(SVGMenu.render(chain(state: .collapsed)))
        #expect(document.menus.allSatisfy { $0.x == 0 && $0.y == 0 })
        let groups = document.elements.filter { $0.name == "g" && $0.attributes["class"] == "menu" }
        #expect(groups.map { $0.attributes["opacity"] } == [nil, "0", "0"], "only the first menu's button shows")
        #expect(document.itemPositions.allSatisfy { $0.x == 0 && $0.y == 0 })
    }

    @Test func eachMenuSpreadsFromItsCentreOverItsOwnOpenDuration() throws {
        let document = try SVGDocument(SVGMenu.render(chain(animate: true)))
        let moves = document.elements.filter { $0.name == "animateTransform" && $0.attributes["type"] == "translate" }
        #expect(moves.map { $0.attributes["dur"] } == ["0.3s", "0.3s", "0.3s", "0.5s", "0.5s", "0.2s"])
        #expect(moves.allSatisfy { $0.attributes["from"] == "0 0" })
        let fades = document.elements.filter { $0.name == "animate" && $0.attributes["attributeName"] == "opacity" }
        #expect(fades.map { $0.attributes["to"] } == ["0.4", "1", "0.16", "1", "0.4", "0.4"])
    }
}
