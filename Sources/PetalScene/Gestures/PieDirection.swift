import Glibc
import PetalCore

/// Directions around a radial menu's centre, in degrees counter-clockwise
/// from +x as the `radial` layout gives its items' angles: screen y grows
/// downwards, so straight up is 90°.
public enum PieDirection {
    /// Two directions this close (in degrees) are as near as each other: a
    /// pointer half-way between two items by the numbers is half-way, whatever
    /// the last bits of `atan2` say.
    public static let tieTolerance = 1e-9

    /// The direction from `centre` to `point`, in [0, 360); nil when they are the same point.
    public static func angle(from centre: Point, to point: Point) -> Double? {
        let dx = point.x - centre.x
        let dy = centre.y - point.y
        guard dx != 0 || dy != 0, dx.isFinite, dy.isFinite else { return nil }
        let degrees = atan2(dy, dx) * (180 / Double.pi)
        return normalized(degrees)
    }

    /// `degrees` brought into [0, 360).
    public static func normalized(_ degrees: Double) -> Double {
        var reduced = degrees.truncatingRemainder(dividingBy: 360)
        if reduced < 0 { reduced += 360 }
        // -1e-17 + 360 rounds to 360.
        return reduced >= 360 ? 0 : reduced
    }

    /// How far to turn from `from` to reach `to`, in (−180, 180]: positive
    /// counter-clockwise.
    public static func turn(from: Double, to: Double) -> Double {
        let difference = normalized(to - from)
        return difference > 180 ? difference - 360 : difference
    }

    /// The index of the angle in `angles` nearest to `direction`, around the
    /// circle (359° is next to 0°); nil when there is none.
    ///
    /// Half-way between two angles, the one counter-clockwise of `direction`
    /// wins: each angle owns the directions from half-way to its clockwise
    /// neighbour (included) to half-way to its counter-clockwise neighbour
    /// (excluded). Of equal angles the first wins.
    public static func nearest(to direction: Double, among angles: [Double]) -> Int? {
        var best: (index: Int, distance: Double, counterClockwise: Bool)?
        for (index, angle) in angles.enumerated() {
            let turn = turn(from: direction, to: angle)
            let candidate = (index: index, distance: abs(turn), counterClockwise: turn > 0)
            guard let current = best else {
                best = candidate
                continue
            }
            if candidate.distance < current.distance - tieTolerance {
                best = candidate
            } else if candidate.distance <= current.distance + tieTolerance, candidate.counterClockwise,
                !current.counterClockwise
            {
                best = candidate
            }
        }
        return best?.index
    }
}
