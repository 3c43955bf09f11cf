import PetalCore

/// Where the menus of an open chain are drawn on one output: the top-level
/// menu at its placed centre, and each submenu at the centre of the item that
/// opened it (``SubmenuLayout``), moved inwards as a top-level menu is
/// (``Placement/keptOn(_:centre:menu:)``) only when it would not lie on the
/// output; while a submenu is open, its parents' other items fade to
/// ``SubmenuLayout/fadedOpacity`` and stay where they are.
public struct MenuChainPlacement: Equatable, Sendable {
    /// One menu of the chain as the overlay draws it.
    public struct Menu: Equatable, Sendable {
        /// Its items, appearance and durations.
        public var menu: SceneMenu
        /// Its centre button's centre, relative to the output's top-left corner in logical pixels.
        public var centre: Point
        /// The id of its item the next menu was opened from; nil for the last menu.
        public var openedItem: String?
    }

    /// The output the chain is on.
    public let output: OutputGeometry
    /// The chain's relative layout, the top-level menu's centre button at (0, 0).
    private var layout: SubmenuLayout
    /// The top-level menu's centre on the output.
    private let origin: Point
    /// The menus, the top-level one first; never empty.
    public private(set) var menus: [Menu]

    /// A chain of one top-level menu whose centre button is at `centre` on
    /// `output` (``Placement/centre(of:placed:on:pointer:)``).
    public init(_ menu: SceneMenu, centre: Point, on output: OutputGeometry) {
        self.output = output
        origin = centre
        layout = SubmenuLayout(menu.items.map(\.position))
        menus = [Menu(menu: menu, centre: centre, openedItem: nil)]
    }

    /// Opens `submenu` from the item with id `item` of the last menu; false,
    /// changing nothing, when the last menu has no such item.
    @discardableResult
    public mutating func open(_ submenu: SceneMenu, from item: String) -> Bool {
        let last = menus.count - 1
        guard let index = menus[last].menu.items.firstIndex(where: { $0.id == item }) else { return false }
        let (origin, size) = (origin, output.size)
        layout.open(from: index, layout: submenu.items.map(\.position)) { opener in
            let wanted = opener.adding(origin)
            let kept = Placement.keptOn(size, centre: wanted, menu: submenu)
            return Point(x: kept.x - origin.x, y: kept.y - origin.y)
        }
        menus[last].openedItem = item
        menus.append(Menu(menu: submenu, centre: layout.menus[last + 1].centre.adding(origin), openedItem: nil))
        return true
    }

    /// How opaque each item of the menu at `index` is drawn, by item id,
    /// while the next menu has spread `submenuSpread` (0 collapsed, 1
    /// expanded): every item but the one the next menu opened from fades
    /// from 1 to ``SubmenuLayout/fadedOpacity`` as it spreads. Empty for the
    /// last menu, and for an index out of range: nothing fades.
    public func itemOpacity(ofMenu index: Int, submenuSpread: Double = 1) -> [String: Double] {
        guard menus.indices.contains(index), index < menus.count - 1 else { return [:] }
        let spread = submenuSpread.isFinite ? min(max(submenuSpread, 0), 1) : 1
        let faded = 1 - (1 - SubmenuLayout.fadedOpacity) * spread
        var opacity: [String: Double] = [:]
        for (position, item) in menus[index].menu.items.enumerated() where layout.menus[index].isFaded(position) {
            opacity[item.id] = faded
        }
        return opacity
    }
}
