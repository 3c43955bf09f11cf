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

    /// A button event in pie mode; whether it was used.
    func pieButton(_ type: GdkEventType, _ button: guint, root: Point) -> Bool {
        guard let pie = chainPie else { return false }
        switch type {
        case GDK_BUTTON_PRESS: pie.button(button, pressed: true, at: root)
        case GDK_BUTTON_RELEASE: pie.button(button, pressed: false, at: root)
        default: break
        }
        return true
    }

    /// Pointer motion in pie mode; whether it was used.
    func pieMotion(root: Point, modifiers: guint) -> Bool {
        guard let pie = chainPie else { return false }
        pie.motion(to: root, modifiers: modifiers)
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
