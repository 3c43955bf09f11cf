import CDBus
import Linux

/// Ties libdbus's watches (sockets to poll) and timeouts (timers it needs)
/// to the connection's ``EventLoop``. libdbus calls these on the loop thread,
/// because every libdbus call on the connection is made there, but for
/// ``DBusConnection/sendHere(_:)``: a thread that sends may toggle the
/// write watch, and asks the loop to write what it could not.
final class LoopIntegration {
    private let loop: EventLoop
    private var watches: [OpaquePointer: EventLoop.SourceID] = [:]
    /// Registered timeouts, each with its armed timer (nil while disabled).
    private var timeouts: [OpaquePointer: EventLoop.TimerID?] = [:]

    init(loop: EventLoop) { self.loop = loop }

    /// Installs the callbacks; `connection` must outlive this object's use by libdbus.
    func install(on connection: OpaquePointer) {
        let data = Unmanaged.passUnretained(self).toOpaque()
        let added = dbus_connection_set_watch_functions(
            connection,
            { watch, data in LoopIntegration.from(data).add(watch: watch!) },
            { watch, data in LoopIntegration.from(data).remove(watch: watch!) },
            { watch, data in LoopIntegration.from(data).toggle(watch: watch!) },
            data, nil)
        let timed = dbus_connection_set_timeout_functions(
            connection,
            { timeout, data in LoopIntegration.from(data).add(timeout: timeout!) },
            { timeout, data in LoopIntegration.from(data).remove(timeout: timeout!) },
            { timeout, data in LoopIntegration.from(data).toggle(timeout: timeout!) },
            data, nil)
        guard added != 0, timed != 0 else { outOfMemory() }
        dbus_connection_set_wakeup_main_function(
            connection, { data in LoopIntegration.from(data).writeQueuedSoon() }, data, nil)
    }

    /// Installs the callbacks on a listening server; `server` must outlive this object's use by libdbus.
    func install(onServer server: OpaquePointer) {
        let data = Unmanaged.passUnretained(self).toOpaque()
        let added = dbus_server_set_watch_functions(
            server,
            { watch, data in LoopIntegration.from(data).add(watch: watch!) },
            { watch, data in LoopIntegration.from(data).remove(watch: watch!) },
            { watch, data in LoopIntegration.from(data).toggle(watch: watch!) },
            data, nil)
        let timed = dbus_server_set_timeout_functions(
            server,
            { timeout, data in LoopIntegration.from(data).add(timeout: timeout!) },
            { timeout, data in LoopIntegration.from(data).remove(timeout: timeout!) },
            { timeout, data in LoopIntegration.from(data).toggle(timeout: timeout!) },
            data, nil)
        guard added != 0, timed != 0 else { outOfMemory() }
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> LoopIntegration {
        Unmanaged<LoopIntegration>.fromOpaque(data!).takeUnretainedValue()
    }

    // MARK: Watches

    private func add(watch: OpaquePointer) -> dbus_bool_t {
        let fd = dbus_watch_get_unix_fd(watch)
        let id = loop.addSource(fd: fd, events: events(of: watch)) { ready in
            var flags: UInt32 = 0
            if ready.contains(.readable) { flags |= LibDBus.watchReadable }
            if ready.contains(.writable) { flags |= LibDBus.watchWritable }
            if ready.contains(.error) { flags |= LibDBus.watchError }
            if ready.contains(.hangup) { flags |= LibDBus.watchHangup }
            _ = dbus_watch_handle(watch, flags)
        }
        watches[watch] = id
        return LibDBus.true
    }

    private func remove(watch: OpaquePointer) {
        onLoop { integration in
            if let id = integration.watches.removeValue(forKey: watch) { integration.loop.removeSource(id) }
        }
    }

    private func toggle(watch: OpaquePointer) {
        let events = events(of: watch)
        onLoop { integration in
            if let id = integration.watches[watch] { integration.loop.updateSource(id, events: events) }
        }
    }

    /// Runs `change` now on the loop thread. Called from another (a thread
    /// that sent with `sendHere`), it is posted there, with what it needs of
    /// the watch read already: libdbus frees a removed watch once it returns.
    private func onLoop(_ change: @escaping (LoopIntegration) -> Void) {
        guard !loop.inEventLoop else { return change(self) }
        let posted = UncheckedSendable((self, change))
        loop.execute { posted.value.1(posted.value.0) }
    }

    /// libdbus's wake-up: a message was queued that could not be written at
    /// once (another thread held the connection's I/O path); called with the
    /// connection locked, so the loop does the writing.
    private func writeQueuedSoon() {
        let integration = UncheckedSendable(self)
        loop.execute { integration.value.writeQueued() }
    }

    /// Writes what libdbus has queued, as the write watch would when the
    /// socket is writable: what the socket takes now, the rest once it is
    /// writable again (libdbus enables the write watch for it). Nothing once
    /// the connection is closed: its watches are gone then, and it may be too.
    private func writeQueued() {
        guard let writing = watches.keys.first(where: { dbus_watch_get_flags($0) & LibDBus.watchWritable != 0 })
        else { return }
        _ = dbus_watch_handle(writing, LibDBus.watchWritable)
    }

    /// The watch libdbus reads the connection through, while it wants to
    /// read: nil once it holds as many received messages as it may.
    var readingWatch: OpaquePointer? {
        watches.keys.first { watch in
            dbus_watch_get_enabled(watch) != 0 && dbus_watch_get_flags(watch) & LibDBus.watchReadable != 0
        }
    }

    private func events(of watch: OpaquePointer) -> EventLoop.Events {
        guard dbus_watch_get_enabled(watch) != 0 else { return [] }
        let flags = dbus_watch_get_flags(watch)
        var events: EventLoop.Events = []
        if flags & LibDBus.watchReadable != 0 { events.insert(.readable) }
        if flags & LibDBus.watchWritable != 0 { events.insert(.writable) }
        return events
    }

    // MARK: Timeouts

    private func add(timeout: OpaquePointer) -> dbus_bool_t {
        timeouts[timeout] = .some(nil)
        arm(timeout)
        return LibDBus.true
    }

    private func remove(timeout: OpaquePointer) {
        if case .some(.some(let id)) = timeouts.removeValue(forKey: timeout) { loop.cancel(id) }
    }

    private func toggle(timeout: OpaquePointer) {
        guard case .some(let armed) = timeouts[timeout] else { return }
        if let id = armed { loop.cancel(id) }
        timeouts[timeout] = .some(nil)
        arm(timeout)
    }

    private func arm(_ timeout: OpaquePointer) {
        guard dbus_timeout_get_enabled(timeout) != 0 else { return }
        let interval = Duration.milliseconds(dbus_timeout_get_interval(timeout))
        timeouts[timeout] = loop.schedule(after: interval) { [weak self] in self?.fire(timeout) }
    }

    /// libdbus timeouts repeat every interval until removed or disabled.
    private func fire(_ timeout: OpaquePointer) {
        guard timeouts[timeout] != nil else { return }
        timeouts[timeout] = .some(nil)
        _ = dbus_timeout_handle(timeout)
        // Handling may remove the timeout (it is freed then) or re-arm it through toggle.
        if case .some(.none) = timeouts[timeout] { arm(timeout) }
    }
}
