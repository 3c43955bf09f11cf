/// What can be pointed at on the overlay.
public enum Target: Hashable, Sendable {
    /// The centre button.
    case button
    /// The item with this id.
    case item(String)
    /// The backdrop laid over the screen while the menu is open.
    case backdrop
}

/// A button held down, or springing back after release: the seeds' press motion.
///
/// A plain button shrinks to `pressScale` and dims to 0.9 in 0.05 s
/// (ease-in-out), and springs back to full size and opacity in 0.2 s on
/// release. A toggle follows the like-button seed: Core Animation springs
/// down (mass 0.1, stiffness 40, damping 1, velocity 40, 0.05 s) and back
/// (mass 0.6, stiffness 40, damping 3, velocity 40, removed after 0.3 s),
/// without dimming.
public struct Press: Equatable, Sendable {
    /// What is pressed.
    public var target: Target
    /// Whether it moves like the like-button seed.
    public var isToggle: Bool
    /// When the pointer went down, in seconds on the scene's clock.
    public var pressedAt: Double
    /// When it came up, or nil while held.
    public var releasedAt: Double?

    /// A press of `target` that began at `time`.
    public init(target: Target, isToggle: Bool = false, at time: Double) {
        self.target = target
        self.isToggle = isToggle
        pressedAt = time
    }

    /// How long a plain button takes to shrink.
    public static let downDuration = 0.05
    /// How long a plain button takes to spring back.
    public static let upDuration = 0.2
    /// The opacity of a pressed plain button.
    public static let pressedOpacity = 0.9

    static let toggleDown = Spring(mass: 0.1, stiffness: 40, damping: 1, initialVelocity: 40, duration: 0.05)
    static let toggleUp = Spring(mass: 0.6, stiffness: 40, damping: 3, initialVelocity: 40, duration: 0.3)
    static let plainUp = Spring(dampingRatio: 1, initialVelocity: 0, duration: upDuration)

    /// The pressed button's scale and opacity at `time`, for a `pressScale`.
    public func effect(at time: Double, pressScale: Double) -> (scale: Double, opacity: Double) {
        let held = heldEffect(at: min(time, releasedAt ?? time), pressScale: pressScale)
        guard let releasedAt else { return held }
        let back = (isToggle ? Self.toggleUp : Self.plainUp).value(at: time - releasedAt)
        return (held.scale + (1 - held.scale) * back, held.opacity + (1 - held.opacity) * min(back, 1))
    }

    /// Whether the press still moves at `time` (false once held still, or once back at rest).
    public func isMoving(at time: Double) -> Bool {
        guard let releasedAt else { return time - pressedAt < Self.downDuration }
        return time - releasedAt < (isToggle ? Self.toggleUp : Self.plainUp).duration
    }

    /// Whether the press is over: released and back at rest.
    public func isFinished(at time: Double) -> Bool {
        releasedAt != nil && !isMoving(at: time)
    }

    private func heldEffect(at time: Double, pressScale: Double) -> (scale: Double, opacity: Double) {
        let elapsed = time - pressedAt
        if isToggle {
            return (1 + (pressScale - 1) * Self.toggleDown.value(at: elapsed), 1)
        }
        let down = TimingCurve.easeInOut.progress(at: elapsed / Self.downDuration)
        return (1 + (pressScale - 1) * down, 1 + (Self.pressedOpacity - 1) * down)
    }
}
