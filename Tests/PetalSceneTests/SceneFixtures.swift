import PetalCore

@testable import PetalScene

/// Menus built as petald would describe them, for the scene's tests.
enum SceneFixtures {
    static let colours = ["#ef5285", "#60c5ba", "#a5dff9"]

    static func menu(
        _ style: LayoutStyle = .linear, count: Int = 3, appearance: AppearanceSettings = AppearanceSettings(),
        open: Double = 0.3, close: Double = 0.3
    ) -> SceneMenu {
        let positions = MenuGeometry(style: style).positions(count: count, discs: LayoutDiscs(appearance))
        return SceneMenu(
            items: positions.enumerated().map { index, position in
                SceneItem(
                    id: "item\(index)", title: "Item \(index)", icon: "icon-\(index)",
                    color: colours[index % colours.count], position: position)
            },
            appearance: appearance, openDuration: open, closeDuration: close, style: style)
    }

    static func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance
    }

    static func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance)
    }
}
