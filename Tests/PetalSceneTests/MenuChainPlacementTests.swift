import PetalCore
import Testing

@testable import PetalScene

/// An open chain on an output: each submenu spreads from the item that
/// opened it, and its parents' other items fade and stay where they are.
@Suite struct MenuChainPlacementTests {
    typealias F = SceneFixtures

    static let output = OutputGeometry(name: "DP-1", frame: Rect(x: 0, y: 0, width: 1920, height: 1080), scale: 2)
    static let middle = Point(x: 960, y: 540)

    static func submenu(_ style: LayoutStyle, count: Int = 2) -> SceneMenu {
        var menu = F.menu(style, count: count)
        for index in menu.items.indices { menu.items[index].id = "sub\(index)" }
        return menu
    }

    @Test(arguments: LayoutStyle.allCases, LayoutStyle.allCases)
    func aSubmenuIsCentredOnTheItemThatOpenedIt(_ parentStyle: LayoutStyle, _ childStyle: LayoutStyle) {
        let parent = F.menu(parentStyle)
        var chain = MenuChainPlacement(parent, centre: Self.middle, on: Self.output)
        let opened = chain.open(Self.submenu(childStyle), from: "item1")
        #expect(opened)
        let opener = MenuGeometry(style: parentStyle).position(at: 1)
        #expect(chain.menus.count == 2)
        #expect(chain.menus[1].centre == Point(x: 960 + opener.x, y: 540 + opener.y))
        #expect(chain.menus[0].centre == Self.middle, "the parent stays where it is")
        #expect(chain.menus[0].openedItem == "item1")
        #expect(chain.menus[1].openedItem == nil)
    }

    @Test func aChainOfThreeGoesFromItemToItem() {
        var chain = MenuChainPlacement(F.menu(.linear), centre: Point(x: 300, y: 700), on: Self.output)
        chain.open(Self.submenu(.stack), from: "item0")
        chain.open(Self.submenu(.linear), from: "sub1")
        // main's first item is 80 to the right; the stack's second is 160 above it.
        #expect(chain.menus.map(\.centre) == [Point(x: 300, y: 700), Point(x: 380, y: 700), Point(x: 380, y: 540)])
        #expect(chain.menus.map(\.openedItem) == ["item0", "sub1", nil])
    }

    @Test func aSubmenuThatWouldLeaveTheOutputMovesTheWholeChainInwards() {
        let parent = F.menu(.radial)
        // In the top-right corner: the first item, at 100°, points almost straight up.
        let alone = MenuChainPlacement(parent, centre: Point(x: 1874, y: 46), on: Self.output)
        var chain = alone
        chain.open(Self.submenu(.radial), from: "item0")
        let moved = Point(
            x: chain.menus[0].centre.x - alone.menus[0].centre.x, y: chain.menus[0].centre.y - alone.menus[0].centre.y)
        #expect(moved.y > 90, "the parent moves down with the submenu fanned above it: \(moved)")
        let opener = parent.items[0].position
        #expect(F.near(chain.menus[1].centre, chain.menus[0].centre.adding(opener)), "the submenu stays on its item")
        #expect(chain.circles.allSatisfy { $0.lies(in: Rect(x: 0, y: 0, width: 1920, height: 1080)) })
    }

    @Test func aRowWithRoomOnNeitherSideOfItsParentGoesTowardsTheMiddle() {
        var chain = MenuChainPlacement(F.menu(.stack), centre: Point(x: 1874, y: 1018), on: Self.output)
        chain.open(Self.submenu(.linear, count: 3), from: "item2")
        #expect(chain.menus.map(\.centre) == [Point(x: 1874, y: 1018), Point(x: 1874, y: 778)], "nothing moves")
        #expect(chain.menus[1].menu.items.map(\.position.x) == [-80, -160, -240])
    }

    @Test func anItemTheLastMenuLacksOpensNothing() {
        var chain = MenuChainPlacement(F.menu(.linear), centre: Self.middle, on: Self.output)
        let unknown = chain.open(Self.submenu(.stack), from: "nope")
        #expect(!unknown)
        #expect(chain.menus.count == 1)
        #expect(chain.menus[0].openedItem == nil)
        chain.open(Self.submenu(.stack), from: "item0")
        // "item1" is the parent's, not the last menu's.
        let parents = chain.open(Self.submenu(.radial), from: "item1")
        #expect(!parents)
        #expect(chain.menus.count == 2)
    }

    @Test func theParentsOtherItemsFadeAsTheSubmenuSpreads() {
        var chain = MenuChainPlacement(F.menu(.linear), centre: Self.middle, on: Self.output)
        #expect(chain.itemOpacity(ofMenu: 0).isEmpty, "nothing fades with no submenu open")
        chain.open(Self.submenu(.stack), from: "item1")
        #expect(chain.itemOpacity(ofMenu: 0) == ["item0": 0.4, "item2": 0.4])
        #expect(chain.itemOpacity(ofMenu: 0, submenuSpread: 0) == ["item0": 1, "item2": 1])
        let halfway = chain.itemOpacity(ofMenu: 0, submenuSpread: 0.5)
        #expect(F.near(halfway["item0"] ?? 0, 0.7))
        // A spring's overshoot fades no further.
        #expect(chain.itemOpacity(ofMenu: 0, submenuSpread: 1.2) == ["item0": 0.4, "item2": 0.4])
        #expect(chain.itemOpacity(ofMenu: 1).isEmpty, "the innermost menu is not faded")
        #expect(chain.itemOpacity(ofMenu: 5).isEmpty)

        chain.open(Self.submenu(.linear), from: "sub0")
        #expect(chain.itemOpacity(ofMenu: 0) == ["item0": 0.4, "item2": 0.4])
        #expect(chain.itemOpacity(ofMenu: 1) == ["sub1": 0.4])
    }

    @Test func theSceneDrawsTheFadeOnTopOfDisabledAndLeavesTheItemsWhereTheyAre() {
        var menu = F.menu(.linear)
        menu.items[2].enabled = false
        var chain = MenuChainPlacement(menu, centre: Self.middle, on: Self.output)
        chain.open(Self.submenu(.stack), from: "item1")
        var scene = Scene(menu: menu, state: .expanded)
        let before = scene.frame(at: 0)
        scene.itemOpacity = chain.itemOpacity(ofMenu: 0)
        let frame = scene.frame(at: 0)
        #expect(frame.items.map(\.opacity) == [0.4, 1, 0.4 * Scene.disabledOpacity])
        #expect(frame.items.map(\.centre) == before.items.map(\.centre))
        #expect(frame.items.map(\.interactive) == [true, true, false], "a faded item can still be clicked")
        #expect(before.items.map(\.opacity) == [1, 1, Scene.disabledOpacity], "no fade by default")
    }
}
