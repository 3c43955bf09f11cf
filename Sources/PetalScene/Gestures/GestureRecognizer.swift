import PetalCore

/// Turns pointer samples with times into highlights and choices in an open
/// chain of radial menus, with no I/O: the overlay feeds it what the pointer
/// and the keyboard do and performs the ``GestureEvent``s that come back.
///
/// - Direction: outside the innermost menu's dead zone, the item in the
///   pointer's direction is highlighted (``GestureLevel/aim(at:from:)``); a
///   click (press and release aiming at the same thing, under the drag
///   threshold apart) activates it, or in the dead zone is the centre button.
/// - Marking: a press dragged past the drag threshold is a stroke. Once it
///   is `minStroke` long, a pause (``nextTick``) or a turn
///   (``Stroke``) while a submenu item is highlighted opens that submenu
///   where the pointer is, and the stroke goes on in it; releasing the
///   button activates the highlighted item (with none, nothing happens and
///   the chain stays open).
/// - Hover: in ``GestureMode/hover(confirm:)`` a pointer that moved and then
///   rests on a highlighted item for `pauseMs` activates it, or opens its
///   submenu where the pointer is.
/// - Turbo: opened with a modifier held, motion past the drag threshold is a
///   stroke as with the button; releasing the modifier activates the
///   highlighted item (none: the chain stays open).
///
/// Times are seconds on the caller's monotonic clock. The recognizer needs
/// the time to pass only for pauses: after each call, arm one timer for
/// ``nextTick`` (nil: none) and call ``tick(time:)`` when it fires. It knows
/// where the pointer is from the samples alone: feed one as soon as the
/// overlay knows (the pointer entering its surface).
public struct GestureRecognizer: Equatable, Sendable {
    /// Where a pointer known to rest has rested since.
    struct Rest: Equatable, Sendable {
        var anchor: Point
        var since: Double
        /// Whether the pointer moved to get there: a pointer that has not
        /// moved since a menu opened does not choose by resting.
        var armed: Bool
    }

    enum Phase: Equatable, Sendable {
        case idle
        /// The button is down at `at`, not yet dragged; a click aims at
        /// `aim` (nil: no click, the menu opened under the press).
        case pressed(at: Point, aim: PieAim?)
        /// Turbo: the modifier is held; the stroke starts once the pointer
        /// moves past the drag threshold from `from` (nil until known).
        case modifierHeld(from: Point?)
        /// A stroke, made with the button held, or the modifier in turbo.
        case stroking(Stroke, byButton: Bool)
    }

    /// A submenu asked for by ``GestureEvent/openSubmenu(level:item:at:)`` and not yet pushed.
    struct PendingSubmenu: Equatable, Sendable {
        var centre: Point
        /// Where the stroke ended if it ended before the submenu came.
        var releasedAt: Point?
    }

    public let mode: GestureMode
    public let settings: GestureSettings
    /// The open chain, its top-level menu first; never empty.
    public internal(set) var levels: [GestureLevel]
    /// The innermost menu's highlighted item, as last asked for; nil for none.
    public internal(set) var highlighted: String?
    /// The pointer, once a sample told where it is.
    public internal(set) var pointer: Point?

    /// The item the pointer aims at: the highlight follows it when it changes.
    var aimed: String?
    var phase: Phase
    var pending: PendingSubmenu?
    /// Where directions in the innermost menu are taken from while a
    /// gesture goes on in a menu the overlay moved without moving the pointer.
    var strokeOrigin: Point?
    var rest: Rest?
    /// A warp of the pointer whose samples from before it may still come.
    var warpInFlight: WarpInFlight?

    /// A recognizer for the open chain `levels` (top-level first), with
    /// what was held as it opened.
    ///
    /// - Precondition: `levels` is not empty.
    public init(
        levels: [GestureLevel], mode: GestureMode = .pie, settings: GestureSettings = GestureSettings(),
        start: GestureStart = .released
    ) {
        precondition(!levels.isEmpty, "a chain has a top-level menu")
        self.levels = levels
        self.mode = mode
        self.settings = settings
        switch start {
        case .released:
            phase = .idle
        case .buttonHeld(let point):
            pointer = point
            phase = .pressed(at: point, aim: nil)
        case .modifierHeld:
            phase = .modifierHeld(from: nil)
        }
    }

    /// The index of the innermost menu.
    var innermost: Int { levels.count - 1 }

    /// The pointer moved to `point` at `time`.
    public mutating func motion(to point: Point, time: Double) -> [GestureEvent] {
        moved(to: afterWarp(point, time: time), time: time)
    }

    /// The pointer is at `point` at `time`, as seen after any warp.
    private mutating func moved(to point: Point, time: Double) -> [GestureEvent] {
        pointer = point
        var events: [GestureEvent] = []
        advanceStroke(to: point, events: &events)
        let changed = updateAim(events: &events)
        settleRest(at: point, time: time, highlightChanged: changed)
        return events
    }

    /// `button` went down at `point`. The first button starts a press (and
    /// ends turbo: the pointer took over); the right one closes the chain.
    public mutating func press(_ button: PointerButton = .primary, at point: Point, time: Double) -> [GestureEvent] {
        guard button == .primary else { return button == .secondary ? [.close] : [] }
        let point = afterWarp(point, time: time)
        phase = .idle
        strokeOrigin = nil
        let events = moved(to: point, time: time)
        phase = .pressed(at: point, aim: aim(at: point))
        return events
    }

    /// `button` came up at `point`: a click when it aims at what the press
    /// aimed at; the end of a stroke made with it.
    public mutating func release(_ button: PointerButton = .primary, at point: Point, time: Double) -> [GestureEvent] {
        guard button == .primary else { return [] }
        let point = afterWarp(point, time: time)
        var events = moved(to: point, time: time)
        switch phase {
        case .pressed(_, let pressedAim):
            phase = .idle
            if let pressedAim, pressedAim == aim(at: point) { events += click(pressedAim) }
        case .stroking(_, byButton: true):
            phase = .idle
            events += finishStroke(at: point)
        case .idle, .modifierHeld, .stroking(_, byButton: false):
            break
        }
        return events
    }

    /// Turbo: the modifier held since the menu opened came up. A stroke
    /// activates its highlighted item; before one, nothing happens.
    public mutating func modifierReleased(time: Double) -> [GestureEvent] {
        switch phase {
        case .modifierHeld:
            phase = .idle
        case .stroking(_, byButton: false):
            phase = .idle
            if let pointer { return finishStroke(at: pointer) }
        case .idle, .pressed, .stroking(_, byButton: true):
            break
        }
        return []
    }

    /// When ``tick(time:)`` must be called next for a pause to be seen, on
    /// the caller's clock; nil while no pause can choose anything (no timer,
    /// no wake-up). A pause counts only while a stroke at least `minStroke`
    /// long has a submenu item highlighted, or in hover mode while the
    /// pointer, having moved, rests on an item that resting chooses.
    public var nextTick: Double? {
        guard pending == nil, let rest, rest.armed, let id = highlighted,
            let item = levels[innermost].item(id), item.enabled
        else { return nil }
        switch phase {
        case .stroking(let stroke, _):
            guard item.opensSubmenu, stroke.length >= settings.minStroke else { return nil }
        case .idle:
            guard case .hover(let confirm) = mode, item.opensSubmenu || !confirm else { return nil }
        case .pressed, .modifierHeld:
            return nil
        }
        return rest.since + settings.pause
    }

    /// The time is `time`: at or after ``nextTick`` the pause chooses the
    /// highlighted item (a submenu opens where the pointer is; in hover
    /// mode an action is activated). Earlier, nothing happens.
    public mutating func tick(time: Double) -> [GestureEvent] {
        guard let deadline = nextTick, time >= deadline, let id = highlighted, let pointer,
            let item = levels[innermost].item(id)
        else { return [] }
        rest?.armed = false
        guard item.opensSubmenu else { return [.activate(level: innermost, item: id)] }
        if case .stroking(var stroke, let byButton) = phase {
            stroke.restart(at: pointer)
            phase = .stroking(stroke, byButton: byButton)
        }
        return [openSubmenu(id, at: pointer)]
    }
}
