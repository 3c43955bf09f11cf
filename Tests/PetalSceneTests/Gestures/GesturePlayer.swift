import PetalCore

@testable import PetalScene

/// One thing the pointer or the keyboard did, at a time in milliseconds.
enum RecordedInput {
    case press(Double, Double, ms: Double)
    case motion(Double, Double, ms: Double)
    case release(Double, Double, ms: Double)
    case modifierReleased(ms: Double)

    var ms: Double {
        switch self {
        case .press(_, _, let ms), .motion(_, _, let ms), .release(_, _, let ms), .modifierReleased(let ms): ms
        }
    }
}

/// The overlay as the recognizer sees it: it feeds the recording in order,
/// keeps one timer at ``GestureRecognizer/nextTick`` (counting how often it
/// fires), and opens each submenu asked for at once, moved by `edgeOffset`
/// and with the pointer warped or not, as an overlay at an edge would.
struct GesturePlayer {
    var recognizer: GestureRecognizer
    var submenus = GestureFixtures.submenus
    /// How far the overlay moves a submenu inwards from where it was asked for.
    var edgeOffset = Point.zero
    /// Whether the overlay warps the pointer by that offset (X11) or cannot (Wayland).
    var warps = false
    /// How many samples after each warp the display had read before it
    /// took effect: they come in the old place.
    var samplesBeforeEachWarp = 0
    private var stale = 0
    /// Whether submenus are pushed as soon as they are asked for; else the test pushes them.
    var pushesSubmenus = true
    private(set) var events: [GestureEvent] = []
    /// How many times the timer woke the overlay.
    private(set) var wakeUps = 0

    init(_ recognizer: GestureRecognizer) {
        self.recognizer = recognizer
    }

    /// Plays `inputs`; the pointer moved by a warp is not the recording's
    /// concern: samples after one are shifted by the offset, as X11 reports them.
    mutating func play(_ inputs: [RecordedInput]) {
        for input in inputs {
            runTimer(until: input.ms / 1000)
            let time = input.ms / 1000
            switch input {
            case .press(let x, let y, _):
                let point = shifted(x, y)
                take(recognizer.press(at: point, time: time))
            case .motion(let x, let y, _):
                let point = shifted(x, y)
                take(recognizer.motion(to: point, time: time))
            case .release(let x, let y, _):
                let point = shifted(x, y)
                take(recognizer.release(at: point, time: time))
            case .modifierReleased: take(recognizer.modifierReleased(time: time))
            }
        }
    }

    /// Lets the time pass to `seconds`, the timer firing when it is due.
    mutating func runTimer(until seconds: Double) {
        while let deadline = recognizer.nextTick, deadline <= seconds {
            wakeUps += 1
            take(recognizer.tick(time: deadline))
            if wakeUps > 1000 { return }
        }
    }

    /// How far the warps so far moved the pointer.
    private(set) var warped = Point.zero

    /// A sample of the recording as the display reports it: moved by the
    /// warps so far, but for those it read before the last one.
    private mutating func shifted(_ x: Double, _ y: Double) -> Point {
        var offset = warped
        if stale > 0 {
            stale -= 1
            offset = Point(x: offset.x - edgeOffset.x, y: offset.y - edgeOffset.y)
        }
        return Point(x: x + offset.x, y: y + offset.y)
    }

    private mutating func take(_ new: [GestureEvent]) {
        for event in new {
            events.append(event)
            if pushesSubmenus, case .openSubmenu(_, let item, let at) = event, var level = submenus[item] {
                level.centre = at.adding(edgeOffset)
                if warps {
                    warped = warped.adding(edgeOffset)
                    stale = samplesBeforeEachWarp
                }
                take(recognizer.push(level, pointerWarped: warps))
            }
        }
    }
}
