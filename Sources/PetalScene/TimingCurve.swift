/// A cubic Bézier timing curve from (0, 0) to (1, 1), as CSS and Core
/// Animation define them: the time fraction goes in, the progress comes out.
public struct TimingCurve: Equatable, Sendable {
    /// The first control point.
    public let x1, y1: Double
    /// The second control point.
    public let x2, y2: Double

    /// A curve through the control points (x1, y1) and (x2, y2); x1 and x2 are clamped to 0…1.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// Constant speed.
    public static let linear = TimingCurve(0, 0, 1, 1)
    /// Core Animation's `easeInEaseOut`, UIKit's default curve.
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)
    /// Core Animation's `easeIn`.
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)

    /// The progress at time fraction `t` (clamped to 0…1).
    public func progress(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        return bezier(parameter(forX: t), y1, y2)
    }

    /// The curve parameter whose x is `x`: Newton's method, then bisection if it stalls.
    private func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = bezier(s, x1, x2) - x
            if abs(error) < 1e-7 { return s }
            let slope = derivative(s, x1, x2)
            if abs(slope) < 1e-6 { break }
            s -= error / slope
        }
        var (low, high) = (0.0, 1.0)
        s = x
        for _ in 0..<40 {
            if bezier(s, x1, x2) < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    private func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }
}
