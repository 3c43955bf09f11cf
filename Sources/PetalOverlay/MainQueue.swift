import CGtk

/// Hands work from any thread (the D-Bus loop, a task) to the GTK main loop.
///
/// Swift's `MainActor` executor is libdispatch's main queue, which nothing
/// drains while `gtk_main` runs; so work is queued as a GLib idle source and
/// runs on the main thread, where `MainActor.assumeIsolated` holds.
enum MainQueue {
    private final class Work: Sendable {
        let body: @Sendable @MainActor () -> Void
        init(_ body: @escaping @Sendable @MainActor () -> Void) { self.body = body }
    }

    /// Runs `body` on the GTK main loop, after what is already queued there.
    static func post(_ body: @escaping @Sendable @MainActor () -> Void) {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        _ = g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { data in
                let body = Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue().body
                MainActor.assumeIsolated { body() }
                return PETAL_FALSE
            }, work,
            { data in
                Unmanaged<Work>.fromOpaque(data!).release()
            })
    }
}
