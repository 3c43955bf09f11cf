import PetalCore

/// What the gesture recognizer asks the overlay to do. Levels count the
/// open chain from its top-level menu (0); the recognizer speaks only of
/// the innermost one.
public enum GestureEvent: Equatable, Sendable {
    /// Highlight `item` of the menu at `level` (`Highlighted`); nil for none.
    case highlight(level: Int, item: String?)
    /// Activate `item` of the menu at `level`: run its action, or open its
    /// submenu where a click opens one, on the item.
    case activate(level: Int, item: String)
    /// Activate the submenu item `item` of the menu at `level`, and centre
    /// its submenu at `at`, where a stroke paused or turned, so that the
    /// stroke goes on in it; the overlay answers with
    /// ``GestureRecognizer/push(_:pointerWarped:)``.
    case openSubmenu(level: Int, item: String, at: Point)
    /// The top-level menu's centre button was clicked: `Toggle`.
    case toggle
    /// A submenu's centre button was clicked: `Back`.
    case back
    /// A right click: `Close` the chain.
    case close
}

/// A button of the pointer.
public enum PointerButton: Equatable, Sendable {
    /// The first button: clicks and strokes.
    case primary
    /// The right button: it closes the chain.
    case secondary
    /// Any other: ignored.
    case other
}

/// What was held as the menu opened.
public enum GestureStart: Equatable, Sendable {
    /// Nothing.
    case released
    /// The first button, pressed at `at` (the menu opened under a pressed
    /// pointer): dragging it makes a stroke, releasing it undragged is no click.
    case buttonHeld(at: Point)
    /// A modifier of the key that opened it (turbo): once the pointer has
    /// moved past the drag threshold the motion is a stroke, and releasing
    /// the modifier ends it (``GestureRecognizer/modifierReleased(time:)``).
    case modifierHeld
}
