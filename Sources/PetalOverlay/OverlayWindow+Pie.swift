import CGtk
import PetalCore
import PetalScene

/// What an overlay window does with input while its chain takes pie
/// gestures (``PieGestures``): the pointer anywhere, in desktop pixels.
extension OverlayWindow {
    /// The top-level window of the chain this window is in.
    var chainTop: OverlayWindow {
        var top = self
        while let parent = top.parentWindow { top = parent }
        return top
    }

    /// The gestures of this window's chain, while it takes them.
    var chainPie: PieGestures? { chainTop.pie }

    /// A button event at `surface` (the surface's coordinates; `root`, the
    /// root window's) in pie mode; whether it was used.
    func pieButton(_ type: GdkEventType, _ button: guint, surface: Point, root: Point) -> Bool {
        guard let pie = chainPie else { return false }
        let point = pie.desktopPoint(self, surface: surface, root: root)
        switch type {
        case GDK_BUTTON_PRESS: pie.button(button, pressed: true, at: point)
        case GDK_BUTTON_RELEASE: pie.button(button, pressed: false, at: point)
        default: break
        }
        return true
    }

    /// Pointer motion to `surface` (`root`) in pie mode; whether it was used.
    func pieMotion(surface: Point, root: Point, modifiers: guint) -> Bool {
        guard let pie = chainPie else { return false }
        pie.motion(to: pie.desktopPoint(self, surface: surface, root: root), modifiers: modifiers)
        return true
    }

    /// A key pressed in pie mode: arrows and Tab walk the circle in angle
    /// order; whether it was used (other keys are as in v3).
    func pieKeyPressed(_ keyval: guint, modifiers: guint) -> Bool {
        guard let pie = chainPie, let key = Self.key(keyval, modifiers: modifiers) else { return false }
        return pie.step(key)
    }

    /// A key released: in turbo, the modifier's release chooses.
    func pieKeyReleased(_ keyval: guint) {
        chainPie?.keyReleased(keyval)
    }
}
