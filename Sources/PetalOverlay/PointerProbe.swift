import CGtk
import PetalCore
import PetalScene

/// Where the pointer is on one Wayland output, learnt the only way a
/// Wayland client can: a transparent surface covering the output on the
/// overlay layer, which the compositor tells at once where the pointer
/// enters it when it appears under the pointer. It answers once: the first
/// position it is told, or nil after ``limit``; then its surface and timer
/// are gone.
@MainActor
final class PointerProbe {
    /// How long the compositor has to say where the pointer is.
    static let limit: UInt32 = 100

    private let output: OutputGeometry
    private let monitor: OpaquePointer
    private var widget: UnsafeMutablePointer<GtkWidget>?
    private var timer: guint = 0
    private var done: ((Point?) -> Void)?

    /// A probe of `output`, whose GDK monitor is `monitor`.
    init(output: OutputGeometry, monitor: OpaquePointer) {
        self.output = output
        self.monitor = monitor
    }

    /// Maps the surface and calls `done` once, with the pointer in desktop
    /// coordinates or nil; the probe holds itself until then.
    func start(_ done: @escaping (Point?) -> Void) {
        guard widget == nil, let widget = gtk_window_new(GTK_WINDOW_TOPLEVEL) else { return done(nil) }
        self.widget = widget
        self.done = done
        let window = petal_gtk_window(widget)
        gtk_layer_init_for_window(window)
        gtk_layer_set_layer(window, GTK_LAYER_SHELL_LAYER_OVERLAY)
        gtk_layer_set_namespace(window, "petal-overlay-pointer")
        gtk_layer_set_monitor(window, monitor)
        for edge in [
            GTK_LAYER_SHELL_EDGE_LEFT, GTK_LAYER_SHELL_EDGE_RIGHT, GTK_LAYER_SHELL_EDGE_TOP,
            GTK_LAYER_SHELL_EDGE_BOTTOM,
        ] {
            gtk_layer_set_anchor(window, edge, PETAL_TRUE)
        }
        // The whole output, panels included: a position under a bar is still the pointer's.
        gtk_layer_set_exclusive_zone(window, -1)
        gtk_layer_set_keyboard_mode(window, GTK_LAYER_SHELL_KEYBOARD_MODE_NONE)
        gtk_widget_set_app_paintable(widget, PETAL_TRUE)
        if let screen = gtk_widget_get_screen(widget), let visual = gdk_screen_get_rgba_visual(screen) {
            gtk_widget_set_visual(widget, visual)
        }
        gtk_widget_add_events(
            widget, Int32(GDK_ENTER_NOTIFY_MASK.rawValue | GDK_POINTER_MOTION_MASK.rawValue))
        connect(widget)
        let me = Unmanaged.passRetained(self).toOpaque()
        timer = g_timeout_add(
            Self.limit,
            { data in
                nonisolated(unsafe) let probe = data
                MainActor.assumeIsolated { PointerProbe.from(probe).finish(nil, timedOut: true) }
                return PETAL_FALSE
            }, me)
        gtk_widget_show(widget)
    }

    private func connect(_ widget: UnsafeMutablePointer<GtkWidget>) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = petal_connect_draw(
            widget,
            { _, cr, _ in
                // Nothing shows: every pixel cleared to transparent.
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source_rgba(cr, 0, 0, 0, 0)
                cairo_paint(cr)
                return PETAL_TRUE
            }, me)
        _ = petal_connect_crossing(
            widget, "enter-notify-event",
            { _, event, data in
                guard let event else { return PETAL_FALSE }
                let (x, y) = (event.pointee.x, event.pointee.y)
                nonisolated(unsafe) let probe = data
                MainActor.assumeIsolated { PointerProbe.from(probe).told(x: x, y: y) }
                return PETAL_TRUE
            }, me)
        _ = petal_connect_motion(
            widget,
            { _, event, data in
                guard let event else { return PETAL_FALSE }
                let (x, y) = (event.pointee.x, event.pointee.y)
                nonisolated(unsafe) let probe = data
                MainActor.assumeIsolated { PointerProbe.from(probe).told(x: x, y: y) }
                return PETAL_TRUE
            }, me)
        // Its output going closes the surface; the widget is kept for the probe to destroy when it answers.
        _ = petal_connect_delete(widget, { _, _, _ in PETAL_TRUE }, me)
    }

    private func told(x: Double, y: Double) {
        finish(output.desktop(Point(x: x, y: y)), timedOut: false)
    }

    /// Answers once: removes the timer (unless it is what fired), destroys the surface, calls `done`.
    private func finish(_ point: Point?, timedOut: Bool) {
        guard let done else { return }
        self.done = nil
        if !timedOut { g_source_remove(timer) }
        timer = 0
        if let widget { gtk_widget_destroy(widget) }
        widget = nil
        done(point)
        // The timer's reference, taken in start, is the last; the probe goes with it.
        Unmanaged.passUnretained(self).release()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> PointerProbe {
        Unmanaged<PointerProbe>.fromOpaque(data!).takeUnretainedValue()
    }
}
