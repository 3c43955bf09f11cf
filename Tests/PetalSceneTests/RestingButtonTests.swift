import PetalCore
import Testing

@testable import PetalScene

/// `appearance.restingButton` (docs/configuration.md): with false, a collapsed
/// menu draws nothing and takes no input; from `expanding` on it is drawn as usual.
@Suite struct RestingButtonTests {
    typealias F = SceneFixtures

    static let surface = Size(width: 400, height: 400)
    static let origin = Point(x: 200, y: 200)

    static func menu(resting: Bool) -> SceneMenu {
        var appearance = AppearanceSettings()
        appearance.restingButton = resting
        appearance.backdrop = "#00000080"
        return F.menu(appearance: appearance)
    }

    @Test func aCollapsedMenuWithoutARestingButtonDrawsAndTakesNothing() {
        let menu = Self.menu(resting: false)
        let scene = Scene(menu: menu, state: .collapsed)
        #expect(scene.isHidden)
        let frame = scene.frame(at: 0)
        #expect(frame.drawList(menu: menu, origin: Self.origin).isEmpty)
        #expect(frame.target(at: .zero) == nil)
        #expect(scene.inputCircles.isEmpty)
        #expect(scene.inputRegion(origin: Self.origin, surface: Self.surface).isEmpty)
    }

    @Test func theDefaultRestingButtonIsDrawnAndTakesClicksWhileCollapsed() {
        let menu = Self.menu(resting: true)
        let scene = Scene(menu: menu, state: .collapsed)
        #expect(!scene.isHidden)
        let frame = scene.frame(at: 0)
        #expect(frame.target(at: .zero) == .button)
        #expect(frame.drawList(menu: menu, origin: Self.origin).contains { if case .disc = $0 { true } else { false } })
        #expect(!scene.inputRegion(origin: Self.origin, surface: Self.surface).isEmpty)
    }

    @Test func fromExpandingOnTheMenuIsDrawnAsUsual() {
        let hidden = Self.menu(resting: false)
        let shown = Self.menu(resting: true)
        for state in [MenuState.expanding, .expanded, .collapsing] {
            var scene = Scene(menu: hidden, state: state, at: 0)
            #expect(!scene.isHidden)
            #expect(
                scene.inputRegion(origin: Self.origin, surface: Self.surface) == [
                    PixelRect(x: 0, y: 0, width: 400, height: 400)
                ])
            guard state != .collapsing else { continue }
            scene.reducedMotion = true
            var usual = Scene(menu: shown, state: state, at: 0)
            usual.reducedMotion = true
            // With the motion at its end, the two menus are drawn alike.
            #expect(
                scene.frame(at: 1).drawList(menu: hidden, origin: Self.origin)
                    == usual.frame(at: 1).drawList(menu: shown, origin: Self.origin))
        }
        let open = Scene(menu: hidden, state: .expanded, at: 0).frame(at: 10)
        #expect(open.button.opacity == 1 && open.button.interactive)
        #expect(open.target(at: .zero) == .button)
    }

    @Test func theButtonFadesWithTheItemsInsteadOfPopping() {
        let scene = Scene(menu: Self.menu(resting: false), state: .expanding, at: 0)
        #expect(scene.frame(at: 0).button.opacity == 0)
        let later = scene.frame(at: 0.05)
        #expect(later.button.opacity > 0 && later.button.opacity < 1)
        #expect(later.button.opacity == min(max(scene.spread(at: 0.05), 0), 1))
    }
}
