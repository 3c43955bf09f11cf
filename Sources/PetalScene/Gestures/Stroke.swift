import Glibc
import PetalCore

/// The straight part of a marking stroke so far, and whether the pointer
/// just turned off it, as Kando and Fly-Pie detect corners:
///
///     start ───────────── end
///                             ╲  latest
///
/// Once `start → end` is at least `minStroke` long, a sample more than
/// `jitter` from `end` either goes on in about the same direction (it
/// becomes the new `end`) or turns by more than `turnAngle`: a corner at
/// `end`. Samples within `jitter` of `end` are ignored, so a trembling hand
/// neither turns nor lengthens the stroke.
public struct Stroke: Equatable, Sendable {
    /// Where this part of the stroke began: the press, or the last corner.
    public private(set) var start: Point
    /// The last sample that counted.
    public private(set) var end: Point

    /// What a sample did to the stroke.
    public enum Step: Equatable, Sendable {
        /// It moved the end on (or was too close to count).
        case went
        /// It turned off the stroke at the corner `at` (the previous end).
        case turned(at: Point)
    }

    /// A stroke beginning at `point`.
    public init(at point: Point) {
        start = point
        end = point
    }

    /// How long the straight part is, from its start to its end.
    public var length: Double { start.distance(to: end) }

    /// Adds the sample `point`. After a turn the stroke begins again at the
    /// corner and goes on to `point`, whether or not the turn is used: a
    /// stroke must be long again before it can turn again.
    public mutating func add(_ point: Point, settings: GestureSettings) -> Step {
        guard length >= settings.minStroke else {
            end = point
            return .went
        }
        let tip = Point(x: point.x - end.x, y: point.y - end.y)
        let tipLength = tip.distance(to: .zero)
        guard tipLength > settings.jitter else { return .went }
        let direction = Point(x: end.x - start.x, y: end.y - start.y)
        let cosine = (tip.x * direction.x + tip.y * direction.y) / (tipLength * length)
        let degrees = acos(min(max(cosine, -1), 1)) * (180 / Double.pi)
        guard degrees > settings.turnAngle else {
            end = point
            return .went
        }
        let corner = end
        start = corner
        end = point
        return .turned(at: corner)
    }

    /// The stroke beginning again at `point`: a submenu opened there.
    public mutating func restart(at point: Point) {
        start = point
        end = point
    }

    /// The stroke moved by `offset`, as the pointer was when the overlay warped it.
    public mutating func move(by offset: Point) {
        start = start.adding(offset)
        end = end.adding(offset)
    }
}
