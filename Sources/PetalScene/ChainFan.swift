import Glibc
import PetalCore

/// How a submenu's items fan away from the menu it opened from
/// (docs/overlay.md, "A chain that never covers itself").
///
/// Its centre stays on the item that opened it. A `radial` submenu is turned
/// so that the middle of its arc points along the direction from the
/// parent's centre to that item; a `linear` row is mirrored to go left when
/// that direction does, a `stack` column to go down (when it goes neither
/// way, towards the larger part of the output). When an item would
/// still cover a circle of the chain before it, the radial submenu grows
/// its radius, and a row or column moves out along itself, just far enough.
public enum ChainFan {
    /// `places`, a submenu's item positions relative to its centre, fanned
    /// away from `parent` (its parent's centre, relative to the submenu's)
    /// and moved clear of `taken`, circles relative to the submenu's centre;
    /// items of `itemRadius`. `roomward` points towards the larger part of
    /// the output, for a row or column the parent leaves either way.
    public static func fanned(
        _ places: [Point], style: LayoutStyle, itemRadius: Double, awayFrom parent: Point, clearing taken: [Circle],
        roomward: Point = Point(x: 1, y: -1)
    ) -> [Point] {
        guard !places.isEmpty else { return places }
        let length = parent.distance(to: .zero)
        let away = length > 0 ? Point(x: -parent.x / length, y: -parent.y / length) : Point(x: 0, y: -1)
        switch style {
        case .radial:
            let turned = turned(places, towards: away)
            // Each item moves out from the centre: centre + s·place, s ≥ 1.
            let scale = firstClear(
                from: 1, items: turned.map { (start: Point.zero, step: $0) }, radius: itemRadius, taken: taken)
            return turned.map { $0.scaled(by: scale) }
        case .linear, .stack, .list:
            var mirrored = places
            var step = style == .linear ? Point(x: 1, y: 0) : Point(x: 0, y: -1)
            let leftwards = abs(away.x) > 1e-9 ? away.x < 0 : roomward.x < 0
            let downwards = abs(away.y) > 1e-9 ? away.y > 0 : roomward.y > 0
            if style == .linear, leftwards {
                mirrored = places.map { Point(x: -$0.x, y: $0.y) }
                step.x = -1
            } else if style == .stack, downwards {
                mirrored = places.map { Point(x: $0.x, y: -$0.y) }
                step.y = 1
            }
            // Each item moves along the row: place + t·step, t ≥ 0.
            let shift = firstClear(
                from: 0, items: mirrored.map { (start: $0, step: step) }, radius: itemRadius, taken: taken)
            return mirrored.map { $0.adding(step.scaled(by: shift)) }
        }
    }

    /// `places` turned about the centre so that the middle of their arc
    /// points along `direction` (a unit vector).
    static func turned(_ places: [Point], towards direction: Point) -> [Point] {
        let count = places.count
        var middle = places[count / 2]
        if count.isMultiple(of: 2) {
            let (before, after) = (unit(places[count / 2 - 1]), unit(places[count / 2]))
            let sum = before.adding(after)
            // Two items half a turn apart have no middle between them: a quarter turn from the first.
            middle = sum.distance(to: .zero) > 1e-9 ? sum : Point(x: before.y, y: -before.x)
        }
        let middleAngle = atan2(middle.y, middle.x)
        let angle = atan2(direction.y, direction.x) - middleAngle
        let (sine, cosine) = (sin(angle), cos(angle))
        return places.map { Point(x: $0.x * cosine - $0.y * sine, y: $0.x * sine + $0.y * cosine) }
    }

    /// The least `t` from `start` at which no item, at `start + t·step`
    /// with `radius`, covers a circle of `taken` (touching is allowed).
    ///
    /// For each item and circle the `t` where they overlap is an open
    /// interval (the roots of a quadratic); the answer is the first `t` in
    /// none of them, found in one sweep over the intervals by their start.
    static func firstClear(
        from least: Double, items: [(start: Point, step: Point)], radius: Double, taken: [Circle]
    ) -> Double {
        var intervals: [(low: Double, high: Double)] = []
        for item in items {
            let a = item.step.x * item.step.x + item.step.y * item.step.y
            guard a > 0 else { continue }
            for circle in taken {
                // A tenth of the tolerance less: touching is clear, and so is the end of an interval.
                let reach = circle.radius + radius - Circle.tolerance / 10
                let (wx, wy) = (item.start.x - circle.centre.x, item.start.y - circle.centre.y)
                let b = 2 * (wx * item.step.x + wy * item.step.y)
                let c = wx * wx + wy * wy - reach * reach
                let discriminant = b * b - 4 * a * c
                guard discriminant > 0 else { continue }
                let root = discriminant.squareRoot()
                intervals.append(((-b - root) / (2 * a), (-b + root) / (2 * a)))
            }
        }
        var t = least
        for interval in intervals.sorted(by: { $0.low < $1.low }) where interval.low < t && t < interval.high {
            t = interval.high
        }
        return t
    }

    private static func unit(_ point: Point) -> Point {
        let length = point.distance(to: .zero)
        return length > 0 ? point.scaled(by: 1 / length) : Point(x: 1, y: 0)
    }
}
