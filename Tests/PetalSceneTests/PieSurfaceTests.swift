import PetalCore
import Testing

@testable import PetalScene

/// A pie menu takes the pointer over its whole surface while it is open,
/// and gives it back as it closes; other menus take only their circles.
@Suite struct PieSurfaceTests {
    typealias F = SceneFixtures

    static let surface = Size(width: 1920, height: 1080)
    static let whole = [PixelRect(x: 0, y: 0, width: 1920, height: 1080)]
    static let origin = Point(x: 960, y: 540)

    static func menu(_ style: LayoutStyle, interaction: InteractionMode? = nil) -> SceneMenu {
        var appearance = AppearanceSettings()
        appearance.interaction = interaction
        appearance.backdrop = ""
        return F.menu(style, appearance: appearance)
    }

    @Test(arguments: [MenuState.expanding, .expanded, .collapsing])
    func anOpenPieMenuTakesTheWholeSurface(_ state: MenuState) {
        for interaction in [nil, InteractionMode.pie, .hover] {
            let scene = Scene(menu: Self.menu(.radial, interaction: interaction), state: state)
            #expect(scene.takesPointerEverywhere)
            #expect(
                scene.inputRegion(origin: Self.origin, surface: Self.surface) == Self.whole,
                "\(String(describing: interaction))")
        }
    }

    @Test func aCollapsedPieMenuGivesThePointerBack() {
        let scene = Scene(menu: Self.menu(.radial), state: .collapsed)
        #expect(!scene.takesPointerEverywhere)
        let region = scene.inputRegion(origin: Self.origin, surface: Self.surface)
        #expect(!region.isEmpty)
        #expect(region.allSatisfy { $0.width <= 60 && $0.height <= 60 }, "only the button's rows: \(region)")
    }

    @Test(arguments: [LayoutStyle.linear, .stack, .list])
    func otherLayoutsTakeOnlyTheirCircles(_ style: LayoutStyle) {
        let scene = Scene(menu: Self.menu(style), state: .expanded)
        #expect(!scene.menu.takesPieGestures)
        #expect(scene.inputRegion(origin: Self.origin, surface: Self.surface) != Self.whole)
    }

    @Test func aRadialMenuPickedByPointingTakesOnlyItsCircles() {
        let scene = Scene(menu: Self.menu(.radial, interaction: .point), state: .expanded)
        #expect(!scene.takesPointerEverywhere)
        let region = scene.inputRegion(origin: Self.origin, surface: Self.surface)
        #expect(!region.isEmpty && region != Self.whole)
    }
}
