import CGtk

/// The keyboard of a list picker: taken as the menu opens (exclusive on a
/// layer surface, a grab on X11), kept across other windows' ungrabs, given
/// back as it closes.
extension ListWindow {
    /// Takes the keyboard: on a layer surface its exclusive keyboard mode; on
    /// X11 a grab, tried again when the window is mapped if the server refuses
    /// it now (the window is not viewable yet), and meanwhile taken on ``standIn``.
    func takeKeyboard() {
        guard !keyboardTaken else { return }
        switch backend {
        case .layerShell:
            gtk_layer_set_keyboard_mode(petal_gtk_window(widget), GTK_LAYER_SHELL_KEYBOARD_MODE_EXCLUSIVE)
            keyboardTaken = true
        case .x11:
            guard let display = gdk_display_get_default(), let seat = gdk_display_get_default_seat(display) else {
                return
            }
            if let window = gtk_widget_get_window(widget) {
                let status = gdk_seat_grab(seat, window, GDK_SEAT_CAPABILITY_KEYBOARD, PETAL_TRUE, nil, nil, nil, nil)
                keyboardTaken = status == GDK_GRAB_SUCCESS
                // The window's own grab replaces the stand-in's.
                if keyboardTaken { standInGrabbed = false }
                if !keyboardTaken { log.debug("keyboard grab for \(path): status \(status.rawValue), tried again") }
            }
            if !keyboardTaken, !standInGrabbed, let standIn { standInGrabbed = Self.grabKeyboard(on: standIn) }
        }
    }

    /// Takes the keyboard on Wayland on `widget`'s layer surface, if it is
    /// mapped (main's, the resting button's): the compositor focuses it at
    /// its next commit, sooner than a new surface is mapped; says whether it did.
    static func takeKeyboard(onLayerSurface widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard gtk_widget_get_mapped(widget) != PETAL_FALSE else { return false }
        gtk_layer_set_keyboard_mode(petal_gtk_window(widget), GTK_LAYER_SHELL_KEYBOARD_MODE_EXCLUSIVE)
        // Now, not at GTK's next frame, which may be a frame away: keys are being typed.
        petal_wayland_commit_now(widget)
        return true
    }

    /// On Wayland, once this window is mapped and takes keys itself, the
    /// stand-in's layer surface gives the keyboard back.
    func releaseStandIn() {
        guard backend == .layerShell, standInGrabbed, let standIn else { return }
        standInGrabbed = false
        gtk_layer_set_keyboard_mode(petal_gtk_window(standIn), GTK_LAYER_SHELL_KEYBOARD_MODE_NONE)
    }

    /// Grabs the keyboard on X11 on `widget`'s window, if it is viewable; says whether it did.
    static func grabKeyboard(on widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let display = gdk_display_get_default(), let seat = gdk_display_get_default_seat(display),
            let window = gtk_widget_get_window(widget)
        else { return false }
        return gdk_seat_grab(seat, window, GDK_SEAT_CAPABILITY_KEYBOARD, PETAL_TRUE, nil, nil, nil, nil)
            == GDK_GRAB_SUCCESS
    }

    /// Takes the keyboard again on X11, after another window gave it back (a closing menu's ungrab).
    func keepKeyboard() {
        guard backend == .x11, keyboardTaken else { return }
        keyboardTaken = false
        takeKeyboard()
    }

    /// Gives the keyboard back, as the list closes.
    func releaseKeyboard() {
        guard keyboardTaken || standInGrabbed else { return }
        releaseStandIn()
        keyboardTaken = false
        standInGrabbed = false
        switch backend {
        case .layerShell:
            gtk_layer_set_keyboard_mode(petal_gtk_window(widget), GTK_LAYER_SHELL_KEYBOARD_MODE_NONE)
        case .x11:
            if let display = gdk_display_get_default(), let seat = gdk_display_get_default_seat(display) {
                gdk_seat_ungrab(seat)
            }
        }
    }
}
