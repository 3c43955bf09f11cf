import PetalCore

/// A width and a height in pixels.
public struct Size: Equatable, Sendable {
    public var width, height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle in pixels, y downwards.
public struct Rect: Equatable, Sendable, CustomStringConvertible {
    public var x, y, width, height: Double

    /// Creates a rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The square around a circle.
    public init(around centre: Point, radius: Double) {
        self.init(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    /// Its width and height.
    public var size: Size { Size(width: width, height: height) }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let (left, top) = (min(minX, other.minX), min(minY, other.minY))
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// The rectangle moved by `offset`.
    public func offset(by offset: Point) -> Rect {
        Rect(x: x + offset.x, y: y + offset.y, width: width, height: height)
    }

    /// The rectangle grown by `amount` on every side.
    public func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// Whether `point` is inside (left and top edges included).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The smallest rectangle of whole pixels holding this one.
    public var integral: PixelRect {
        let left = Int(minX.rounded(.down))
        let top = Int(minY.rounded(.down))
        return PixelRect(x: left, y: top, width: Int(maxX.rounded(.up)) - left, height: Int(maxY.rounded(.up)) - top)
    }

    public var description: String { "\(x),\(y) \(width)×\(height)" }
}

/// A rectangle of whole pixels, as input regions and damage take them.
public struct PixelRect: Equatable, Hashable, Sendable {
    public var x, y, width, height: Int

    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

extension Point {
    /// The point `self + other`.
    public func adding(_ other: Point) -> Point { Point(x: x + other.x, y: y + other.y) }

    /// The point `self × factor`.
    public func scaled(by factor: Double) -> Point { Point(x: x * factor, y: y * factor) }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)
}
