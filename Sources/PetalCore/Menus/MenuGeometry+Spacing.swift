/// The sizes of the circles a layout keeps apart: the centre button's and
/// every item's, in pixels (`appearance.buttonSize` and `itemSize`).
public struct LayoutDiscs: Equatable, Sendable {
    /// The centre button's diameter.
    public var button: Double
    /// Each item's diameter.
    public var item: Double

    /// Discs of these diameters; the defaults are `appearance`'s, 60 each.
    public init(button: Double = 60, item: Double = 60) {
        self.button = button
        self.item = item
    }

    /// The discs `appearance` draws.
    public init(_ appearance: AppearanceSettings) {
        self.init(button: appearance.buttonSize, item: appearance.itemSize)
    }

    /// How far an item's centre must be from the centre button's so that the two do not overlap.
    public var buttonClearance: Double { (button + item) / 2 }
}

/// The layouts with no two circles overlapping (docs/configuration.md,
/// "No overlap"): the configured formula, changed only where it would put
/// two circles of the menu over each other.
///
/// - `radial`: when `angleInterval`·n exceeds 360°, the items spread evenly
///   over 360°; an interval under 360°/64 is taken as 360°/64 (0° would
///   need an endless radius); then the radius grows until neighbours are
///   `itemSize` + ``radialGap`` apart and the items that far from the button.
/// - `linear` and `stack`: the spacing is at least `itemSize`, and the first
///   item at least (buttonSize + itemSize)/2 from the centre; given the room
///   of an output, the row or column wraps (``RowWrapping``).
///
/// The seeds' layouts need none of this, so their items stay where the
/// formula puts them.
extension MenuGeometry {
    /// The gap the radial layout leaves between neighbours, and between an
    /// item and the button, when it has to spread or grow.
    public static let radialGap = 8.0

    /// The positions of `count` items (index 0 first) relative to the centre
    /// button, no two circles overlapping; wrapped into rows or columns that
    /// fit `room` when it is given (`linear` and `stack`). Empty when `count`
    /// is zero or negative.
    public func positions(count: Int, discs: LayoutDiscs, room: LayoutRoom? = nil) -> [Point] {
        guard count > 0 else { return [] }
        switch style {
        case .radial:
            let (interval, radius) = radialSpread(count: count, discs: discs)
            return (0..<count).map { index in
                let (sine, cosine) = Trigonometry.sinCos(degrees: firstAngle + interval * Double(index))
                return Point(x: radius * cosine, y: -radius * sine)
            }
        case .linear, .stack:
            let (lead, pitch) = rowSpacing(discs: discs)
            let row = (0..<count).map { index in
                let distance = lead + pitch * Double(index)
                return style == .linear ? Point(x: distance, y: 0) : Point(x: 0, y: -distance)
            }
            guard let room else { return row }
            return RowWrapping.wrapped(row, style: style, discs: discs, room: room)
        case .list:
            // A frontend draws a list as rows of text, not circles; these are for clients that place by them.
            return (0..<count).map(position(at:))
        }
    }

    /// The angle between neighbours and the radius the `radial` layout uses
    /// for `count` items of `discs`: the configured ones, spread and grown
    /// as far as the items need.
    public func radialSpread(count: Int, discs: LayoutDiscs) -> (interval: Double, radius: Double) {
        var interval = angleInterval
        var least = discs.buttonClearance + Self.radialGap
        if count > 1 {
            let items = Double(count)
            let smallest = 360 / max(items, Double(Limits.menuItems))
            if abs(interval) * items > 360 {
                interval = interval < 0 ? -360 / items : 360 / items
            } else if abs(interval) < smallest {
                interval = interval < 0 ? -smallest : smallest
            }
            // Neighbours θ apart on a circle of radius r are 2r·sin(θ/2) apart.
            let halfSine = Trigonometry.sinCos(degrees: abs(interval) / 2).sin
            least = max(least, (discs.item + Self.radialGap) / (2 * halfSine))
        }
        return (interval, max(radius, least))
    }

    /// Where a `linear` or `stack` layout puts its first item (`lead`, from
    /// the centre) and how far apart the items are (`pitch`).
    public func rowSpacing(discs: LayoutDiscs) -> (lead: Double, pitch: Double) {
        let pitch = max(spacing, discs.item)
        return (max(pitch, discs.buttonClearance), pitch)
    }
}
