import CGtk
import CWaylandOutputs
import Linux
import PetalCore
import PetalScene

/// The desktop's outputs as the overlay places menus on them
/// (docs/overlay.md, "Outputs and scale"): their names, logical frames and
/// scales, kept current as monitors come, go and change.
///
/// An output's name is the RandR output's on X11 (GDK 3 gives it as the
/// monitor's model) and the compositor's on Wayland, read through xdg-output
/// (``WaylandOutputNames``), as `xrandr` and `swaymsg -t get_outputs` show them.
@MainActor
final class OverlayOutputs {
    /// The outputs, in GDK's order, each with its frame in the desktop's
    /// logical pixels and its scale. On Wayland an output the compositor has
    /// not named yet is left out until it has (one round trip after it appears).
    private(set) var outputs: [OutputGeometry] = []
    /// The primary output: RandR's on X11; nil on Wayland, where the
    /// compositor chooses the output of a layer surface given none.
    private(set) var primary: OutputGeometry?
    /// Called after ``outputs`` or ``primary`` changed, on the main thread.
    var changed: () -> Void = {}

    private let log: Logger
    private let display: OpaquePointer
    private let isWayland: Bool
    private var names: WaylandOutputNames?
    /// Each output's monitor, by name, as of the last refresh.
    private var monitors: [String: OpaquePointer] = [:]
    /// Each output's work area on X11, by name, as last read (``refreshWorkAreas()``).
    private var workAreas: [String: Rect] = [:]
    private var handlers: [(instance: UnsafeMutableRawPointer, id: gulong)] = []

    /// The outputs of GDK's default display, followed from now on; nil when
    /// GTK has no display (gtk_init has not succeeded).
    ///
    /// On Wayland this binds xdg-output and waits for the compositor's
    /// answer (two round trips): meant for start-up, before the main loop.
    init?(log: Logger) {
        guard let display = gdk_display_get_default() else { return nil }
        self.log = log
        self.display = display
        isWayland = petal_display_is_wayland(display) != PETAL_FALSE
        if isWayland {
            names = WaylandOutputNames(display: display)
            if names == nil {
                log.warning(
                    "the compositor does not name its outputs (no xdg-output version 2): outputs are called by their model, which the names petalctl show --output takes may not match"
                )
            }
        }
        names?.keep(Self.monitors(of: display).compactMap { gdk_wayland_monitor_get_wl_output($0) })
        names?.roundtrip()
        connect()
        refresh(logging: false)
        log.debug("outputs: \(Self.describe(outputs, primary: primary))")
    }

    isolated deinit {
        for handler in handlers { g_signal_handler_disconnect(handler.instance, handler.id) }
    }

    /// The monitor of the output called `name`, for `gtk_layer_set_monitor`
    /// on Wayland and its geometry on X11; nil when no output has that name.
    func monitor(named name: String) -> OpaquePointer? {
        monitors[name]
    }

    /// `output` with its work area as last read (``refreshWorkAreas()``):
    /// on X11 the screen less its panels (``X11WorkArea``), which placement
    /// keeps menus on; as it is on Wayland, where a client is not told.
    func withWorkArea(_ output: OutputGeometry) -> OutputGeometry {
        guard let area = workAreas[output.name] else { return output }
        return OutputGeometry(name: output.name, frame: output.frame, scale: output.scale, workArea: area)
    }

    /// The primary output's work area (less panels) in screen pixels, as
    /// last read: where `main`'s window rests on X11 without a spot.
    var primaryWorkArea: PixelRect {
        guard let output = (primary ?? outputs.first).map(withWorkArea) else {
            return PixelRect(x: 0, y: 0, width: 1280, height: 720)
        }
        return output.workArea.offset(by: Point(x: output.frame.x, y: output.frame.y)).integral
    }

    /// Reads the outputs' work areas again on X11, where they are kept between
    /// reads (the struts of panels take X round trips a window): as a
    /// top-level menu opens and as the outputs change, not each time one is placed.
    func refreshWorkAreas() {
        guard !isWayland else { return }
        let paired = outputs.compactMap { output in monitors[output.name].map { (output, $0) } }
        var areas: [String: Rect] = [:]
        for output in X11WorkArea.of(paired, display: display) { areas[output.name] = output.workArea }
        if areas != workAreas {
            let lines = areas.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            log.debug("work areas: \(lines.joined(separator: ", "))")
        }
        workAreas = areas
        log.debug("work areas read (strut scans so far: \(X11WorkArea.scans))")
    }

    /// The output the window manager says is focused: on X11 the one holding
    /// most of the active window (`_NET_ACTIVE_WINDOW`); nil on Wayland, which
    /// tells a client no such thing, and when there is no active window.
    var focused: String? {
        guard !isWayland, let screen = gdk_display_get_default_screen(display),
            let monitor = petal_x11_active_monitor(screen)
        else { return nil }
        return monitors.first { $0.value == monitor }?.key
    }

    /// Where the pointer is, in the desktop's logical coordinates: asked of
    /// the X server on X11; nil on Wayland, where a client learns it only
    /// from a surface under it (``probePointer(on:_:)``).
    func pointer() -> Point? {
        guard !isWayland, let seat = gdk_display_get_default_seat(display),
            let device = gdk_seat_get_pointer(seat)
        else { return nil }
        var (x, y): (Int32, Int32) = (0, 0)
        gdk_device_get_position(device, nil, &x, &y)
        return Point(x: Double(x), y: Double(y))
    }

    /// Whether the pointer's first button is held now: asked of the X
    /// server on X11; false on Wayland, which tells a client only of the
    /// presses on its own surfaces.
    var firstButtonHeld: Bool {
        !isWayland && petal_pointer_first_button_held(display) != PETAL_FALSE
    }

    /// Moves the pointer by `offset` on X11, where a client may; whether it did
    /// (never on Wayland, nor for no offset).
    func warpPointer(by offset: Point) -> Bool {
        let (dx, dy) = (Int32(offset.x.rounded()), Int32(offset.y.rounded()))
        guard !isWayland, dx != 0 || dy != 0 else { return false }
        petal_pointer_warp_by(display, dx, dy)
        return true
    }

    /// Answers where the pointer is on `output`, in desktop coordinates, or nil.
    ///
    /// On X11, ``pointer()`` at once, before this returns. On Wayland a
    /// transparent surface covering the output is mapped on the overlay
    /// layer, and the first position it is told (the compositor sends one
    /// at once when it appears under the pointer) is the answer; when none
    /// comes within ``PointerProbe/limit``, nil. The surface and its timer
    /// are gone before `done` is called.
    func probePointer(on output: OutputGeometry, _ done: @escaping (Point?) -> Void) {
        guard isWayland else { return done(pointer()) }
        guard gtk_layer_is_supported() != PETAL_FALSE, let monitor = monitor(named: output.name) else {
            return done(nil)
        }
        PointerProbe(output: output, monitor: monitor).start(done)
    }

    /// The output `window` is on, and its monitor: on X11 the primary (a
    /// window without a spot rests there); on Wayland the one the compositor
    /// put its surface on. Nil before the window is mapped on Wayland.
    func output(of window: OverlayWindow) -> (OutputGeometry, OpaquePointer?)? {
        if !isWayland {
            guard let primary = primary ?? outputs.first else { return nil }
            return (primary, monitors[primary.name])
        }
        guard let gdkWindow = gtk_widget_get_window(window.widget),
            let monitor = gdk_display_get_monitor_at_window(display, gdkWindow),
            let name = monitors.first(where: { $0.value == monitor })?.key,
            let output = outputs.first(where: { $0.name == name })
        else { return nil }
        return (output, monitor)
    }

    // MARK: Following GDK

    private func connect() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        for signal in ["monitor-added", "monitor-removed"] {
            let id = petal_connect_monitor(
                display, signal,
                { _, _, data in
                    nonisolated(unsafe) let outputs = data
                    MainActor.assumeIsolated { OverlayOutputs.from(outputs).monitorsChanged() }
                }, me)
            handlers.append((UnsafeMutableRawPointer(display), id))
        }
        if let screen = gdk_display_get_default_screen(display) {
            for signal in ["monitors-changed", "size-changed"] {
                let id = petal_connect_notify(
                    UnsafeMutableRawPointer(screen), signal,
                    { _, data in
                        nonisolated(unsafe) let outputs = data
                        MainActor.assumeIsolated { OverlayOutputs.from(outputs).monitorsChanged() }
                    }, me)
                handlers.append((UnsafeMutableRawPointer(screen), id))
            }
        }
        names?.follow { [weak self] in self?.refresh(logging: true) }
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> OverlayOutputs {
        Unmanaged<OverlayOutputs>.fromOpaque(data!).takeUnretainedValue()
    }

    private func monitorsChanged() {
        // A new output's name comes a round trip later; refresh runs again then.
        names?.keep(Self.monitors(of: display).compactMap { gdk_wayland_monitor_get_wl_output($0) })
        refresh(logging: true)
    }

    private func refresh(logging: Bool) {
        var found: [OutputGeometry] = []
        var byName: [String: OpaquePointer] = [:]
        for (index, monitor) in Self.monitors(of: display).enumerated() {
            guard var name = name(of: monitor, index: index) else { continue }
            // Two monitors of one model, named by it: each output's name must still be its own.
            if byName[name] != nil { name += "-\(index + 1)" }
            guard byName[name] == nil else { continue }
            var rect = GdkRectangle()
            gdk_monitor_get_geometry(monitor, &rect)
            let frame = Rect(
                x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
            found.append(OutputGeometry(name: name, frame: frame, scale: Double(gdk_monitor_get_scale_factor(monitor))))
            byName[name] = monitor
        }
        var primary: OutputGeometry?
        if !isWayland, let monitor = gdk_display_get_primary_monitor(display) {
            primary = found.first { byName[$0.name] == monitor }
        }
        monitors = byName
        let same = found == outputs && primary == self.primary
        outputs = found
        self.primary = primary
        refreshWorkAreas()
        guard !same else { return }
        if logging { log.info("outputs: \(Self.describe(outputs, primary: primary))") }
        changed()
    }

    /// The output's name: X11's RandR output (the model GDK gives), the
    /// compositor's on Wayland; the model, or `output-N`, when it says none;
    /// nil for a Wayland output whose name the compositor has yet to say.
    private func name(of monitor: OpaquePointer, index: Int) -> String? {
        if let names, let output = gdk_wayland_monitor_get_wl_output(monitor) {
            return names.name(of: output)
        }
        if let model = gdk_monitor_get_model(monitor), model.pointee != 0 { return String(cString: model) }
        return "output-\(index + 1)"
    }

    private static func monitors(of display: OpaquePointer) -> [OpaquePointer] {
        (0..<gdk_display_get_n_monitors(display)).compactMap { gdk_display_get_monitor(display, $0) }
    }

    /// The outputs as one log line: `DP-1 2560x1440+0+0 scale 2 (primary), HDMI-A-1 …`.
    static func describe(_ outputs: [OutputGeometry], primary: OutputGeometry?) -> String {
        guard !outputs.isEmpty else { return "none" }
        return outputs.map { line(for: $0, primary: $0 == primary) }.joined(separator: ", ")
    }

    /// One output as `--outputs` prints it: `NAME WxH+X+Y scale S`, and `primary` when it is.
    static func line(for output: OutputGeometry, primary: Bool) -> String {
        let frame = output.frame
        let text =
            "\(output.name) \(number(frame.width))x\(number(frame.height))"
            + "\(signed(frame.x))\(signed(frame.y)) scale \(number(output.scale))"
        return primary ? text + " primary" : text
    }

    /// A length as `--outputs` prints it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func signed(_ value: Double) -> String {
        value < 0 ? number(value) : "+" + number(value)
    }
}
