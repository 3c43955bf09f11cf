import CGtk

/// The C trampolines of a list window's GTK signals: each finds the window
/// from the signal's user data and calls it on the main thread.
@MainActor
enum ListSignals {
    static func connect(_ window: ListWindow, to widget: UnsafeMutablePointer<GtkWidget>) {
        let me = Unmanaged.passUnretained(window).toOpaque()
        _ = petal_connect_draw(
            widget,
            { _, cr, data in
                nonisolated(unsafe) let (window, cr) = (data, cr!)
                MainActor.assumeIsolated { ListWindow.from(window).draw(on: cr) }
                return PETAL_TRUE
            }, me)
        _ = petal_connect_button(
            widget, "button-press-event",
            { _, event, data in
                guard let event else { return PETAL_FALSE }
                let (x, y, type, button) = (event.pointee.x, event.pointee.y, event.pointee.type, event.pointee.button)
                nonisolated(unsafe) let window = data
                MainActor.assumeIsolated { ListWindow.from(window).buttonPressed(button, type: type, x: x, y: y) }
                return PETAL_TRUE
            }, me)
        _ = petal_connect_scroll(
            widget,
            { _, event, data in
                guard let event else { return PETAL_FALSE }
                let direction = event.pointee.direction
                nonisolated(unsafe) let window = data
                MainActor.assumeIsolated { ListWindow.from(window).scrolled(direction) }
                return PETAL_TRUE
            }, me)
        _ = petal_connect_key(
            widget,
            { _, event, data in
                guard let event else { return PETAL_FALSE }
                let (keyval, state) = (event.pointee.keyval, event.pointee.state)
                nonisolated(unsafe) let window = data
                return MainActor.assumeIsolated { ListWindow.from(window).keyPressed(keyval, modifiers: state) }
                    ? PETAL_TRUE : PETAL_FALSE
            }, me)
        // Mapped: on X11 the keyboard grab the server refused before the window was viewable is taken now.
        _ = petal_connect_event(
            widget, "map-event",
            { _, _, data in
                nonisolated(unsafe) let window = data
                MainActor.assumeIsolated {
                    let list = ListWindow.from(window)
                    list.takeKeyboard()
                    list.releaseStandIn()
                }
                return PETAL_FALSE
            }, me)
        _ = petal_connect_delete(
            widget,
            { _, _, data in
                nonisolated(unsafe) let window = data
                MainActor.assumeIsolated { ListWindow.from(window).act(.close) }
                return PETAL_TRUE
            }, me)
    }
}

extension ListWindow {
    /// The window a signal's user data points at; it lives until its widget is destroyed.
    static func from(_ data: UnsafeMutableRawPointer?) -> ListWindow {
        Unmanaged<ListWindow>.fromOpaque(data!).takeUnretainedValue()
    }
}
