import PetalCore

/// Where petald says a top-level menu goes (its `Placement` property,
/// docs/dbus-api.md), as plain values: a client reads the property into it.
public struct PlacementRequest: Equatable, Sendable {
    /// The anchor: the menu's configured one, or the one `Show` gave.
    public var anchor: Anchor
    /// Where the centre button's centre goes, relative to the output's
    /// top-left corner in its logical pixels; wins over ``anchor``.
    public var at: Point?
    /// The output named, if any.
    public var output: String?

    /// A placement.
    public init(anchor: Anchor, at: Point? = nil, output: String? = nil) {
        self.anchor = anchor
        self.at = at
        self.output = output
    }
}

extension Placement {
    /// The centre button's centre for `menu` on `output`, relative to the
    /// output's top-left corner in logical pixels.
    ///
    /// `at` wins; else the anchor: a corner (with the appearance's margin),
    /// the centre, or `pointer` (desktop coordinates; the output's centre
    /// when nil). The centre is then moved inwards just enough that every
    /// circle of the expanded menu at rest lies on the output (``keptOn(_:centre:menu:)``).
    public static func centre(
        of menu: SceneMenu, placed request: PlacementRequest, on output: OutputGeometry, pointer: Point?
    ) -> Point {
        keptOn(output.size, centre: wantedCentre(of: menu, placed: request, on: output, pointer: pointer), menu: menu)
    }

    /// Where the placement asks the centre button's centre to go on
    /// `output`, before anything is moved inwards: `at`, else the anchor (a
    /// corner with the appearance's margin, the centre, or `pointer`, in
    /// desktop coordinates, the output's centre when nil).
    public static func wantedCentre(
        of menu: SceneMenu, placed request: PlacementRequest, on output: OutputGeometry, pointer: Point?
    ) -> Point {
        if let at = request.at, at.x.isFinite, at.y.isFinite { return at }
        var appearance = menu.appearance
        appearance.anchor = request.anchor
        let local = pointer.flatMap { $0.x.isFinite && $0.y.isFinite ? output.local($0) : nil }
        return buttonCentre(in: output.size, appearance: appearance, pointer: local)
    }

    /// `centre` moved inwards just enough that every circle of `menu`
    /// expanded at rest — the button, and each item at its position — lies on
    /// an area of `size` (shadows and rings may be clipped).
    ///
    /// On an axis where the menu is larger than the area, its circles are
    /// centred on the area as far as the button stays on it: the button is
    /// what opens and closes the menu.
    public static func keptOn(_ size: Size, centre: Point, menu: SceneMenu) -> Point {
        let button = Circle(centre: .zero, radius: menu.appearance.buttonSize / 2)
        return kept(centre, bounds: restingBounds(of: menu), button: button, in: size)
    }

    /// `wanted` moved just enough that `bounds` (relative to it) lie on an
    /// area of `size`. On an axis where they are larger than the area, they
    /// are centred on it as far as `button` (relative to `wanted`, the
    /// button that opens or closes what is drawn) stays on it.
    public static func kept(_ wanted: Point, bounds: Rect, button: Circle, in size: Size) -> Point {
        let radius = button.radius
        func kept(_ wanted: Double, low: Double, high: Double, button: Double, extent: Double) -> Double {
            let (least, most) = (-low, extent - high)
            if least <= most { return min(max(wanted, least), most) }
            let centred = (extent - low - high) / 2
            guard radius * 2 <= extent else { return extent / 2 - button }
            return min(max(centred, radius - button), extent - radius - button)
        }
        return Point(
            x: kept(wanted.x, low: bounds.minX, high: bounds.maxX, button: button.centre.x, extent: size.width),
            y: kept(wanted.y, low: bounds.minY, high: bounds.maxY, button: button.centre.y, extent: size.height))
    }

    /// The squares around every circle of `menu` expanded at rest, relative
    /// to the centre button: the button, and each item at its position.
    public static func restingBounds(of menu: SceneMenu) -> Rect {
        let itemRadius = menu.appearance.itemSize / 2
        return menu.items.reduce(Rect(around: .zero, radius: menu.appearance.buttonSize / 2)) { bounds, item in
            bounds.union(Rect(around: item.position, radius: itemRadius))
        }
    }
}

extension Placement {
    /// Whether a centre button at `first` of `firstRadius` and one at
    /// `second` of `secondRadius` (same coordinates) overlap: then the one
    /// resting below is not drawn.
    public static func buttonsOverlap(
        _ first: Point, radius firstRadius: Double, _ second: Point, radius secondRadius: Double
    ) -> Bool {
        let (dx, dy) = (first.x - second.x, first.y - second.y)
        let reach = firstRadius + secondRadius
        return dx * dx + dy * dy < reach * reach
    }
}
