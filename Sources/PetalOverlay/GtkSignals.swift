import CGtk
import PetalCore

/// The C trampolines of the overlay window's GTK signals: each finds the
/// window from the signal's user data and calls it on the main thread.
@MainActor
enum GtkSignals {
    static func connect(_ window: OverlayWindow, to widget: UnsafeMutablePointer<GtkWidget>) {
        let me = Unmanaged.passUnretained(window).toOpaque()
        _ = petal_connect_draw(
            widget,
            { _, cr, data in
                nonisolated(unsafe) let (window, cr) = (data, cr!)
                MainActor.assumeIsolated { OverlayWindow.from(window).draw(on: cr) }
                return PETAL_TRUE
            }, me)
        for signal in ["button-press-event", "button-release-event"] {
            _ = petal_connect_button(
                widget, signal,
                { _, event, data in
                    guard let event else { return PETAL_FALSE }
                    let (x, y, type, button) = (
                        event.pointee.x, event.pointee.y, event.pointee.type, event.pointee.button
                    )
                    let root = Point(x: event.pointee.x_root, y: event.pointee.y_root)
                    nonisolated(unsafe) let window = data
                    MainActor.assumeIsolated {
                        let window = OverlayWindow.from(window)
                        if !window.pieButton(type, button, surface: Point(x: x, y: y), root: root) {
                            window.button(type, button, x: x, y: y)
                        }
                    }
                    return PETAL_TRUE
                }, me)
        }
        _ = petal_connect_motion(
            widget,
            { _, event, data in
                guard let event else { return PETAL_FALSE }
                let (x, y, state) = (event.pointee.x, event.pointee.y, event.pointee.state)
                let root = Point(x: event.pointee.x_root, y: event.pointee.y_root)
                nonisolated(unsafe) let window = data
                MainActor.assumeIsolated {
                    let window = OverlayWindow.from(window)
                    if !window.pieMotion(surface: Point(x: x, y: y), root: root, modifiers: state) {
                        window.pointerMoved(x: x, y: y)
                    }
                }
                return PETAL_FALSE
            }, me)
        _ = petal_connect_crossing(
            widget, "leave-notify-event",
            { _, _, data in
                nonisolated(unsafe) let window = data
                MainActor.assumeIsolated { OverlayWindow.from(window).pointerLeft() }
                return PETAL_FALSE
            }, me)
        _ = petal_connect_key(
            widget,
            { _, event, data in
                guard let event else { return PETAL_FALSE }
                let (keyval, state) = (event.pointee.keyval, event.pointee.state)
                nonisolated(unsafe) let window = data
                return MainActor.assumeIsolated {
                    let window = OverlayWindow.from(window)
                    return window.pieKeyPressed(keyval, modifiers: state) || window.keyPressed(keyval, modifiers: state)
                }
                    ? PETAL_TRUE : PETAL_FALSE
            }, me)
        // Turbo: the release of the modifier that showed the menu chooses.
        gtk_widget_add_events(widget, Int32(bitPattern: GDK_KEY_RELEASE_MASK.rawValue))
        _ = petal_connect_event(
            widget, "key-release-event",
            { _, event, data in
                guard let event else { return PETAL_FALSE }
                let keyval = event.pointee.key.keyval
                nonisolated(unsafe) let window = data
                MainActor.assumeIsolated { OverlayWindow.from(window).pieKeyReleased(keyval) }
                return PETAL_FALSE
            }, me)
        // gtk-layer-shell closes the window when the compositor closes its surface (its output went):
        // kept, it is put on an output there is instead.
        _ = petal_connect_delete(
            widget,
            { _, _, data in
                nonisolated(unsafe) let window = data
                MainActor.assumeIsolated { OverlayWindow.from(window).closedByCompositor() }
                return PETAL_TRUE
            }, me)
        _ = petal_connect_size_allocate(
            widget,
            { _, _, data in
                nonisolated(unsafe) let window = data
                MainActor.assumeIsolated { OverlayWindow.from(window).sizeChanged() }
            }, me)
    }

    /// Follows the desktop's animations setting, which concerns every
    /// window. Connected once, for the program's life. (Outputs are
    /// ``OverlayOutputs``', which calls ``MenuWindows/screenChanged()``
    /// once, after it has read them again.)
    static func followAnimationsSetting(_ windows: MenuWindows) {
        let me = Unmanaged.passUnretained(windows).toOpaque()
        // The desktop asking for no animations, or for them again (docs/overlay.md, "Reduced motion").
        if let settings = gtk_settings_get_default() {
            _ = petal_connect_property(
                UnsafeMutableRawPointer(settings), "notify::gtk-enable-animations",
                { _, _, data in
                    nonisolated(unsafe) let windows = data
                    MainActor.assumeIsolated { MenuWindows.from(windows).animationsSettingChanged() }
                }, me)
        }
    }

    /// Follows a compositing manager starting or stopping on the X11 screen
    /// (`composited-changed`), for the program's life.
    static func followCompositing(_ windows: MenuWindows) {
        guard let screen = gdk_screen_get_default() else { return }
        _ = petal_connect_notify(
            UnsafeMutableRawPointer(screen), "composited-changed",
            { _, data in
                nonisolated(unsafe) let windows = data
                MainActor.assumeIsolated { MenuWindows.from(windows).compositingChanged() }
            }, Unmanaged.passUnretained(windows).toOpaque())
    }

    /// Starts a frame-clock tick that redraws `window` each frame until it says stop.
    static func addTick(to window: OverlayWindow, widget: UnsafeMutablePointer<GtkWidget>) -> guint {
        gtk_widget_add_tick_callback(
            widget,
            { _, _, data in
                nonisolated(unsafe) let window = data
                return MainActor.assumeIsolated { OverlayWindow.from(window).tick() } ? PETAL_TRUE : PETAL_FALSE
            }, Unmanaged.passUnretained(window).toOpaque(), nil)
    }
}

extension OverlayWindow {
    /// The window a signal's user data points at; it lives until its widget is destroyed.
    static func from(_ data: UnsafeMutableRawPointer?) -> OverlayWindow {
        Unmanaged<OverlayWindow>.fromOpaque(data!).takeUnretainedValue()
    }
}

extension MenuWindows {
    /// The windows a signal's user data points at; they live as long as the program.
    static func from(_ data: UnsafeMutableRawPointer?) -> MenuWindows {
        Unmanaged<MenuWindows>.fromOpaque(data!).takeUnretainedValue()
    }
}
