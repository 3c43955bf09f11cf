import CGtk
import PetalScene

/// The work area of an X11 monitor, where placement keeps menus
/// (docs/overlay.md, "Placement on outputs"): GDK's, made of the window
/// manager's `_NET_WORKAREA`; when the window manager publishes none (i3),
/// the monitor less the struts panels keep (``ScreenStrut``, i3bar's).
@MainActor
enum X11WorkArea {
    /// How many numbers of struts are read at most: 13 a panel.
    private static let capacity = 13 * 32

    /// `output`, the output of `monitor`, with its work area.
    static func of(_ output: OutputGeometry, monitor: OpaquePointer, display: OpaquePointer) -> OutputGeometry {
        var rect = GdkRectangle()
        gdk_monitor_get_workarea(monitor, &rect)
        let area = Rect(
            x: Double(rect.x) - output.frame.x, y: Double(rect.y) - output.frame.y, width: Double(rect.width),
            height: Double(rect.height))
        let placed = OutputGeometry(name: output.name, frame: output.frame, scale: output.scale, workArea: area)
        guard petal_x11_publishes_work_area(display) == PETAL_FALSE, let root = gdk_get_default_root_window() else {
            return placed
        }
        let screen = Size(width: Double(gdk_window_get_width(root)), height: Double(gdk_window_get_height(root)))
        let scale = Double(gdk_monitor_get_scale_factor(monitor))
        return placed.less(struts(display, scale: scale), screen: screen)
    }

    /// The struts of the panels on the screen, in logical pixels (`scale` X pixels each).
    private static func struts(_ display: OpaquePointer, scale: Double) -> [ScreenStrut] {
        var values = [Int](repeating: 0, count: capacity)
        let used = Int(petal_x11_struts(display, &values, Int32(capacity)))
        var struts: [ScreenStrut] = []
        var index = 0
        while index < used {
            let count = values[index]
            guard count > 0, index + 1 + count <= used else { break }
            struts += ScreenStrut.parse(Array(values[(index + 1)...(index + count)]), scale: scale)
            index += 1 + count
        }
        return struts
    }
}
