import PetalCore
import Testing

@testable import PetalScene

@Suite struct InteractionTests {
    typealias F = SceneFixtures

    @Test func aClickOnTheButtonToggles() {
        var scene = Scene(menu: F.menu(), state: .collapsed)
        var input = Interaction()
        input.pointerPressed(on: .button, in: &scene, at: 0)
        #expect(scene.press?.target == .button)
        #expect(input.pointerReleased(over: .button, in: &scene, at: 0.1) == [.toggle])
        #expect(scene.press?.releasedAt == 0.1)
    }

    @Test func aPressThatLeavesWhatWentDownIsNoClick() {
        var scene = Scene(menu: F.menu(), state: .expanded)
        var input = Interaction()
        input.pointerPressed(on: .button, in: &scene, at: 0)
        #expect(input.pointerReleased(over: .item("item0"), in: &scene, at: 0.1) == [])
        input.pointerPressed(on: nil, in: &scene, at: 1)
        #expect(input.pointerReleased(over: nil, in: &scene, at: 1.1) == [])
    }

    @Test func theButtonDoesNotMoveWhileTheMenuAnimatesButItsClickStillReachesPetald() {
        var scene = Scene(menu: F.menu(), state: .collapsed)
        scene.stateChanged(to: .expanding, at: 0)
        var input = Interaction()
        input.pointerPressed(on: .button, in: &scene, at: 0.1)
        #expect(scene.press == nil)
        // petald decides; it ignores a Toggle during a transition, so nothing changes on screen.
        #expect(input.pointerReleased(over: .button, in: &scene, at: 0.15) == [.toggle])
    }

    @Test func aClickOnAnEnabledItemOfAnExpandedMenuActivatesIt() {
        var menu = F.menu()
        menu.items[2].enabled = false
        var scene = Scene(menu: menu, state: .expanded)
        var input = Interaction()
        input.pointerPressed(on: .item("item1"), in: &scene, at: 0)
        #expect(input.pointerReleased(over: .item("item1"), in: &scene, at: 0.1) == [.activate("item1")])
        input.pointerPressed(on: .item("item2"), in: &scene, at: 1)
        #expect(scene.press?.target != .item("item2") || scene.press?.releasedAt != nil)
        #expect(input.pointerReleased(over: .item("item2"), in: &scene, at: 1.1) == [])
    }

    @Test func aClickOnTheBackdropCloses() {
        var scene = Scene(menu: F.menu(), state: .expanded)
        var input = Interaction()
        input.pointerPressed(on: .backdrop, in: &scene, at: 0)
        #expect(input.pointerReleased(over: .backdrop, in: &scene, at: 0.1) == [.close])
    }

    @Test func hoverHighlightsEachItemOnceAndClearsWhenThePointerLeaves() {
        let scene = Scene(menu: F.menu(), state: .expanded)
        var input = Interaction()
        #expect(input.pointerMoved(over: .item("item0"), in: scene) == [.highlight("item0")])
        #expect(input.pointerMoved(over: .item("item0"), in: scene) == [])
        #expect(input.pointerMoved(over: .item("item1"), in: scene) == [.highlight("item1")])
        #expect(input.pointerMoved(over: .button, in: scene) == [.highlight("")])
        #expect(input.pointerMoved(over: nil, in: scene) == [])
    }

    @Test func hoverOverACollapsedMenuHighlightsNothing() {
        let scene = Scene(menu: F.menu(), state: .collapsing)
        var input = Interaction()
        #expect(input.pointerMoved(over: .item("item0"), in: scene) == [])
    }

    @Test func escapeClosesAndDigitsActivateTheNthItem() {
        var menu = F.menu()
        menu.items[1].enabled = false
        let scene = Scene(menu: menu, state: .expanded)
        let input = Interaction()
        #expect(input.keyPressed(.escape, in: scene) == [.close])
        #expect(input.keyPressed(.digit(1), in: scene) == [.activate("item0")])
        #expect(input.keyPressed(.digit(2), in: scene) == [])
        #expect(input.keyPressed(.digit(3), in: scene) == [.activate("item2")])
        #expect(input.keyPressed(.digit(9), in: scene) == [])
    }

    @Test func arrowsAndTabMoveTheHighlightOverEnabledItemsAndWrap() {
        var menu = F.menu()
        menu.items[1].enabled = false
        var scene = Scene(menu: menu, state: .expanded)
        let input = Interaction()
        #expect(input.keyPressed(.tab, in: scene) == [.highlight("item0")])
        #expect(input.keyPressed(.left, in: scene) == [.highlight("item2")])
        scene.highlighted = "item0"
        #expect(input.keyPressed(.right, in: scene) == [.highlight("item2")])
        #expect(input.keyPressed(.down, in: scene) == [.highlight("item2")])
        scene.highlighted = "item2"
        #expect(input.keyPressed(.tab, in: scene) == [.highlight("item0")])
        #expect(input.keyPressed(.backTab, in: scene) == [.highlight("item0")])
        #expect(input.keyPressed(.up, in: scene) == [.highlight("item0")])
    }

    @Test func enterAndSpaceActivateTheHighlightedItem() {
        var scene = Scene(menu: F.menu(), state: .expanded)
        let input = Interaction()
        #expect(input.keyPressed(.enter, in: scene) == [])
        scene.highlighted = "item1"
        #expect(input.keyPressed(.enter, in: scene) == [.activate("item1")])
        #expect(input.keyPressed(.space, in: scene) == [.activate("item1")])
    }

    @Test func keysOtherThanEscapeDoNothingUnlessExpanded() {
        let scene = Scene(menu: F.menu(), state: .expanding)
        let input = Interaction()
        #expect(input.keyPressed(.digit(1), in: scene) == [])
        #expect(input.keyPressed(.tab, in: scene) == [])
        #expect(input.keyPressed(.escape, in: scene) == [.close])
    }
}

@Suite struct DrawListTests {
    typealias F = SceneFixtures

    @Test func anExpandedMenuPaintsEachItemsDiscAtItsPlaceInItsColour() {
        let menu = F.menu(.linear)
        let origin = Point(x: 50, y: 60)
        let list = Scene(menu: menu, state: .expanded).frame(at: 0).drawList(menu: menu, origin: origin)
        let discs = list.compactMap { command -> (Point, RGBAColor)? in
            if case .disc(let centre, _, let color) = command { return (centre, color) }
            return nil
        }
        #expect(discs.count == 4)
        for (index, item) in menu.items.enumerated() {
            #expect(discs[index].0 == item.position.adding(origin))
            #expect(discs[index].1 == RGBAColor(hex: item.color))
        }
        // The button is painted last, on top: a white disc, then its turned "+" in the button's colour.
        #expect(discs[3].0 == origin && discs[3].1 == .white)
        guard case .plus(_, _, _, let rotation, let color)? = list.last else {
            Issue.record("the button's + is not the last command: \(String(describing: list.last))")
            return
        }
        #expect(F.near(rotation, Double.pi / 4) && color == RGBAColor(hex: "#ef5285"))
    }

    @Test func aCollapsedMenuPaintsOnlyTheButton() {
        let menu = F.menu()
        let list = Scene(menu: menu, state: .collapsed).frame(at: 0).drawList(menu: menu, origin: .zero)
        let discs = list.filter { if case .disc = $0 { true } else { false } }
        #expect(discs == [.disc(centre: .zero, radius: 30, color: RGBAColor(hex: "#ef5285")!)])
    }

    @Test func iconsFallBackToTheTitleAndItemsWithoutAnIconShowTheirTitle() {
        var menu = F.menu(count: 2)
        menu.items[1].icon = ""
        menu.items[1].title = "🎉"
        let list = Scene(menu: menu, state: .expanded).frame(at: 0).drawList(menu: menu, origin: .zero)
        #expect(
            list.contains { command in
                if case .icon(let name, _, let size, _, _, let fallback) = command {
                    return name == "icon-0" && F.near(size, 24) && fallback.text == "Item 0"
                }
                return false
            })
        #expect(list.contains { if case .text(let run) = $0 { run.text == "🎉" } else { false } })
    }

    @Test func aSelectedToggleShowsItsSelectedIcon() {
        var menu = F.menu(count: 1)
        menu.items[0].toggle = true
        menu.items[0].selected = true
        menu.items[0].selectedIcon = "starred"
        let list = Scene(menu: menu, state: .expanded).frame(at: 0).drawList(menu: menu, origin: .zero)
        #expect(list.contains { if case .icon(let name, _, _, _, _, _) = $0 { name == "starred" } else { false } })
    }

    @Test func shadowsFollowTheAppearanceAndTheHighlightIsARing() {
        var menu = F.menu(count: 1)
        var scene = Scene(menu: menu, state: .expanded, highlighted: "item0")
        var list = scene.frame(at: 0).drawList(menu: menu, origin: .zero)
        #expect(list.filter { if case .shadow = $0 { true } else { false } }.count == 2)
        #expect(
            list.contains { if case .ring(let centre, _, _, _) = $0 { centre == Point(x: 80, y: 0) } else { false } })
        menu.appearance.shadow = false
        scene.menu = menu
        scene.highlighted = ""
        list = scene.frame(at: 0).drawList(menu: menu, origin: .zero)
        #expect(!list.contains { if case .shadow = $0 { true } else { false } })
        #expect(!list.contains { if case .ring = $0 { true } else { false } })
    }
}
