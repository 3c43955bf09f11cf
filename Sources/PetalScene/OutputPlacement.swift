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
    /// `at` wins; else the anchor: a corner of the work area (with the
    /// appearance's margin), its centre, or `pointer` (desktop coordinates;
    /// the work area's centre when nil). The centre is then moved inwards
    /// just enough that every circle of the expanded menu at rest lies on
    /// the work area (``keptOn(_:centre:menu:)``), a ring too large for it
    /// first made smaller (``RingFit``).
    public static func centre(
        of menu: SceneMenu, placed request: PlacementRequest, on output: OutputGeometry, pointer: Point?
    ) -> Point {
        let wanted = wantedCentre(of: menu, placed: request, on: output, pointer: pointer)
        return keptOn(output.workArea, centre: wanted, menu: RingFit.fitted(menu, in: output.workArea.size))
    }

    /// Where the placement asks the centre button's centre to go on
    /// `output`, before anything is moved inwards: `at`, else the anchor (a
    /// corner of its work area with the appearance's margin, the centre, or
    /// `pointer`, in desktop coordinates, the work area's centre when nil).
    public static func wantedCentre(
        of menu: SceneMenu, placed request: PlacementRequest, on output: OutputGeometry, pointer: Point?
    ) -> Point {
        if let at = request.at, at.x.isFinite, at.y.isFinite { return at }
        var appearance = menu.appearance
        appearance.anchor = request.anchor
        let area = output.workArea
        let local = pointer.flatMap { $0.x.isFinite && $0.y.isFinite ? output.local($0) : nil }
        let inArea = local.map { Point(x: $0.x - area.x, y: $0.y - area.y) }
        let centre = buttonCentre(
            in: Size(width: area.width, height: area.height), appearance: appearance, pointer: inArea)
        return Point(x: centre.x + area.x, y: centre.y + area.y)
    }

    /// `centre` moved inwards just enough that every circle of `menu`
    /// expanded at rest — the button, and each item at its position — lies on
    /// `area` (shadows and rings may be clipped).
    ///
    /// On an axis where the menu is larger than the area, its circles are
    /// centred on the area as far as the button stays on it: the button is
    /// what opens and closes the menu.
    public static func keptOn(_ area: Rect, centre: Point, menu: SceneMenu) -> Point {
        let button = Rect(around: .zero, radius: menu.appearance.buttonSize / 2)
        return kept(centre, bounds: restingBounds(of: menu), keeping: [button], in: area)
    }

    /// `wanted` moved just enough that `bounds` (relative to it) lie on
    /// `area`. On an axis where they are larger than the area, they are
    /// centred on it as far as the first of `keeping` (relative to `wanted`,
    /// most wanted first) that is not larger than the area stays on it; the
    /// last is centred on the area when none fits.
    public static func kept(_ wanted: Point, bounds: Rect, keeping: [Rect], in area: Rect) -> Point {
        func kept(
            _ wanted: Double, low: Double, high: Double, keeping: [(low: Double, high: Double)], start: Double,
            extent: Double
        ) -> Double {
            let (least, most) = (start - low, start + extent - high)
            if least <= most { return min(max(wanted, least), most) }
            let centred = start + (extent - low - high) / 2
            for kept in keeping where kept.high - kept.low <= extent {
                return min(max(centred, start - kept.low), start + extent - kept.high)
            }
            let last = keeping.last ?? (low: 0, high: 0)
            return start + (extent - last.low - last.high) / 2
        }
        return Point(
            x: kept(
                wanted.x, low: bounds.minX, high: bounds.maxX, keeping: keeping.map { ($0.minX, $0.maxX) },
                start: area.x, extent: area.width),
            y: kept(
                wanted.y, low: bounds.minY, high: bounds.maxY, keeping: keeping.map { ($0.minY, $0.maxY) },
                start: area.y, extent: area.height))
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
