import PetalCore

/// Where the menus of an open chain are drawn on one output
/// (docs/overlay.md, "A chain that never covers itself").
///
/// The top-level menu goes where its placement asks, its row or column
/// wrapped on the output's work area, its ring made smaller when it is
/// larger than the work area (``RingFit``). Each submenu's centre sits on
/// the item that opened it, and its items fan away from its parent, clear
/// of every circle of the chain before it (``ChainFan``). When any circle of
/// the chain would leave the work area, the whole chain moves inwards
/// together — the parent too, never a submenu alone — so no menu of the
/// chain covers another; a chain larger than the work area keeps its
/// innermost menu wholly on it.
/// While a submenu is open, its parents' other items fade to
/// ``SubmenuLayout/fadedOpacity`` and stay where they are.
public struct MenuChainPlacement: Equatable, Sendable {
    /// One menu of the chain as the overlay draws it.
    public struct Menu: Equatable, Sendable {
        /// Its items, appearance and durations; each item at the position it
        /// is drawn at, relative to the centre: wrapped, and for a submenu
        /// fanned, its centre button no larger than the item it sits on.
        public var menu: SceneMenu
        /// Its centre button's centre, relative to the output's top-left corner in logical pixels.
        public var centre: Point
        /// The id of its item the next menu was opened from; nil for the last menu.
        public var openedItem: String?
    }

    /// The output the chain is on.
    public let output: OutputGeometry
    /// Where the top-level menu's centre button was asked to go.
    private let wanted: Point
    /// Each menu's centre relative to the top-level menu's.
    private var offsets: [Point]
    /// The menus, the top-level one first; never empty.
    public private(set) var menus: [Menu]

    /// A chain of one top-level menu whose centre button is asked to go to
    /// `centre` on `output` (``Placement/wantedCentre(of:placed:on:pointer:)``,
    /// or ``Placement/centre(of:placed:on:pointer:)``): its row wrapped on
    /// the output's work area, with room for its labels between the rows
    /// when `labelSize` tells their sizes (``SceneMenu/wrapped(on:centre:labelSize:)``),
    /// its ring fitted to the work area (``RingFit``), and moved inwards just
    /// enough that all of it lies there.
    public init(
        _ menu: SceneMenu, centre: Point, on output: OutputGeometry, labelSize: ((SceneItem) -> Size)? = nil
    ) {
        self.output = output
        wanted = centre
        offsets = [.zero]
        let area = output.workArea
        let wrapped = menu.wrapped(
            on: area.size, centre: Point(x: centre.x - area.x, y: centre.y - area.y), labelSize: labelSize)
        menus = [Menu(menu: RingFit.fitted(wrapped, in: area.size), centre: centre, openedItem: nil)]
        keepOnOutput()
    }

    /// A chain of one top-level menu placed as `request` says on `output`;
    /// `pointer` (desktop coordinates) for the `pointer` anchor.
    public init(
        _ menu: SceneMenu, placed request: PlacementRequest, on output: OutputGeometry, pointer: Point?,
        labelSize: ((SceneItem) -> Size)? = nil
    ) {
        self.init(
            menu, centre: Placement.wantedCentre(of: menu, placed: request, on: output, pointer: pointer), on: output,
            labelSize: labelSize)
    }

    /// Opens `submenu` from the item with id `item` of the last menu; false,
    /// changing nothing, when the last menu has no such item. The whole
    /// chain may move, the menus already open with it.
    ///
    /// The submenu is centred on its item, or at `centre` (relative to the
    /// output's top-left corner) when given: where a pie stroke paused or
    /// turned, so that the stroke goes on in it. Its items fan away from
    /// its parent either way. Its rows have room for its labels between
    /// them when `labelSize` tells their sizes; its ring is fitted to the
    /// work area (``RingFit``).
    @discardableResult
    public mutating func open(
        _ submenu: SceneMenu, from item: String, centre requested: Point? = nil,
        labelSize: ((SceneItem) -> Size)? = nil
    ) -> Bool {
        let last = menus.count - 1
        guard let itemPosition = menus[last].menu.items.first(where: { $0.id == item })?.position else { return false }
        // The submenu's centre relative to its parent's.
        let opener =
            requested.map { Point(x: $0.x - menus[last].centre.x, y: $0.y - menus[last].centre.y) } ?? itemPosition
        guard opener.x.isFinite, opener.y.isFinite else { return false }
        let offset = offsets[last].adding(opener)
        let back = Point(x: -offset.x, y: -offset.y)
        // Every circle of the chain so far, relative to the new submenu's centre.
        let taken = zip(menus, offsets).flatMap { placed, at in placed.menu.circles(at: at.adding(back)) }
        let centre = menus[last].centre.adding(opener)
        let area = output.workArea
        var menu = submenu.wrapped(
            on: area.size, centre: Point(x: centre.x - area.x, y: centre.y - area.y), labelSize: labelSize)
        // Drawn on the item that opened it, its button covers no more than that item did.
        menu.appearance.buttonSize = min(menu.appearance.buttonSize, menus[last].menu.appearance.itemSize)
        menu = RingFit.fitted(menu, in: area.size)
        let roomward = Point(x: area.x + area.width / 2 - centre.x, y: area.y + area.height / 2 - centre.y)
        let places = ChainFan.fanned(
            menu.items.map(\.position), style: menu.style, itemRadius: menu.appearance.itemSize / 2,
            awayFrom: Point(x: -opener.x, y: -opener.y), clearing: taken, roomward: roomward)
        for (index, place) in places.enumerated() { menu.items[index].position = place }
        menus[last].openedItem = item
        offsets.append(offset)
        menus.append(Menu(menu: menu, centre: centre, openedItem: nil))
        keepOnOutput()
        return true
    }

    /// Every circle of the menu at `index` expanded at rest on the output:
    /// its centre button first, then its items; empty for an index out of range.
    public func circles(ofMenu index: Int) -> [Circle] {
        menus.indices.contains(index) ? menus[index].menu.circles(at: menus[index].centre) : []
    }

    /// Every circle of the chain expanded at rest on the output, menu by menu.
    public var circles: [Circle] { menus.indices.flatMap(circles(ofMenu:)) }

    /// How opaque each item of the menu at `index` is drawn, by item id,
    /// while the next menu has spread `submenuSpread` (0 collapsed, 1
    /// expanded): every item but the one the next menu opened from fades
    /// from 1 to ``SubmenuLayout/fadedOpacity`` as it spreads. Empty for the
    /// last menu, and for an index out of range: nothing fades.
    public func itemOpacity(ofMenu index: Int, submenuSpread: Double = 1) -> [String: Double] {
        guard menus.indices.contains(index), let opened = menus[index].openedItem else { return [:] }
        let spread = submenuSpread.isFinite ? min(max(submenuSpread, 0), 1) : 1
        let faded = 1 - (1 - SubmenuLayout.fadedOpacity) * spread
        var opacity: [String: Double] = [:]
        for item in menus[index].menu.items where item.id != opened { opacity[item.id] = faded }
        return opacity
    }

    /// Moves the whole chain, from where the top-level menu was asked to go,
    /// just far enough that every circle lies on the output's work area. A
    /// chain larger than it is centred on it as far as the innermost menu
    /// (what the pointer is in) stays wholly on it; when even that menu is
    /// larger, as far as its button (what closes it) stays on it.
    private mutating func keepOnOutput() {
        let relative = zip(menus, offsets).flatMap { placed, at in placed.menu.circles(at: at) }
        let innermost = menus[menus.count - 1].menu.circles(at: offsets[offsets.count - 1])
        let top = Placement.kept(
            wanted, bounds: Self.bounds(of: relative), keeping: [Self.bounds(of: innermost), innermost[0].bounds],
            in: output.workArea)
        for index in menus.indices { menus[index].centre = top.adding(offsets[index]) }
    }

    /// The rectangle around `circles` (never empty: a menu's button comes first).
    private static func bounds(of circles: [Circle]) -> Rect {
        circles.dropFirst().reduce(circles[0].bounds) { $0.union($1.bounds) }
    }
}
