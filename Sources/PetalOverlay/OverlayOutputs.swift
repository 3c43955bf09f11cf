import CGtk
import PetalCore
import PetalScene

/// The display's outputs as GDK knows them. (Interim: replaced by the full
/// version with Wayland names and the pointer probe.)
@MainActor
final class OverlayOutputs {
    private let log: OverlayLog
    /// Called after the outputs change.
    var changed: () -> Void = {}

    init(log: OverlayLog) {
        self.log = log
    }

    private var display: OpaquePointer? { gdk_display_get_default() }

    /// Every output, in the display's order.
    var outputs: [OutputGeometry] {
        guard let display else { return [] }
        return (0..<gdk_display_get_n_monitors(display)).compactMap { index in
            gdk_display_get_monitor(display, index).map(Self.geometry)
        }
    }

    /// The primary output (X11's RandR primary); nil where the compositor chooses.
    var primary: OutputGeometry? {
        guard let display, petal_display_is_x11(display) != PETAL_FALSE,
            let monitor = gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0)
        else { return nil }
        return Self.geometry(monitor)
    }

    /// The focused output's name, when known.
    var focused: String? { nil }

    /// The GdkMonitor of the output called `name`.
    func monitor(named name: String) -> OpaquePointer? {
        guard let display else { return nil }
        for index in 0..<gdk_display_get_n_monitors(display) {
            if let monitor = gdk_display_get_monitor(display, index), Self.name(of: monitor) == name {
                return monitor
            }
        }
        return nil
    }

    /// The pointer in desktop coordinates, where the display tells (X11).
    func pointer() -> Point? {
        guard let display, petal_display_is_x11(display) != PETAL_FALSE,
            let seat = gdk_display_get_default_seat(display), let pointer = gdk_seat_get_pointer(seat)
        else { return nil }
        var (x, y): (Int32, Int32) = (0, 0)
        gdk_device_get_position(pointer, nil, &x, &y)
        return Point(x: Double(x), y: Double(y))
    }

    /// Where the pointer is, on `output`.
    func probePointer(on output: OutputGeometry, _ done: @escaping (Point?) -> Void) {
        done(pointer())
    }

    /// The output a window is on, and its monitor: X11's primary, or on
    /// Wayland the one the compositor put the window on.
    func output(of window: OverlayWindow) -> (OutputGeometry, OpaquePointer?)? {
        guard let display else { return nil }
        if petal_display_is_x11(display) != PETAL_FALSE,
            let monitor = gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0)
        {
            return (Self.geometry(monitor), monitor)
        }
        guard let gdkWindow = gtk_widget_get_window(window.widget),
            let monitor = gdk_display_get_monitor_at_window(display, gdkWindow)
        else { return nil }
        return (Self.geometry(monitor), monitor)
    }

    private static func name(of monitor: OpaquePointer) -> String {
        gdk_monitor_get_model(monitor).map { String(cString: $0) } ?? ""
    }

    private static func geometry(_ monitor: OpaquePointer) -> OutputGeometry {
        var rect = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &rect)
        return OutputGeometry(
            name: name(of: monitor),
            frame: Rect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height)),
            scale: Double(gdk_monitor_get_scale_factor(monitor)))
    }
}
