import CGtk
import PetalScene

/// The work areas of X11 monitors, where placement keeps menus
/// (docs/overlay.md, "Placement on outputs"): GDK's, made of the window
/// manager's `_NET_WORKAREA`; when the window manager publishes none (i3),
/// each monitor less the struts panels keep (``ScreenStrut``, i3bar's).
///
/// Reading the struts takes several X round trips a window on the screen:
/// ``OverlayOutputs`` keeps what this finds, and asks again only as a
/// top-level menu opens and as the outputs change.
@MainActor
enum X11WorkArea {
    /// How many numbers of struts are read at most: 17 a panel.
    private static let capacity = 17 * 32

    /// How many times the panels' struts were read, for the debug log.
    private(set) static var scans = 0

    /// Each of `outputs`, the output of the monitor paired with it, with its work area.
    static func of(_ outputs: [(OutputGeometry, OpaquePointer)], display: OpaquePointer) -> [OutputGeometry] {
        let placed = outputs.map { output, monitor in
            var rect = GdkRectangle()
            gdk_monitor_get_workarea(monitor, &rect)
            let area = Rect(
                x: Double(rect.x) - output.frame.x, y: Double(rect.y) - output.frame.y, width: Double(rect.width),
                height: Double(rect.height))
            return OutputGeometry(name: output.name, frame: output.frame, scale: output.scale, workArea: area)
        }
        guard !outputs.isEmpty, petal_x11_publishes_work_area(display) == PETAL_FALSE,
            let root = gdk_get_default_root_window()
        else { return placed }
        let screen = Size(width: Double(gdk_window_get_width(root)), height: Double(gdk_window_get_height(root)))
        // GDK gives every X11 monitor one scale (GDK_SCALE).
        let struts = struts(display, scale: outputs[0].0.scale)
        return placed.map { $0.less(struts, screen: screen) }
    }

    /// The struts of the panels on the screen, in logical pixels (`scale` X pixels each).
    private static func struts(_ display: OpaquePointer, scale: Double) -> [ScreenStrut] {
        scans += 1
        var values = [Int](repeating: 0, count: capacity)
        let used = Int(petal_x11_struts(display, &values, Int32(capacity)))
        var struts: [ScreenStrut] = []
        var index = 0
        // Each panel's strut: its count of numbers, the numbers, then its window's x, y, width and height.
        while index < used {
            let count = values[index]
            guard count > 0, index + 1 + count + 4 <= used else { break }
            let frame = values[(index + 1 + count)...].prefix(4).map(Double.init)
            let window = Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])
            struts += ScreenStrut.parse(Array(values[(index + 1)...(index + count)]), window: window, scale: scale)
            index += 1 + count + 4
        }
        return struts
    }
}
