import CGtk
import DBus
import PetalAPI
import PetalCore
import PetalScene

/// The pie gestures of one open chain of radial menus (docs/overlay.md,
/// "Pie gestures"): feeds what the pointer and the keys do, anywhere on the
/// desktop, to a ``GestureRecognizer`` and carries out what it asks.
///
/// Points are desktop pixels (an event's root coordinates), so that the
/// windows of the chain, each with its own surface, speak of one plane.
/// Times are the monotonic clock's when an event is handled, the clock the
/// pause timer runs on. The timer is armed only while a pause can choose
/// something (``GestureRecognizer/nextTick``): a still pointer wakes nothing.
@MainActor
final class PieGestures {
    private(set) var recognizer: GestureRecognizer
    /// The windows of the chain, top-level first, as the recognizer's levels.
    private(set) var windows: [OverlayWindow]
    /// Whether the chain was shown with turbo and the modifier is not yet released.
    private(set) var turbo: Bool
    private let perform: (Intent, ObjectPath) -> Void
    /// Moves the pointer by an offset where the display lets a client; whether it did.
    private let warp: (Point) -> Bool
    private var timer: guint = 0
    /// The output of each window of the chain, for the surface points of Wayland's events.
    private var outputs: [ObjectIdentifier: OutputGeometry] = [:]
    /// An item chosen in a menu still opening, which petald would refuse:
    /// activated once the menu is open (a fast stroke through a submenu).
    private var waiting: (window: OverlayWindow, item: String)?

    /// Gestures for the chain whose top-level window is `top`, its level
    /// centred at `centre`, with what was held as it opened: a modifier
    /// (turbo) that chooses as it is released, or the first button, whose
    /// drag is a stroke.
    init(
        top: OverlayWindow, level: GestureLevel, mode: GestureMode, settings: GestureSettings, start: GestureStart,
        warp: @escaping (Point) -> Bool, perform: @escaping (Intent, ObjectPath) -> Void
    ) {
        recognizer = GestureRecognizer(levels: [level], mode: mode, settings: settings, start: start)
        windows = [top]
        turbo = start == .modifierHeld
        self.warp = warp
        self.perform = perform
    }

    /// Stops the pause timer: the chain closed.
    func end() {
        if timer != 0 { g_source_remove(timer) }
        timer = 0
    }

    private var now: Double { Double(g_get_monotonic_time()) / 1e6 }

    /// `window` of the chain is on `output` (nil: not known yet).
    func setOutput(_ output: OutputGeometry?, of window: OverlayWindow) {
        outputs[ObjectIdentifier(window)] = output
    }

    /// Where a pointer event `window` got at `surface` (its surface's own
    /// coordinates) is on the desktop. X11 says (`root`). GDK on Wayland
    /// knows no surface's place on the desktop and reports surface
    /// coordinates as root ones; a pie's layer surface covers its output,
    /// so the output's corner is added.
    func desktopPoint(_ window: OverlayWindow, surface: Point, root: Point) -> Point {
        guard window.backend == .layerShell, let output = outputs[ObjectIdentifier(window)] else { return root }
        return output.desktop(surface)
    }

    // MARK: Input

    /// The pointer moved to `point` with `modifiers` held.
    func motion(to point: Point, modifiers: guint) {
        if turbo && modifiers & Self.modifierMask == 0 {
            // The modifier came up before the keyboard was taken: its release was not seen.
            return modifierReleased()
        }
        apply(recognizer.motion(to: point, time: now))
    }

    /// `button` (GDK's number) went down or up at `point`.
    func button(_ button: guint, pressed: Bool, at point: Point) {
        let which: PointerButton = button == 1 ? .primary : button == 3 ? .secondary : .other
        if pressed {
            turbo = false
            apply(recognizer.press(which, at: point, time: now))
        } else {
            apply(recognizer.release(which, at: point, time: now))
        }
    }

    /// A key came up: in turbo, a modifier's release chooses.
    func keyReleased(_ keyval: guint) {
        guard turbo, Self.modifierKeys.contains(Int32(keyval)) else { return }
        modifierReleased()
    }

    private func modifierReleased() {
        turbo = false
        apply(recognizer.modifierReleased(time: now))
    }

    /// An arrow key or Tab walks the innermost menu's circle in angle order
    /// (``CircleWalk``); whether the key was used.
    func step(_ key: Key) -> Bool {
        let step: CircleStep
        switch key {
        case .right, .down, .tab: step = .next
        case .left, .up, .backTab: step = .previous
        default: return false
        }
        apply(recognizer.step(step))
        return true
    }

    // MARK: The chain

    /// The chain is now `chain` (top-level first), each centred at
    /// `centres` (desktop pixels), its levels as `levels` says: submenus
    /// opened are pushed, closed ones popped, and moved ones moved.
    func follow(_ chain: [OverlayWindow], centres: [Point], levels: (Int) -> GestureLevel) {
        if let (window, item) = waiting, window.scene.state != .expanding {
            waiting = nil
            if window.scene.state == .expanded && chain.contains(where: { $0 === window }) {
                perform(.activate(item), window.path)
            }
        }
        while windows.count > chain.count || zip(windows, chain).contains(where: { $0 !== $1 }) {
            guard windows.count > 1 else { break }
            outputs[ObjectIdentifier(windows.removeLast())] = nil
            windows[windows.count - 1].strokeSubmenu = nil
            apply(recognizer.pop())
        }
        for index in windows.indices where index < centres.count && recognizer.levels[index].centre != centres[index] {
            apply(recognizer.move(level: index, to: centres[index], pointerWarped: false))
        }
        while windows.count < chain.count {
            let index = windows.count
            var level = levels(index)
            level.centre = centres[index]
            // A submenu a stroke opened where the chain had to move inwards:
            // the pointer moves by as much (X11), so the stroke goes on in it.
            var warped = false
            if let asked = windows[index - 1].strokeSubmenu?.centre {
                warped = warp(Point(x: level.centre.x - asked.x, y: level.centre.y - asked.y))
            }
            // The parent shows the way to its submenu, whatever the pointer aimed at there (a key opened it).
            let parent = windows[index - 1]
            let opener = parent.openedItem.flatMap { $0 == parent.scene.highlighted ? nil : $0 }
            windows.append(chain[index])
            apply(recognizer.push(level, from: opener, pointerWarped: warped))
        }
    }

    // MARK: Carrying out

    private func apply(_ events: [GestureEvent]) {
        for event in events { carryOut(event) }
        armTimer()
    }

    private func carryOut(_ event: GestureEvent) {
        let top = windows[0].path
        switch event {
        case .highlight(let level, let item):
            guard let window = window(at: level) else { return }
            window.highlightChanged(to: item ?? "")
            perform(.highlight(item ?? ""), window.path)
        case .activate(let level, let item):
            guard let window = window(at: level) else { return }
            window.strokeSubmenu = nil
            guard window.scene.state != .expanding else {
                waiting = (window, item)
                return
            }
            perform(.activate(item), window.path)
        case .openSubmenu(let level, let item, let centre):
            guard let window = window(at: level) else { return }
            window.strokeSubmenu = (item, centre)
            perform(.activate(item), window.path)
        case .toggle:
            perform(.toggle, top)
        case .back:
            perform(.back, windows[windows.count - 1].path)
        case .close:
            perform(.close, top)
        }
    }

    private func window(at level: Int) -> OverlayWindow? {
        windows.indices.contains(level) ? windows[level] : nil
    }

    /// Arms the one timer a pause needs, or none.
    private func armTimer() {
        if timer != 0 { g_source_remove(timer) }
        timer = 0
        guard let deadline = recognizer.nextTick else { return }
        let milliseconds = guint(max(0, ((deadline - now) * 1000).rounded(.up)))
        timer = g_timeout_add(
            milliseconds,
            { data in
                nonisolated(unsafe) let me = data
                MainActor.assumeIsolated {
                    let gestures = Unmanaged<PieGestures>.fromOpaque(me!).takeUnretainedValue()
                    gestures.timer = 0
                    gestures.apply(gestures.recognizer.tick(time: gestures.now))
                }
                return PETAL_FALSE
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The modifiers whose release ends turbo.
    static let modifierMask =
        GDK_SUPER_MASK.rawValue | GDK_MOD4_MASK.rawValue | GDK_MOD1_MASK.rawValue | GDK_CONTROL_MASK.rawValue
        | GDK_SHIFT_MASK.rawValue | GDK_META_MASK.rawValue | GDK_HYPER_MASK.rawValue
    static let modifierKeys: Set<Int32> = [
        GDK_KEY_Super_L, GDK_KEY_Super_R, GDK_KEY_Alt_L, GDK_KEY_Alt_R, GDK_KEY_Control_L, GDK_KEY_Control_R,
        GDK_KEY_Shift_L, GDK_KEY_Shift_R, GDK_KEY_Meta_L, GDK_KEY_Meta_R, GDK_KEY_Hyper_L, GDK_KEY_Hyper_R,
    ]
}
