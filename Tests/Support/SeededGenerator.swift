/// A random number generator that gives the same numbers for the same seed,
/// so that a property test that fails fails again (a linear congruential
/// generator, its state folded on the way out).
public struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    /// The generator of `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}
