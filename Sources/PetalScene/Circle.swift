import PetalCore

/// A circle the overlay draws, a centre button or an item, in logical pixels.
public struct Circle: Equatable, Sendable, CustomStringConvertible {
    /// Its centre.
    public var centre: Point
    /// Its radius.
    public var radius: Double

    /// A circle of `radius` around `centre`.
    public init(centre: Point, radius: Double) {
        self.centre = centre
        self.radius = radius
    }

    /// Circles that touch do not overlap: only a hair over touching counts,
    /// so that rounding in a layout's sines does not.
    public static let tolerance = 1e-9

    /// Whether the two cover part of each other.
    public func overlaps(_ other: Circle) -> Bool {
        gap(to: other) < -Self.tolerance
    }

    /// The distance between the two edges; negative when they overlap.
    public func gap(to other: Circle) -> Double {
        centre.distance(to: other.centre) - radius - other.radius
    }

    /// The square around it.
    public var bounds: Rect { Rect(around: centre, radius: radius) }

    /// The same circle moved by `offset`.
    public func offset(by offset: Point) -> Circle {
        Circle(centre: centre.adding(offset), radius: radius)
    }

    /// Whether it lies wholly inside `rect` (touching its edges).
    public func lies(in rect: Rect) -> Bool {
        let slack = Self.tolerance
        return centre.x - radius >= rect.minX - slack && centre.x + radius <= rect.maxX + slack
            && centre.y - radius >= rect.minY - slack && centre.y + radius <= rect.maxY + slack
    }

    public var description: String { "\(centre) r \(radius)" }
}

extension SceneMenu {
    /// Its circles expanded at rest with its centre button at `centre`:
    /// the button first, then each item at its position.
    public func circles(at centre: Point) -> [Circle] {
        [Circle(centre: centre, radius: appearance.buttonSize / 2)]
            + items.map { Circle(centre: centre.adding($0.position), radius: appearance.itemSize / 2) }
    }
}
