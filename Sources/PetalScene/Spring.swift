import Glibc

/// A damped harmonic oscillator carrying a value from 0 to 1: the spring of
/// UIKit's `animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)`
/// and of Core Animation's `CASpringAnimation`.
///
/// The value starts at 0 moving at `initialVelocity` (whole distances per
/// second, as both APIs count it) and is pulled towards 1. A damping ratio
/// below 1 overshoots and oscillates; 1 and above do not overshoot unless the
/// initial velocity is large. At `duration` and after, the value is exactly 1:
/// the animation is over, as UIKit removes it.
public struct Spring: Equatable, Sendable {
    /// How close to 1 a spring set up by ``init(dampingRatio:initialVelocity:duration:)``
    /// has come, and stays, when its duration is up.
    public static let settlingTolerance = 0.001

    /// ζ: 1 is critical damping, below 1 overshoots.
    public let dampingRatio: Double
    /// ω₀, in radians per second.
    public let naturalFrequency: Double
    /// The speed at 0, in whole distances per second.
    public let initialVelocity: Double
    /// When the animation ends and the value is 1, in seconds.
    public let duration: Double

    /// The spring UIKit runs for a damping ratio, an initial velocity and a
    /// duration: its stiffness is chosen so that it settles within
    /// ``settlingTolerance`` of 1 by `duration`.
    ///
    /// - Parameters:
    ///   - dampingRatio: ζ, greater than 0 (UIKit takes 0 to 1).
    ///   - initialVelocity: whole distances per second; 1 covers the distance in a second.
    ///   - duration: seconds; 0 jumps straight to the end.
    public init(dampingRatio: Double, initialVelocity: Double, duration: Double) {
        self.dampingRatio = max(dampingRatio, 0.01)
        self.initialVelocity = initialVelocity
        self.duration = max(duration, 0)
        naturalFrequency =
            duration > 0
            ? Self.frequency(settling: self.dampingRatio, velocity: initialVelocity, within: duration) : 0
    }

    /// The spring `CASpringAnimation` runs for physical parameters, cut off at `duration`.
    ///
    /// - Parameters:
    ///   - mass: the mass on the spring, greater than 0.
    ///   - stiffness: the spring constant, greater than 0.
    ///   - damping: the friction coefficient.
    ///   - initialVelocity: whole distances per second.
    ///   - duration: when the animation is removed, in seconds.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, duration: Double) {
        let mass = max(mass, 1e-6)
        let stiffness = max(stiffness, 1e-6)
        naturalFrequency = (stiffness / mass).squareRoot()
        dampingRatio = max(damping / (2 * (stiffness * mass).squareRoot()), 0.01)
        self.initialVelocity = initialVelocity
        self.duration = max(duration, 0)
    }

    /// The value at `time` seconds after the start: 0 before it, 1 from `duration` on.
    public func value(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        guard time < duration else { return 1 }
        return 1
            - Self.displacement(
                at: time, dampingRatio: dampingRatio, frequency: naturalFrequency,
                velocity: initialVelocity)
    }

    /// Whether the animation is still running `time` seconds after its start.
    public func isRunning(at time: Double) -> Bool {
        time < duration
    }

    /// The largest value the spring reaches (1 when it never overshoots),
    /// sampled finely enough for drawing.
    public var peak: Double {
        guard duration > 0 else { return 1 }
        let samples = 400
        return (0...samples).reduce(1) { highest, step in
            max(highest, value(at: duration * Double(step) / Double(samples)))
        }
    }

    // MARK: - The oscillator

    /// x(t) for x(0) = 1, x′(0) = −velocity, x″ + 2ζω₀x′ + ω₀²x = 0.
    static func displacement(at t: Double, dampingRatio zeta: Double, frequency omega: Double, velocity v0: Double)
        -> Double
    {
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let sine = (zeta * omega - v0) / damped
            return exp(-zeta * omega * t) * (cos(damped * t) + sine * sin(damped * t))
        }
        if zeta == 1 {
            return exp(-omega * t) * (1 + (omega - v0) * t)
        }
        let root = omega * (zeta * zeta - 1).squareRoot()
        let (fast, slow) = (-zeta * omega - root, -zeta * omega + root)
        let a = (-v0 - slow) / (fast - slow)
        return a * exp(fast * t) + (1 - a) * exp(slow * t)
    }

    /// An upper bound of |x(s)| for every s ≥ t.
    static func envelope(at t: Double, dampingRatio zeta: Double, frequency omega: Double, velocity v0: Double)
        -> Double
    {
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let sine = (zeta * omega - v0) / damped
            return exp(-zeta * omega * t) * (1 + sine * sine).squareRoot()
        }
        if zeta == 1 {
            return exp(-omega * t) * (1 + abs(omega - v0) * t)
        }
        let root = omega * (zeta * zeta - 1).squareRoot()
        let (fast, slow) = (-zeta * omega - root, -zeta * omega + root)
        let a = (-v0 - slow) / (fast - slow)
        return abs(a) * exp(fast * t) + abs(1 - a) * exp(slow * t)
    }

    /// The smallest ω₀ whose envelope is within the tolerance at `duration`, by bisection.
    private static func frequency(settling zeta: Double, velocity: Double, within duration: Double) -> Double {
        func settled(_ omega: Double) -> Bool {
            envelope(at: duration, dampingRatio: zeta, frequency: omega, velocity: velocity) <= settlingTolerance
        }
        var (low, high) = (1e-3, 1.0)
        while !settled(high) && high < 1e7 { high *= 2 }
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if settled(middle) { high = middle } else { low = middle }
        }
        return high
    }
}
