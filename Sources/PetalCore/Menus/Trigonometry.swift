#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Sine and cosine of angles in degrees. Angles are first reduced exactly to
/// the nearest multiple of 90°, so multiples of 90° give exact 0 and ±1 (a
/// layout at 90° puts an item at x = 0, not at 6e-15).
enum Trigonometry {
    /// `(sin θ, cos θ)` for `θ` in degrees; NaN for a non-finite angle.
    static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.isFinite else { return (.nan, .nan) }
        var reduced = degrees.truncatingRemainder(dividingBy: 360)  // exact
        if reduced < 0 { reduced += 360 }
        let quarter = (reduced / 90).rounded()  // 0…4
        let radians = (reduced - quarter * 90) * (Double.pi / 180)  // |x| ≤ π/4
        let s = sin(radians)
        let c = cos(radians)
        switch Int(quarter) % 4 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }
}
