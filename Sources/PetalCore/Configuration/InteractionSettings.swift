/// How a menu is chosen from with the pointer (docs/configuration.md,
/// `appearance.interaction`).
public enum InteractionMode: String, Sendable, CaseIterable {
    /// Click what is under the pointer.
    case point
    /// By direction: the item in the pointer's direction from the centre is
    /// highlighted wherever the pointer is; clicks and marking strokes choose it.
    case pie
    /// As `pie`, and resting on an item chooses it.
    case hover

    /// The interaction of a menu laid out `style` when its appearance names
    /// none: `pie` for a `radial` menu, whose items lie all round its
    /// centre; `point` for the others, whose items lie in rows.
    public static func `default`(for style: LayoutStyle) -> InteractionMode {
        style == .radial ? .pie : .point
    }
}

/// The numbers of pie gestures (docs/configuration.md,
/// `appearance.gesture`); the defaults are Kando's and Fly-Pie's.
public struct GestureTuning: Equatable, Sendable {
    /// How long a stroke is before a pause or a turn opens a submenu, in pixels; 150.
    public var minStroke: Double
    /// How many degrees a stroke turns to open a submenu; 20.
    public var turnAngle: Double
    /// How long a pause lasts, in milliseconds; 100.
    public var pauseMs: Double
    /// Motion under this many pixels is not motion; 10.
    public var jitter: Double
    /// The dead zone's radius around the centre; nil (the default) for half the button's size.
    public var deadZone: Double?

    /// Tuning with every number at its default unless given.
    public init(
        minStroke: Double = 150, turnAngle: Double = 20, pauseMs: Double = 100, jitter: Double = 10,
        deadZone: Double? = nil
    ) {
        self.minStroke = minStroke
        self.turnAngle = turnAngle
        self.pauseMs = pauseMs
        self.jitter = jitter
        self.deadZone = deadZone
    }

    /// The largest `minStroke`, `jitter` or `deadZone`, in pixels.
    public static let maximumDistance = 4096.0
    /// The longest `pauseMs`.
    public static let maximumPauseMs = 10_000.0
    /// The largest `turnAngle`: a larger one never turns.
    public static let maximumTurnAngle = 180.0

    /// Whether `value` may be the distance `minStroke`, `jitter` or `deadZone`.
    public static func isDistance(_ value: Double) -> Bool { (0...maximumDistance).contains(value) }
    /// Whether `value` may be `turnAngle`.
    public static func isTurnAngle(_ value: Double) -> Bool { value > 0 && value <= maximumTurnAngle }
    /// Whether `value` may be `pauseMs`.
    public static func isPause(_ value: Double) -> Bool { value > 0 && value <= maximumPauseMs }
}

extension AppearanceSettings {
    /// How a menu laid out `style` is chosen from: `interaction`, or the layout's default.
    public func interactionMode(for style: LayoutStyle) -> InteractionMode {
        interaction ?? InteractionMode.default(for: style)
    }
}
