import CGtk
import CWaylandOutputs

/// The compositor's names for its outputs on Wayland, which GDK 3 does not
/// give: xdg-output's, read on an event queue of their own on GDK's
/// connection (Sources/CWaylandOutputs).
///
/// After start-up nothing here waits for the compositor: GDK's event source
/// reads the socket, and a hook run each time the main loop is about to wait
/// hands this queue what it read, so a new output's name arrives without a
/// round trip on the main loop.
@MainActor
final class WaylandOutputNames {
    private let names: OpaquePointer
    private var hook: UnsafeMutablePointer<GSource>?
    private var arrived = false
    private var onName: () -> Void = {}

    /// Binds xdg-output on `display`'s connection (one round trip); nil when
    /// it is not a Wayland display or the compositor does not name outputs.
    init?(display: OpaquePointer) {
        guard let connection = gdk_wayland_display_get_wl_display(display),
            let names = petal_output_names_new(connection)
        else { return nil }
        self.names = names
    }

    /// Reads the names of `outputs` from now on, and of no others.
    func keep(_ outputs: [OpaquePointer]) {
        let asked = outputs.map { Optional($0) }
        _ = asked.withUnsafeBufferPointer { petal_output_names_keep(names, $0.baseAddress, $0.count) }
    }

    /// Waits until the compositor has answered (for start-up only).
    func roundtrip() {
        _ = petal_output_names_roundtrip(names)
    }

    /// The name of `output`, once the compositor has said it.
    func name(of output: OpaquePointer) -> String? {
        petal_output_names_name(names, output).map { String(cString: $0) }
    }

    /// Calls `body` on the main loop each time a name arrives.
    func follow(_ body: @escaping () -> Void) {
        onName = body
        guard hook == nil else { return }
        hook = petal_hook_add(
            { data in
                nonisolated(unsafe) let me = data
                return MainActor.assumeIsolated { WaylandOutputNames.from(me).ready() } ? PETAL_TRUE : PETAL_FALSE
            },
            { data in
                nonisolated(unsafe) let me = data
                MainActor.assumeIsolated { WaylandOutputNames.from(me).fire() }
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Removes the hook, then everything made on the display.
    isolated deinit {
        if let hook {
            g_source_destroy(hook)
            g_source_unref(hook)
        }
        petal_output_names_free(names)
    }

    private func ready() -> Bool {
        if petal_output_names_dispatch(names) { arrived = true }
        return arrived
    }

    private func fire() {
        arrived = false
        onName()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> WaylandOutputNames {
        Unmanaged<WaylandOutputNames>.fromOpaque(data!).takeUnretainedValue()
    }
}
