import PetalCore

/// What a pointer aims at in a radial menu.
public enum PieAim: Equatable, Sendable {
    /// The dead zone around the centre: the centre button.
    case centre
    /// The enabled item in the pointer's direction, by id.
    case item(String)
    /// Nothing: the item in the pointer's direction is disabled, or the menu has no items.
    case nothing
}

/// One open menu of a chain as the gesture recognizer sees it: where its
/// centre is on the output and which way each of its items lies.
public struct GestureLevel: Equatable, Sendable {
    /// One item: its direction and what choosing it does.
    public struct Item: Equatable, Sendable {
        public var id: String
        /// Its direction from the centre, in degrees counter-clockwise from +x (``PieDirection``).
        public var angle: Double
        public var enabled: Bool
        /// Whether activating it opens a submenu rather than running an action.
        public var opensSubmenu: Bool

        /// Creates an item.
        public init(id: String, angle: Double, enabled: Bool = true, opensSubmenu: Bool = false) {
            self.id = id
            self.angle = angle
            self.enabled = enabled
            self.opensSubmenu = opensSubmenu
        }
    }

    /// The menu's centre, in the output's logical pixels.
    public var centre: Point
    /// Its items, in menu order.
    public var items: [Item]
    /// The dead zone's radius around the centre.
    public var deadZone: Double

    /// Creates a level.
    public init(centre: Point, items: [Item], deadZone: Double) {
        self.centre = centre
        self.items = items
        self.deadZone = deadZone
    }

    /// The level of `menu` drawn with its centre at `centre`: each item's
    /// direction is that of its position in the layout, and those in
    /// `submenus` open submenus.
    public init(menu: SceneMenu, centre: Point, submenus: Set<String> = [], settings: GestureSettings) {
        self.centre = centre
        items = menu.items.map { item in
            Item(
                id: item.id, angle: PieDirection.angle(from: .zero, to: item.position) ?? 0, enabled: item.enabled,
                opensSubmenu: submenus.contains(item.id))
        }
        deadZone = settings.deadZone(buttonSize: menu.appearance.buttonSize)
    }

    /// The item with `id`, if any.
    public func item(_ id: String) -> Item? {
        items.first { $0.id == id }
    }

    /// What the pointer at `point` aims at, its direction taken from
    /// `origin` (the centre unless a stroke carries another): the centre
    /// within the dead zone (its edge included), else the item whose angle
    /// is nearest the pointer's direction, however far away the pointer is.
    /// A disabled item keeps its directions but is never aimed at, so that
    /// a stroke made for it chooses nothing rather than its neighbour.
    public func aim(at point: Point, from origin: Point? = nil) -> PieAim {
        let origin = origin ?? centre
        let distance = point.distance(to: origin)
        guard distance.isFinite else { return .nothing }
        guard distance > deadZone, let direction = PieDirection.angle(from: origin, to: point) else { return .centre }
        guard let index = PieDirection.nearest(to: direction, among: items.map(\.angle)), items[index].enabled else {
            return .nothing
        }
        return .item(items[index].id)
    }
}
