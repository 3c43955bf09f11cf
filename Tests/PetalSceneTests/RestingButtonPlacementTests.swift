import PetalCore
import Testing

@testable import PetalScene

/// `main`'s resting button steps aside for an open menu that comes near it,
/// and returns to its anchor after a show at the pointer or at a point
/// (docs/overlay.md, "Several menus").
@Suite struct RestingButtonPlacementTests {
    static let button = Circle(centre: Point(x: 1234, y: 658), radius: 30)

    @Test func anOpenCircleWithinEightPixelsHidesTheRestingButton() {
        let near = Circle(centre: Point(x: 1234 - 30 - 8 - 30, y: 658), radius: 30)
        #expect(RestingButton.stepsAside(Self.button, for: [near]), "8 pixels apart is within 8")
        let far = Circle(centre: Point(x: 1234 - 30 - 8.5 - 30, y: 658), radius: 30)
        #expect(!RestingButton.stepsAside(Self.button, for: [far]))
        let over = Circle(centre: Point(x: 1234, y: 658), radius: 20)
        #expect(RestingButton.stepsAside(Self.button, for: [far, over]), "any circle of them")
        #expect(!RestingButton.stepsAside(Self.button, for: []))
    }

    @Test func aContextMenuOpenedOverTheRestingButtonHidesIt() {
        let output = OutputGeometry(name: "eDP-1", frame: Rect(x: 0, y: 0, width: 1280, height: 720))
        let main = Placement.centre(
            of: SceneFixtures.menu(.radial), placed: PlacementRequest(anchor: .bottomRight), on: output, pointer: nil)
        let resting = Circle(centre: main, radius: 30)
        // A context menu at the pointer, right by the corner: its items reach over the "+".
        let context = MenuChainPlacement(
            SceneFixtures.menu(.radial), placed: PlacementRequest(anchor: .pointer), on: output,
            pointer: Point(x: 1270, y: 710))
        #expect(RestingButton.stepsAside(resting, for: context.circles))
        let elsewhere = MenuChainPlacement(
            SceneFixtures.menu(.radial), placed: PlacementRequest(anchor: .pointer), on: output,
            pointer: Point(x: 300, y: 300))
        #expect(!RestingButton.stepsAside(resting, for: elsewhere.circles))
    }

    @Test(arguments: [
        PlacementRequest(anchor: .pointer), PlacementRequest(anchor: .bottomRight, at: Point(x: 40, y: 50)),
        PlacementRequest(anchor: .pointer, output: "DP-2"),
    ])
    func afterAShowAtThePointerOrAPointMainRestsAtItsAnchorOnceClosed(_ shown: PlacementRequest) {
        for state in [MenuState.expanding, .expanded, .collapsing] {
            #expect(
                RestingButton.placement(shown, configured: .topLeft, state: state) == shown, "\(state): where shown")
        }
        #expect(
            RestingButton.placement(shown, configured: .topLeft, state: .collapsed)
                == PlacementRequest(anchor: .topLeft, output: shown.output))
    }

    @Test func anAnchorShowGaveIsKeptAndTheConfiguredOneIsAsItIs() {
        let corner = PlacementRequest(anchor: .topRight, output: "DP-2")
        #expect(RestingButton.placement(corner, configured: .bottomRight, state: .collapsed) == corner)
        let configured = PlacementRequest(anchor: .bottomRight)
        #expect(RestingButton.placement(configured, configured: .bottomRight, state: .collapsed) == configured)
    }
}
