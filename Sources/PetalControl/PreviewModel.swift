import PetalCore

/// What a preview draws: a menu's items at their places, in one state; for a
/// submenu, the chain of menus that leads to it, each submenu spread from the
/// item that opened it (``SubmenuLayout``).
struct PreviewModel: Equatable, Sendable {
    struct Item: Equatable, Sendable {
        var id, title, icon, color: String
        var enabled, selected, toggle: Bool
        /// The item's centre relative to its menu's centre button (docs/dbus-api.md's `Layout`).
        var position: Point
    }

    /// One menu of the drawing, with its own layout and appearance.
    struct Menu: Equatable, Sendable {
        var name: String
        var style: LayoutStyle
        /// `menu.openDuration` (the menu's own), for `--animate`.
        var openSeconds: Double
        var items: [Item]
        /// Sizes and colours (docs/configuration.md `appearance`): the menu's
        /// `Appearance` from petald, or the file's sections merged for it.
        var appearance = AppearanceSettings()

        /// The centre button's radius: half its `buttonSize`.
        var buttonRadius: Double { appearance.buttonSize / 2 }
        /// Each item's radius: half its `itemSize`.
        var itemRadius: Double { appearance.itemSize / 2 }
    }

    var state: PreviewState
    var animate: Bool
    /// The menus, the top-level one first and the previewed one last; never empty.
    private(set) var menus: [Menu]
    /// Where each menu's centre is, and which items are faded.
    private(set) var layout: SubmenuLayout

    /// A drawing of `menu` alone.
    init(state: PreviewState, animate: Bool, menu: Menu) {
        self.state = state
        self.animate = animate
        menus = [menu]
        layout = SubmenuLayout(menu.items.map(\.position))
    }

    /// Adds `menu`, open as a submenu from the item at `item` of the last menu.
    ///
    /// - Precondition: `item` is an index of the last menu's items.
    mutating func open(_ menu: Menu, from item: Int) {
        layout.open(from: item, layout: menu.items.map(\.position))
        menus.append(menu)
    }

    /// The previewed menu: the last of the chain.
    var previewed: Menu { menus[menus.count - 1] }
}
