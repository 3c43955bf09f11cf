/// How a radial menu turns pointer motion into choices.
public enum GestureMode: Equatable, Sendable {
    /// The item in the pointer's direction is highlighted; a click activates
    /// it, and a press dragged into a stroke marks a path through submenus.
    case pie
    /// As `pie`, and resting on a highlighted item activates it (a submenu
    /// opens); with `confirm`, an action still needs a click.
    case hover(confirm: Bool)
}

/// The numbers of marking strokes and of the dead zone, as Kando and
/// Fly-Pie tune them.
public struct GestureSettings: Equatable, Sendable {
    /// How long a stroke is (from where it starts, in a straight line)
    /// before a pause or a turn opens a submenu; 150 px by default.
    public var minStroke: Double
    /// How many degrees a stroke must turn to open a submenu; 20 by default.
    public var turnAngle: Double
    /// How long the pointer rests before a pause counts, in milliseconds; 100 by default.
    public var pauseMs: Double
    /// Motion under this many pixels is not motion: it neither ends a pause
    /// nor makes a turn; 10 by default.
    public var jitter: Double
    /// The dead zone's radius around a menu's centre; nil (the default) for
    /// half the centre button's size.
    public var deadZone: Double?
    /// How far a pressed pointer moves before the press becomes a stroke; 15 px.
    public var dragThreshold: Double

    /// Settings with every number at its default unless given.
    public init(
        minStroke: Double = 150, turnAngle: Double = 20, pauseMs: Double = 100, jitter: Double = 10,
        deadZone: Double? = nil, dragThreshold: Double = 15
    ) {
        self.minStroke = minStroke
        self.turnAngle = turnAngle
        self.pauseMs = pauseMs
        self.jitter = jitter
        self.deadZone = deadZone
        self.dragThreshold = dragThreshold
    }

    /// The pause in seconds, the unit of the recognizer's times.
    public var pause: Double { pauseMs / 1000 }

    /// The dead zone's radius for a menu whose centre button is `buttonSize` across.
    public func deadZone(buttonSize: Double) -> Double {
        deadZone ?? buttonSize / 2
    }
}
