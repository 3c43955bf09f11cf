/// How the menu spreads its items around the centre button (docs/configuration.md).
public enum LayoutStyle: String, Sendable, CaseIterable {
    /// A row to the right of the button: (spacing·(i+1), 0).
    case linear
    /// A column above the button: (0, −spacing·(i+1)).
    case stack
    /// An arc: θ = firstAngle + angleInterval·i degrees, (radius·cos θ, −radius·sin θ).
    case radial
    /// A picker's rows below the button: (0, rowHeight·(i+1)); frontends
    /// draw it as a list that filters as you type (docs/overlay.md).
    case list

    /// The height of a `list` row in `Layout`, for clients that place items by it.
    public static let listRowHeight = 32.0
}

/// A position relative to the centre button, in pixels; y grows downwards,
/// as on screen.
public struct Point: Equatable, Sendable, CustomStringConvertible {
    /// Horizontal offset; positive is to the right.
    public var x: Double
    /// Vertical offset; positive is downwards.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// `"(x, y)"`.
    public var description: String { "(\(x), \(y))" }

    /// The distance from `other`.
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// The layout parameters of the menu, with the defaults of docs/configuration.md.
public struct MenuGeometry: Equatable, Sendable {
    /// Which layout to use; `radial` by default.
    public var style: LayoutStyle
    /// Distance between items in the `linear` and `stack` layouts; 80 by default.
    public var spacing: Double
    /// Angle of the first item in the `radial` layout, in degrees counter-clockwise
    /// from +x; 100 by default.
    public var firstAngle: Double
    /// Angle between consecutive items in the `radial` layout, in degrees; 40 by default.
    public var angleInterval: Double
    /// Distance of the items from the centre in the `radial` layout; 100 by default.
    public var radius: Double

    /// Creates a geometry; every parameter defaults to the spec's value.
    public init(
        style: LayoutStyle = .radial,
        spacing: Double = 80,
        firstAngle: Double = 100,
        angleInterval: Double = 40,
        radius: Double = 100
    ) {
        self.style = style
        self.spacing = spacing
        self.firstAngle = firstAngle
        self.angleInterval = angleInterval
        self.radius = radius
    }

    /// The position of the item at `index` (from 0) relative to the centre
    /// button, by the configured formula alone: before the rules that keep
    /// circles apart, which ``positions(count:discs:room:)`` applies.
    public func position(at index: Int) -> Point {
        let step = Double(index + 1)
        switch style {
        case .linear:
            return Point(x: spacing * step, y: 0)
        case .stack:
            return Point(x: 0, y: -spacing * step)
        case .radial:
            let degrees = firstAngle + angleInterval * Double(index)
            let (sine, cosine) = Trigonometry.sinCos(degrees: degrees)
            return Point(x: radius * cosine, y: -radius * sine)
        case .list:
            return Point(x: 0, y: LayoutStyle.listRowHeight * step)
        }
    }
}
