import PetalCore

extension GestureRecognizer {
    /// A submenu opened from the innermost menu, drawn centred at
    /// `level.centre`; nothing is highlighted in it until the pointer aims
    /// at an item (which it may already do).
    ///
    /// `opener`, the item it opened from, is highlighted in the menu it
    /// opened from, whatever the pointer aimed at there before (a key or
    /// petald may open a submenu the pointer did not aim at): from now on
    /// the pointer aims in the submenu, and the parent shows the way there.
    ///
    /// When a stroke or a pause asked for it at a point
    /// (``GestureEvent/openSubmenu(level:item:at:)``) and the overlay had to
    /// draw it elsewhere (moved inwards at an edge), the gesture goes on as
    /// ``move(level:to:pointerWarped:)`` says. A stroke that ended before
    /// the submenu came chooses, now, the item its end aimed at.
    public mutating func push(
        _ level: GestureLevel, from opener: String? = nil, pointerWarped: Bool = false
    ) -> [GestureEvent] {
        let parent = innermost
        let requested = pending
        pending = nil
        aimed = nil
        highlighted = nil
        rest?.armed = false
        var placed = level
        if let requested { placed.centre = requested.centre }
        levels.append(placed)
        var events: [GestureEvent] = opener.map { [.highlight(level: parent, item: $0)] } ?? []
        events += move(level: innermost, to: level.centre, pointerWarped: pointerWarped)
        if let requested, let end = requested.releasedAt,
            case .item(let id) = placed.aim(at: end, from: requested.centre)
        {
            events.append(.activate(level: innermost, item: id))
        }
        return events
    }

    /// The innermost submenu closed (`Back`): its parent is the innermost
    /// menu again, and the highlight follows the pointer in it. A stroke
    /// goes on from where the pointer is.
    public mutating func pop() -> [GestureEvent] {
        guard levels.count > 1 else { return [] }
        levels.removeLast()
        pending = nil
        strokeOrigin = nil
        aimed = nil
        highlighted = nil
        rest?.armed = false
        if case .stroking(var stroke, let byButton) = phase, let pointer {
            stroke.restart(at: pointer)
            phase = .stroking(stroke, byButton: byButton)
        }
        var events: [GestureEvent] = []
        updateAim(events: &events)
        return events
    }

    /// The menu at `level` is now drawn centred at `centre` (the chain moved
    /// inwards at an edge). For the innermost menu, with a gesture going on:
    /// - `pointerWarped` (X11, where the overlay moved the pointer by the
    ///   same offset): the pointer and the stroke move with the menu, and
    ///   samples the display read before the warp, which may still come,
    ///   are moved with them (``WarpInFlight``);
    /// - else (Wayland): directions are still taken from where they were, so
    ///   the stroke's origin is no longer the drawn centre; it is again from
    ///   the next press, or once the stroke ends.
    ///
    /// Without a gesture (pie mode, nothing held) directions are taken from
    /// the drawn centre at once. A level out of range changes nothing.
    public mutating func move(level: Int, to centre: Point, pointerWarped: Bool) -> [GestureEvent] {
        guard levels.indices.contains(level) else { return [] }
        let old = levels[level].centre
        levels[level].centre = centre
        // Only the innermost menu's move carries the pointer; while a
        // submenu is on its way, its push does.
        guard level == innermost, pending == nil else { return [] }
        let offset = Point(x: centre.x - old.x, y: centre.y - old.y)
        if pointerWarped {
            pointer = pointer?.adding(offset)
            startWarp(by: offset, to: pointer)
            strokeOrigin = strokeOrigin?.adding(offset)
            if var moved = rest {
                moved.anchor = moved.anchor.adding(offset)
                rest = moved
            }
            phase = phase.moved(by: offset)
        } else if gestureUnderWay {
            strokeOrigin = strokeOrigin ?? old
        }
        var events: [GestureEvent] = []
        updateAim(events: &events)
        return events
    }

    /// The submenu asked for did not open (petald refused, or the chain
    /// changed): the highlight follows the pointer in the innermost menu again.
    public mutating func submenuDidNotOpen() -> [GestureEvent] {
        guard pending != nil else { return [] }
        pending = nil
        var events: [GestureEvent] = []
        updateAim(events: &events)
        return events
    }

    /// An arrow key or Tab: the highlight takes `step` round the innermost
    /// menu (``GestureLevel/item(after:stepping:)``). The pointer takes the
    /// highlight back once it aims at another item.
    public mutating func step(_ step: CircleStep) -> [GestureEvent] {
        guard pending == nil, let next = levels[innermost].item(after: highlighted, stepping: step),
            next != highlighted
        else { return [] }
        highlighted = next
        rest?.armed = false
        return [.highlight(level: innermost, item: next)]
    }

    /// Whether a stroke, turbo or hover is going on: what the pointer does
    /// next continues what it did.
    var gestureUnderWay: Bool {
        switch phase {
        case .stroking, .modifierHeld: return true
        case .idle, .pressed: return mode != .pie
        }
    }
}

extension GestureRecognizer.Phase {
    /// The phase with every point in it moved by `offset`.
    func moved(by offset: Point) -> Self {
        switch self {
        case .idle:
            return .idle
        case .pressed(let point, let aim):
            return .pressed(at: point.adding(offset), aim: aim)
        case .modifierHeld(let point):
            return .modifierHeld(from: point?.adding(offset))
        case .stroking(var stroke, let byButton):
            stroke.move(by: offset)
            return .stroking(stroke, byButton: byButton)
        }
    }
}
