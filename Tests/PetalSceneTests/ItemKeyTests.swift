import PetalCore
import Testing

@testable import PetalScene

/// Items' own keys, Backspace and Escape (docs/overlay.md, "Clicks and keys").
@Suite struct ItemKeyTests {
    typealias F = SceneFixtures

    /// The fixture menu with `keys` given to its items in order ("" for none).
    static func scene(keys: [String], state: MenuState = .expanded) -> Scene {
        var menu = F.menu(count: keys.count)
        for (index, key) in keys.enumerated() { menu.items[index].key = key }
        return Scene(menu: menu, state: state)
    }

    @Test func anItemsKeyActivatesIt() {
        let scene = Self.scene(keys: ["a", "m", ""])
        let input = Interaction()
        #expect(input.keyPressed(.character("m"), in: scene) == [.activate("item1")])
        #expect(input.keyPressed(.character("a"), in: scene) == [.activate("item0")])
        #expect(input.keyPressed(.character("z"), in: scene) == [])
    }

    @Test func anExactMatchWinsThenALetterMatchesInTheOtherCase() {
        let both = Self.scene(keys: ["s", "S", "é"])
        let input = Interaction()
        #expect(input.keyPressed(.character("s"), in: both) == [.activate("item0")])
        #expect(input.keyPressed(.character("S"), in: both) == [.activate("item1")])
        #expect(input.keyPressed(.character("É"), in: both) == [.activate("item2")])
        let lower = Self.scene(keys: ["m", "", ""])
        #expect(input.keyPressed(.character("M"), in: lower) == [.activate("item0")])
        let upper = Self.scene(keys: ["M", "", ""])
        #expect(input.keyPressed(.character("m"), in: upper) == [.activate("item0")])
    }

    @Test func aCharacterThatIsNoLetterMatchesOnlyItself() {
        let scene = Self.scene(keys: ["+", "ß", "0"])
        let input = Interaction()
        #expect(input.keyPressed(.character("+"), in: scene) == [.activate("item0")])
        #expect(input.keyPressed(.character("="), in: scene) == [])
        #expect(input.keyPressed(.character("0"), in: scene) == [.activate("item2")])
    }

    @Test func aDisabledItemsKeyDoesNothing() {
        var scene = Self.scene(keys: ["s", "S", ""])
        scene.menu.items[0].enabled = false
        let input = Interaction()
        // Not even the other case's item: the key typed is the disabled item's.
        #expect(input.keyPressed(.character("s"), in: scene) == [])
        #expect(input.keyPressed(.character("S"), in: scene) == [.activate("item1")])
    }

    @Test func anItemsDigitKeyWinsOverThePosition() {
        let scene = Self.scene(keys: ["", "", "1"])
        let input = Interaction()
        #expect(input.keyPressed(.digit(1), in: scene) == [.activate("item2")])
        #expect(input.keyPressed(.digit(2), in: scene) == [.activate("item1")])
        var disabled = scene
        disabled.menu.items[2].enabled = false
        #expect(input.keyPressed(.digit(1), in: disabled) == [])
    }

    @Test func itemKeysActOnlyOnceTheMenuIsExpanded() {
        let input = Interaction()
        for state in [MenuState.collapsed, .expanding, .collapsing] {
            #expect(input.keyPressed(.character("m"), in: Self.scene(keys: ["m"], state: state)) == [])
        }
    }

    @Test func backspaceGoesBackAndEscapeClosesInAnyState() {
        let input = Interaction()
        for state in [MenuState.expanding, .expanded] {
            let scene = Self.scene(keys: ["m"], state: state)
            #expect(input.keyPressed(.backspace, in: scene) == [.back])
            #expect(input.keyPressed(.escape, in: scene) == [.close])
        }
    }

    @Test func aMenuFromAConfigurationKeepsItsItemsKeys() throws {
        let json = """
            {"items": [
              {"id": "a", "title": "A", "action": "x.y", "key": "m"},
              {"id": "b", "title": "B", "action": "x.y"}]}
            """
        let configuration = try #require(ConfigurationDecoder.decode(json).configuration)
        let menu = SceneMenu(configuration: configuration)
        #expect(menu.items.map(\.key) == ["m", ""])
    }
}

/// `gtk-enable-animations` false: each state is drawn at its end at once.
@Suite struct ReducedMotionTests {
    typealias F = SceneFixtures

    @Test func expandingIsDrawnExpandedAtOnceAndNothingMoves() {
        var scene = Scene(menu: F.menu(.linear, open: 0.3), state: .collapsed, at: 0)
        scene.reducedMotion = true
        scene.stateChanged(to: .expanding, at: 10)
        let first = scene.frame(at: 10)
        let expanded = Scene(menu: F.menu(.linear, open: 0.3), state: .expanded).frame(at: 0)
        #expect(scene.spread(at: 10) == 1)
        #expect(first.items.map(\.centre) == expanded.items.map(\.centre))
        #expect(first.items.allSatisfy { $0.opacity == 1 })
        #expect(first.button == expanded.button)
        #expect(!first.isAnimating)
        // The state is still petald's: items take clicks only once it says expanded.
        #expect(scene.state == .expanding && !first.items[0].interactive)
        scene.stateChanged(to: .expanded, at: 10.3)
        #expect(scene.frame(at: 10.3).items[0].interactive)
    }

    @Test func collapsingIsDrawnCollapsedAtOnce() {
        var scene = Scene(menu: F.menu(.stack, close: 0.2), state: .expanded, at: 0)
        scene.reducedMotion = true
        scene.stateChanged(to: .collapsing, at: 5)
        let first = scene.frame(at: 5)
        #expect(scene.spread(at: 5) == 0)
        #expect(first.items.allSatisfy { $0.opacity == 0 && $0.centre == .zero })
        #expect(first.button.rotation == 0)
        #expect(!first.isAnimating)
    }

    @Test func anOvershootingSpringDoesNotOvershoot() {
        var appearance = AppearanceSettings()
        appearance.springDamping = 0.3
        var scene = Scene(menu: F.menu(.linear, appearance: appearance), state: .collapsed, at: 0)
        scene.reducedMotion = true
        scene.stateChanged(to: .expanding, at: 0)
        for time in stride(from: 0.0, through: 0.3, by: 0.01) {
            #expect(scene.frame(at: time).items[2].centre == Point(x: 240, y: 0))
        }
    }

    @Test func aPressDoesNotMove() {
        var scene = Scene(menu: F.menu(), state: .collapsed)
        scene.reducedMotion = true
        var input = Interaction()
        input.pointerPressed(on: .button, in: &scene, at: 1)
        #expect(scene.press == nil)
        #expect(input.pointerReleased(over: .button, in: &scene, at: 1.1) == [.toggle])
        // A press already under way when the setting changes stops moving too.
        scene.press = Press(target: .button, at: 2)
        #expect(scene.frame(at: 2.05).button.radius == 30)
        #expect(!scene.isAnimating(at: 2.01))
        scene.stateChanged(to: .expanded, at: 3)
        input.pointerPressed(on: .item("item0"), in: &scene, at: 3)
        #expect(scene.press?.target != .item("item0"))
        #expect(input.pointerReleased(over: .item("item0"), in: &scene, at: 3.1) == [.activate("item0")])
    }
}
