import PetalCore
import Testing

@testable import PetalScene

/// What a screen reader sees of a scene: the button, and the items only while the menu is open.
@Suite struct AccessibleNodeTests {
    typealias F = SceneFixtures

    static func menu() -> SceneMenu {
        var menu = F.menu(count: 3)
        menu.items[1].toggle = true
        menu.items[1].selected = true
        menu.items[2].enabled = false
        return menu
    }

    @Test func collapsedOnlyTheButtonIsThereAndItOpensTheMenu() {
        let nodes = Scene(menu: Self.menu(), state: .collapsed).accessibleNodes
        #expect(
            nodes == [
                AccessibleNode(target: .button, name: "Open menu", diameter: 60, intent: .toggle)
            ])
    }

    @Test(arguments: [MenuState.expanding, .expanded])
    func openTheItemsFollowTheButtonWithTheirTitlesRolesAndStates(_ state: MenuState) {
        let menu = Self.menu()
        let nodes = Scene(menu: menu, state: state, highlighted: "item0").accessibleNodes
        #expect(nodes.map(\.name) == ["Close menu", "Item 0", "Item 1", "Item 2"])
        #expect(nodes.map(\.role) == [.pushButton, .pushButton, .checkBox, .pushButton])
        #expect(nodes.map(\.checked) == [false, false, true, false])
        #expect(nodes.map(\.enabled) == [true, true, true, false])
        #expect(nodes.map(\.focused) == [false, true, false, false])
        #expect(nodes.map(\.intent) == [.toggle, .activate("item0"), .activate("item1"), nil])
        #expect(nodes[1].centre == menu.items[0].position && nodes[1].diameter == menu.appearance.itemSize)
    }

    @Test func closingTheItemsLeaveTheTree() {
        let nodes = Scene(menu: Self.menu(), state: .collapsing).accessibleNodes
        #expect(nodes.map(\.target) == [.button])
    }

    @Test func aButtonThatDoesNotRestIsNotThereWhileCollapsed() {
        var menu = Self.menu()
        menu.appearance.restingButton = false
        #expect(Scene(menu: menu, state: .collapsed).accessibleNodes.isEmpty)
        #expect(Scene(menu: menu, state: .expanded).accessibleNodes.count == 4)
    }

    @Test func anotherMenusButtonIsNamedAfterItsTitleOrElseItsName() {
        var menu = Self.menu()
        menu.name = "tools"
        menu.title = "Tools"
        #expect(Scene(menu: menu, state: .expanded).buttonName == "Tools")
        menu.title = ""
        #expect(Scene(menu: menu, state: .collapsed).buttonName == "tools")
    }

    @Test func whilePetaldIsGoneNothingActs() {
        var menu = Self.menu()
        menu.online = false
        let nodes = Scene(menu: menu, state: .expanded).accessibleNodes
        #expect(nodes.allSatisfy { !$0.enabled && $0.intent == nil })
    }

    @Test func anItemWithoutATitleIsNamedByItsId() {
        var menu = Self.menu()
        menu.items[0].title = ""
        #expect(Scene(menu: menu, state: .expanded).accessibleNodes[1].name == "item0")
    }
}
