import PetalCore

extension GestureRecognizer {
    /// What the pointer at `point` aims at in the innermost menu; nothing
    /// while a submenu is on its way (its items are not known yet).
    func aim(at point: Point) -> PieAim {
        pending == nil ? levels[innermost].aim(at: point, from: strokeOrigin) : .nothing
    }

    /// Moves a press past the drag threshold into a stroke, and a stroke on
    /// to `point`; a turn while a submenu item is highlighted opens it at the corner.
    mutating func advanceStroke(to point: Point, events: inout [GestureEvent]) {
        switch phase {
        case .idle:
            return
        case .pressed(let start, _):
            guard point.distance(to: start) > settings.dragThreshold else { return }
            phase = .stroking(Stroke(at: start), byButton: true)
        case .modifierHeld(let start):
            guard let start else {
                phase = .modifierHeld(from: point)
                return
            }
            guard point.distance(to: start) > settings.dragThreshold else { return }
            phase = .stroking(Stroke(at: start), byButton: false)
        case .stroking:
            break
        }
        guard case .stroking(var stroke, let byButton) = phase else { return }
        let step = stroke.add(point, settings: settings)
        phase = .stroking(stroke, byButton: byButton)
        // The item highlighted before this sample is the one the stroke went
        // to: the sample after a sharp corner may lie in another direction.
        if case .turned(let corner) = step, let id = highlightedSubmenu {
            events.append(openSubmenu(id, at: corner))
        }
    }

    /// The highlighted item when it is an enabled submenu item of a known menu.
    var highlightedSubmenu: String? {
        guard pending == nil, let id = highlighted, let item = levels[innermost].item(id), item.enabled,
            item.opensSubmenu
        else { return nil }
        return id
    }

    /// Highlights what the pointer aims at when that changed; whether it did.
    @discardableResult
    mutating func updateAim(events: inout [GestureEvent]) -> Bool {
        guard pending == nil, let pointer else { return false }
        let id: String?
        if case .item(let item) = aim(at: pointer) { id = item } else { id = nil }
        guard id != aimed else { return false }
        aimed = id
        highlighted = id
        events.append(.highlight(level: innermost, item: id))
        return true
    }

    /// Starts the pointer's rest again where it moved past the jitter, or
    /// where the highlight changed; the first sample only says where it is.
    mutating func settleRest(at point: Point, time: Double, highlightChanged: Bool) {
        guard let rest else {
            rest = Rest(anchor: point, since: time, armed: false)
            return
        }
        if highlightChanged || rest.anchor.distance(to: point) > settings.jitter {
            self.rest = Rest(anchor: point, since: time, armed: true)
        }
    }

    /// A click that aimed at `aim`.
    func click(_ aim: PieAim) -> [GestureEvent] {
        switch aim {
        case .centre: return [innermost == 0 ? .toggle : .back]
        case .item(let id): return [.activate(level: innermost, item: id)]
        case .nothing: return []
        }
    }

    /// The stroke ended at `point`: its highlighted item is activated; with
    /// none the chain stays open, and directions are taken from the drawn
    /// centre again. When its submenu is still on its way, the choice waits for it.
    mutating func finishStroke(at point: Point) -> [GestureEvent] {
        if pending != nil {
            pending?.releasedAt = point
            return []
        }
        strokeOrigin = nil
        if let id = highlighted, levels[innermost].item(id)?.enabled == true {
            return [.activate(level: innermost, item: id)]
        }
        var events: [GestureEvent] = []
        updateAim(events: &events)
        return events
    }

    /// Asks for the submenu of the innermost menu's item `id` centred at
    /// `point`; until it is pushed nothing is highlighted.
    mutating func openSubmenu(_ id: String, at point: Point) -> GestureEvent {
        pending = PendingSubmenu(centre: point)
        aimed = nil
        highlighted = nil
        strokeOrigin = nil
        rest?.armed = false
        return .openSubmenu(level: innermost, item: id, at: point)
    }
}
