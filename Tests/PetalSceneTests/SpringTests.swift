import Testing

@testable import PetalScene

@Suite struct SpringTests {
    @Test func startsAtZeroAndEndsExactlyAtOneWhenItsDurationIsUp() {
        let spring = Spring(dampingRatio: 0.75, initialVelocity: 1, duration: 0.3)
        #expect(spring.value(at: 0) == 0)
        #expect(spring.value(at: -1) == 0)
        #expect(spring.value(at: 0.3) == 1)
        #expect(spring.value(at: 5) == 1)
        #expect(!spring.isRunning(at: 0.3))
        #expect(spring.isRunning(at: 0.29))
    }

    @Test(arguments: [0.5, 0.75, 1.0], [0.1, 0.3, 0.7])
    func settlesWithinTheToleranceBeforeItsDurationIsUp(damping: Double, duration: Double) {
        let spring = Spring(dampingRatio: damping, initialVelocity: 1, duration: duration)
        // The end is no visible jump: just before it the value is at 1 within 0.1 %,
        // and the last moments are already close.
        #expect(abs(1 - spring.value(at: duration * 0.99999)) <= Spring.settlingTolerance * 1.001)
        for fraction in stride(from: 0.99, to: 1, by: 0.001) {
            #expect(abs(1 - spring.value(at: duration * fraction)) <= Spring.settlingTolerance * 1.2)
        }
        // Yet it was not there long before: the stiffness is the least that settles in time.
        #expect(abs(1 - spring.value(at: duration * 0.5)) > Spring.settlingTolerance)
    }

    @Test func overshootsAtTheCircleSeedsDampingOfOneHalf() {
        // Seed 2: 0.7 s, damping ratio 0.5, a visible overshoot.
        let spring = Spring(dampingRatio: 0.5, initialVelocity: 1, duration: 0.7)
        #expect(spring.peak > 1.1)
        #expect(spring.peak < 1.3)
    }

    @Test func doesNotOvershootAtCriticalDamping() {
        let spring = Spring(dampingRatio: 1, initialVelocity: 1, duration: 0.3)
        var previous = 0.0
        for step in 0...300 {
            let value = spring.value(at: 0.3 * Double(step) / 300)
            #expect(value <= 1)
            #expect(value >= previous - 1e-12)
            previous = value
        }
        #expect(spring.peak == 1)
    }

    @Test func theFirstSeedsSpringOvershootsOnlySlightly() {
        // Damping 0.75: a small overshoot, under 3 % (e^(-ζπ/√(1-ζ²)) ≈ 2.8 %).
        let peak = Spring(dampingRatio: 0.75, initialVelocity: 1, duration: 0.3).peak
        #expect(peak > 1.0)
        #expect(peak < 1.03)
    }

    @Test func startsMovingAtItsInitialVelocityInWholeDistancesPerSecond() {
        // The like-button seed: mass 0.6, stiffness 40, damping 3, initial velocity 40.
        let spring = Spring(mass: 0.6, stiffness: 40, damping: 3, initialVelocity: 40, duration: 0.3)
        let h = 1e-6
        #expect(abs(spring.value(at: h) / h - 40) < 0.01)
        #expect(abs(spring.naturalFrequency - (40 / 0.6).squareRoot()) < 1e-9)
        #expect(abs(spring.dampingRatio - 3 / (2 * (40 * 0.6).squareRoot())) < 1e-9)
        #expect(spring.peak > 1.5)
    }

    @Test func aZeroDurationJumpsToTheEnd() {
        let spring = Spring(dampingRatio: 0.75, initialVelocity: 1, duration: 0)
        #expect(spring.value(at: 0.0001) == 1)
        #expect(!spring.isRunning(at: 0))
        #expect(spring.peak == 1)
    }

    @Test func anOverdampedSpringNeitherOvershootsNorStallsPastItsDuration() {
        let spring = Spring(dampingRatio: 3, initialVelocity: 0, duration: 0.5)
        #expect(spring.peak == 1)
        #expect(abs(1 - spring.value(at: 0.4999)) <= Spring.settlingTolerance * 1.01)
    }
}

@Suite struct TimingCurveTests {
    @Test func easeInOutIsSymmetricAndMonotonic() {
        let curve = TimingCurve.easeInOut
        #expect(curve.progress(at: 0) == 0)
        #expect(abs(curve.progress(at: 1) - 1) < 1e-9)
        #expect(abs(curve.progress(at: 0.5) - 0.5) < 1e-6)
        #expect(curve.progress(at: 0.1) < 0.1)
        #expect(curve.progress(at: 0.9) > 0.9)
        var previous = 0.0
        for step in 0...100 {
            let value = curve.progress(at: Double(step) / 100)
            #expect(value >= previous - 1e-9)
            previous = value
        }
    }

    @Test func linearIsTheIdentity() {
        for t in [0.0, 0.25, 0.5, 0.8, 1] {
            #expect(abs(TimingCurve.linear.progress(at: t) - t) < 1e-6)
        }
    }
}
