import Glibc
import PetalCore
import Testing

@testable import PetalScene

@Suite struct SceneFrameTests {
    typealias F = SceneFixtures

    @Test func expandedItemsSitAtTheLinearSeedsEightyTimesIPlusOne() {
        let scene = Scene(menu: F.menu(.linear), state: .expanded, at: 0)
        let frame = scene.frame(at: 10)
        #expect(frame.items.map(\.centre) == [Point(x: 80, y: 0), Point(x: 160, y: 0), Point(x: 240, y: 0)])
        #expect(frame.items.allSatisfy { $0.opacity == 1 && $0.radius == 30 && $0.interactive })
        #expect(!frame.isAnimating)
    }

    @Test func expandedRadialItemsStartAtOneHundredDegreesAndStepByForty() {
        let scene = Scene(menu: F.menu(.radial), state: .expanded)
        let centres = scene.frame(at: 1).items.map(\.centre)
        for (index, centre) in centres.enumerated() {
            let angle = (100 + 40 * Double(index)) * Double.pi / 180
            #expect(F.near(centre, Point(x: 100 * cos(angle), y: -100 * sin(angle)), 1e-9))
        }
        // 100° is up and a little to the left; 180° is straight left.
        #expect(centres[0].y < -98 && centres[0].x < 0)
        #expect(F.near(centres[2], Point(x: -100, y: 0), 1e-9))
    }

    @Test func expandedButtonIsTurnedFortyFiveDegreesWithItsColoursSwapped() {
        let frame = Scene(menu: F.menu(), state: .expanded).frame(at: 1)
        #expect(F.near(frame.button.rotation, Double.pi / 4))
        #expect(frame.button.fill == .white)
        #expect(frame.button.glyph == RGBAColor(hex: "#ef5285"))
    }

    @Test func collapsedItemsAreHiddenBehindTheButton() {
        let frame = Scene(menu: F.menu(), state: .collapsed).frame(at: 1)
        #expect(frame.items.allSatisfy { $0.centre == .zero && $0.opacity == 0 && !$0.interactive })
        #expect(frame.button.rotation == 0)
        #expect(frame.button.fill == RGBAColor(hex: "#ef5285"))
        #expect(frame.button.glyph == .white)
        #expect(!frame.isAnimating)
    }

    @Test func openingSpreadsTheItemsOnTheSpringAndStopsAnimatingWhenItsDurationIsUp() {
        var scene = Scene(menu: F.menu(.linear, open: 0.3), state: .collapsed, at: 0)
        scene.stateChanged(to: .expanding, at: 10)
        let early = scene.frame(at: 10.05)
        let late = scene.frame(at: 10.2)
        #expect(early.isAnimating && late.isAnimating)
        #expect(early.items[0].centre.x > 0 && early.items[0].centre.x < late.items[0].centre.x)
        #expect(early.items[0].opacity > 0 && early.items[0].opacity < 1)
        #expect(early.button.rotation > 0 && early.button.rotation < Double.pi / 4)
        // Items are not clickable while they move: petald would answer NotExpanded.
        #expect(!early.items[0].interactive)
        // Each item travels the same fraction of its way.
        #expect(F.near(early.items[2].centre.x / 240, early.items[0].centre.x / 80, 1e-9))
        let settled = scene.frame(at: 10.3)
        #expect(!settled.isAnimating)
        #expect(settled.items[0].centre == Point(x: 80, y: 0))
    }

    @Test func closingRunsTheSameSpringBackInTheCloseDuration() {
        var scene = Scene(menu: F.menu(.stack, close: 0.2), state: .expanded, at: 0)
        scene.stateChanged(to: .collapsing, at: 5)
        let middle = scene.frame(at: 5.05)
        #expect(middle.items[0].centre.y < 0 && middle.items[0].centre.y > -80)
        #expect(middle.items[0].opacity < 1)
        #expect(scene.frame(at: 5.2).items[0].opacity == 0)
        #expect(!scene.frame(at: 5.2).isAnimating)
    }

    @Test func anOvershootingSpringCarriesItemsPastTheirPlaces() {
        var appearance = AppearanceSettings()
        appearance.springDamping = 0.5
        var scene = Scene(menu: F.menu(.linear, appearance: appearance, open: 0.7), state: .collapsed)
        scene.stateChanged(to: .expanding, at: 0)
        let farthest =
            stride(from: 0.0, through: 0.7, by: 0.005).map { scene.frame(at: $0).items[0].centre.x }.max() ?? 0
        #expect(farthest > 88)
        // Opacity never passes 1, nor the colours their ends.
        #expect(stride(from: 0.0, through: 0.7, by: 0.01).allSatisfy { scene.frame(at: $0).items[0].opacity <= 1 })
    }

    @Test func theSameStateAgainRestartsNothing() {
        var scene = Scene(menu: F.menu(), state: .collapsed, at: 0)
        scene.stateChanged(to: .expanding, at: 1)
        scene.stateChanged(to: .expanding, at: 1.2)
        #expect(scene.stateChangedAt == 1)
    }

    @Test func disabledItemsAreFadedAndCannotBeClicked() {
        var menu = F.menu()
        menu.items[1].enabled = false
        let frame = Scene(menu: menu, state: .expanded).frame(at: 1)
        #expect(frame.items[1].opacity == Scene.disabledOpacity)
        #expect(!frame.items[1].interactive)
        #expect(frame.target(at: menu.items[1].position) == nil)
    }

    @Test func theButtonIsDrawnDisabledWhilePetaldIsGone() {
        var menu = F.menu()
        menu.online = false
        let frame = Scene(menu: menu).frame(at: 0)
        #expect(frame.button.opacity == Scene.offlineOpacity)
        #expect(!frame.button.interactive)
    }

    @Test func anItemWithoutAColourTakesTheButtonsColour() {
        var menu = F.menu()
        menu.items[0].color = ""
        #expect(Scene(menu: menu, state: .expanded).frame(at: 0).items[0].fill == RGBAColor(hex: "#ef5285"))
    }

    @Test func theBackdropFadesInWithTheSpreadAndIsAbsentWhenCollapsed() {
        var appearance = AppearanceSettings()
        appearance.backdrop = "#80808080"
        var scene = Scene(menu: F.menu(appearance: appearance), state: .collapsed)
        #expect(scene.frame(at: 0).backdrop == nil)
        scene.stateChanged(to: .expanded, at: 0)
        #expect(scene.frame(at: 1).backdrop == RGBAColor(hex: "#80808080"))
    }
}

@Suite struct PressTests {
    typealias F = SceneFixtures

    @Test func aHeldButtonShrinksToThePressScaleAndDimsInFiftyMilliseconds() {
        var scene = Scene(menu: F.menu(), state: .collapsed)
        scene.press = Press(target: .button, at: 1)
        #expect(scene.frame(at: 1.025).button.radius < 30 && scene.frame(at: 1.025).button.radius > 28.5)
        let held = scene.frame(at: 1.05)
        #expect(F.near(held.button.radius, 30 * 0.95))
        #expect(F.near(held.button.opacity, 0.9))
        #expect(!scene.frame(at: 2).isAnimating)
    }

    @Test func thePressScaleComposesWithTheFortyFiveDegreeTurn() {
        var scene = Scene(menu: F.menu(), state: .expanded)
        scene.press = Press(target: .button, at: 0)
        let frame = scene.frame(at: 0.5)
        #expect(F.near(frame.button.rotation, Double.pi / 4))
        #expect(F.near(frame.button.radius, 28.5))
    }

    @Test func releasedItSpringsBackToFullSizeInTwoTenthsOfASecond() {
        var scene = Scene(menu: F.menu(), state: .collapsed)
        scene.press = Press(target: .button, at: 0)
        scene.press?.releasedAt = 1
        let midway = scene.frame(at: 1.05)
        #expect(midway.button.radius > 28.5 && midway.button.radius < 30)
        #expect(scene.frame(at: 1.1).isAnimating)
        let back = scene.frame(at: 1.201)
        #expect(back.button.radius == 30 && back.button.opacity == 1)
        #expect(!back.isAnimating)
        #expect(scene.press?.isFinished(at: 1.201) == true)
    }

    @Test func aToggleItemFollowsTheLikeButtonSeedWithoutDimming() {
        var menu = F.menu()
        menu.items[0].toggle = true
        var scene = Scene(menu: menu, state: .expanded)
        scene.press = Press(target: .item("item0"), isToggle: true, at: 0)
        let held = scene.frame(at: 0.2).items[0]
        #expect(F.near(held.radius, 30 * 0.95) && held.opacity == 1)
        scene.press?.releasedAt = 0.2
        // Released, it pops past full size on its spring (velocity 40) before it is removed after 0.3 s.
        let largest = stride(from: 0.2, through: 0.5, by: 0.005).map { scene.frame(at: $0).items[0].radius }.max() ?? 0
        #expect(largest > 31)
        #expect(scene.frame(at: 0.5).items[0].radius == 30)
    }

    @Test func aCustomPressScaleIsHonoured() {
        var appearance = AppearanceSettings()
        appearance.pressScale = 0.8
        var scene = Scene(menu: F.menu(appearance: appearance), state: .collapsed)
        scene.press = Press(target: .button, at: 0)
        #expect(F.near(scene.frame(at: 1).button.radius, 24))
    }
}

@Suite struct SanitizedMenuTests {
    @Test func whatAPeerSaysIsKeptWithinPetaldsLimits() {
        var appearance = AppearanceSettings()
        appearance.buttonSize = -5
        appearance.itemSize = .infinity
        appearance.springDamping = 0
        appearance.pressScale = 7
        appearance.margin = Margin(x: .nan, y: 1e9)
        let menu = SceneMenu(
            items: [SceneItem(id: "a", position: Point(x: .nan, y: -1e300))],
            appearance: appearance, openDuration: -1, closeDuration: .infinity
        ).sanitized()
        #expect(menu.items[0].position == Point(x: 0, y: -10_000))
        #expect(menu.appearance.buttonSize == 1 && menu.appearance.itemSize == 60)
        #expect(menu.appearance.springDamping == 0.01 && menu.appearance.pressScale == 1)
        #expect(menu.appearance.margin == Margin(x: 16, y: 10_000))
        #expect(menu.openDuration == 0 && menu.closeDuration == 0.3)
        // And it can be drawn: the canvas is finite.
        let canvas = Placement.centredCanvas(for: menu)
        #expect(canvas.width > 0 && canvas.height < 100_000)
    }

    @Test func aMenuWithinTheLimitsIsUnchanged() {
        let menu = SceneFixtures.menu(.radial)
        #expect(menu.sanitized() == menu)
    }
}
