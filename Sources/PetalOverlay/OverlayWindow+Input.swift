import CGtk
import PetalCore
import PetalScene

extension OverlayWindow {
    /// What is under a surface point; an item's label counts as the item.
    private func target(x: Double, y: Double) -> Target? {
        let point = Point(x: x - origin.x, y: y - origin.y)
        let frame = scene.frame(at: now)
        let target = frame.target(at: point)
        guard target == nil || target == .backdrop,
            let id = labelBoxes.first(where: { $0.value.contains(point) })?.key,
            frame.items.contains(where: { $0.target == .item(id) && $0.interactive })
        else { return target }
        return .item(id)
    }

    func button(_ type: GdkEventType, _ button: guint, x: Double, y: Double) {
        guard button == 1 else { return }
        let target = self.target(x: x, y: y)
        switch type {
        case GDK_BUTTON_PRESS:
            interaction.pointerPressed(on: target, in: &scene, at: now)
            redraw()
        case GDK_BUTTON_RELEASE:
            let intents = interaction.pointerReleased(over: target, in: &scene, at: now)
            redraw()
            intents.forEach(perform)
        default:
            // Double and triple clicks arrive as presses too; GDK also reports them apart.
            break
        }
    }

    func pointerMoved(x: Double, y: Double) {
        lastPointer = Point(x: x, y: y)
        interaction.pointerMoved(over: target(x: x, y: y), in: scene).forEach(perform)
    }

    func pointerLeft() {
        interaction.pointerMoved(over: nil, in: scene).forEach(perform)
    }

    /// A key while the overlay has the keyboard; returns whether it was used.
    func keyPressed(_ keyval: guint, modifiers: guint) -> Bool {
        if let keyRedirect { return keyRedirect(keyval, modifiers) }
        log.debug("key \(keyval) pressed")
        guard let key = Self.key(keyval, modifiers: modifiers) else { return false }
        let intents = interaction.keyPressed(key, in: scene)
        intents.forEach(perform)
        return !intents.isEmpty
    }

    /// The key `keyval` is, with `modifiers` held; nil for one the overlay does not use.
    static func key(_ keyval: guint, modifiers: guint) -> Key? {
        let shift = modifiers & GDK_SHIFT_MASK.rawValue != 0
        switch Int32(keyval) {
        case GDK_KEY_Escape: return .escape
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter: return .enter
        case GDK_KEY_space, GDK_KEY_KP_Space: return .space
        case GDK_KEY_Tab, GDK_KEY_KP_Tab: return shift ? .backTab : .tab
        case GDK_KEY_ISO_Left_Tab: return .backTab
        case GDK_KEY_Left, GDK_KEY_KP_Left: return .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: return .right
        case GDK_KEY_Up, GDK_KEY_KP_Up: return .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: return .down
        case GDK_KEY_1...GDK_KEY_9: return .digit(Int(Int32(keyval) - GDK_KEY_0))
        case GDK_KEY_KP_1...GDK_KEY_KP_9: return .digit(Int(Int32(keyval) - GDK_KEY_KP_0))
        case GDK_KEY_BackSpace: return .backspace
        default: return character(keyval, modifiers: modifiers)
        }
    }

    /// The character a key types, for an item's `key`; none with Control,
    /// Alt or Super held (those are the desktop's shortcuts), and none for
    /// a key that types no character or a control character.
    private static func character(_ keyval: guint, modifiers: guint) -> Key? {
        let shortcut =
            GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue | GDK_SUPER_MASK.rawValue
            | GDK_MOD4_MASK.rawValue
        guard modifiers & shortcut == 0 else { return nil }
        let code = gdk_keyval_to_unicode(keyval)
        guard code >= 0x20, code != 0x7f, let scalar = Unicode.Scalar(code) else { return nil }
        guard !(0x80...0x9f).contains(code) else { return nil }
        return .character(Character(scalar))
    }

    /// Takes the keyboard while the menu is open, and gives it back when it closes:
    /// on a layer surface through its keyboard mode, on X11 by a grab.
    func takeKeyboard(_ take: Bool) {
        guard take != keyboardTaken, !(take && keyboardRefused) else { return }
        keyboardTaken = take
        switch backend {
        case .layerShell:
            gtk_layer_set_keyboard_mode(
                petal_gtk_window(widget),
                take ? GTK_LAYER_SHELL_KEYBOARD_MODE_EXCLUSIVE : GTK_LAYER_SHELL_KEYBOARD_MODE_NONE)
        case .x11:
            guard let display = gdk_display_get_default(), let seat = gdk_display_get_default_seat(display) else {
                return
            }
            guard take else { return gdk_seat_ungrab(seat) }
            guard let window = gtk_widget_get_window(widget) else { return }
            // A chain taking pie gestures takes the pointer too, wherever it goes on the screen.
            let capabilities = chainPie == nil ? GDK_SEAT_CAPABILITY_KEYBOARD : GDK_SEAT_CAPABILITY_ALL
            let status = gdk_seat_grab(seat, window, capabilities, PETAL_TRUE, nil, nil, nil, nil)
            if status != GDK_GRAB_SUCCESS {
                log.warning(
                    "could not take the keyboard (grab status \(status.rawValue)): another program holds it; petal-overlay tries again when the menu is fully open, and clicks work meanwhile"
                )
                keyboardTaken = false
                keyboardRefused = true
            }
        }
    }
}
