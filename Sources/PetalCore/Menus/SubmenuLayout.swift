/// Where the menus of an open chain are drawn: a menu, the submenu open from
/// one of its items, the submenu open from one of that one's, and so on
/// (docs/dbus-api.md: a submenu "opens from that item of that menu").
///
/// Each menu lays its items out around its own centre, as its `Layout` gives
/// them. The first menu's centre is its centre button, at (0, 0); a
/// submenu's centre is the centre of the item that opened it, so that its
/// items spread from that item. While a submenu is open, every item of the
/// menus before it is faded to ``fadedOpacity`` but the items the chain
/// opened from.
public struct SubmenuLayout: Equatable, Sendable {
    /// One menu of the chain.
    public struct Menu: Equatable, Sendable {
        /// Its centre, relative to the first menu's centre button.
        public var centre: Point
        /// Its items' centres relative to its own centre, in item order: its `Layout`.
        public var layout: [Point]
        /// The index of its item that opened the next menu; nil for the last menu.
        public var openedItem: Int?

        /// Its items' centres relative to the first menu's centre button.
        public var placed: [Point] {
            layout.map { Point(x: centre.x + $0.x, y: centre.y + $0.y) }
        }

        /// Whether the item at `index` is faded: while a submenu is open from
        /// this menu, every item but the one it opened from is.
        public func isFaded(_ index: Int) -> Bool {
            openedItem.map { $0 != index } ?? false
        }
    }

    /// How opaque the items of an open submenu's parents are drawn, but the
    /// items that opened the chain; the same as a disabled item's.
    public static let fadedOpacity = 0.4

    /// The menus, the first one first; never empty.
    public private(set) var menus: [Menu]

    /// A chain of one menu, whose items sit at `layout` around its centre button.
    public init(_ layout: [Point]) {
        menus = [Menu(centre: Point(x: 0, y: 0), layout: layout, openedItem: nil)]
    }

    /// Opens a submenu, whose items sit at `layout` around its own centre,
    /// from the item at `item` of the last menu.
    ///
    /// - Parameter moved: where the submenu's centre goes, given that item's
    ///   centre: a client that keeps every menu on its screen moves it there;
    ///   unmoved by default.
    /// - Precondition: `item` is an index of the last menu's items.
    public mutating func open(from item: Int, layout: [Point], moved: (Point) -> Point = { $0 }) {
        let last = menus.count - 1
        precondition(
            menus[last].layout.indices.contains(item), "no item \(item) in a menu of \(menus[last].layout.count)")
        menus[last].openedItem = item
        menus.append(Menu(centre: moved(menus[last].placed[item]), layout: layout, openedItem: nil))
    }

    /// Every item's centre in every menu, relative to the first menu's centre button.
    public var allPlaced: [Point] { menus.flatMap(\.placed) }
}
