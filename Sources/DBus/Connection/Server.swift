import CDBus
import Glibc

/// Listens for peer-to-peer D-Bus connections on a Unix socket, on an
/// ``EventLoop``: each client that authenticates becomes a
/// ``DBusConnection`` handed to `accept`.
///
/// Only the EXTERNAL mechanism is offered, and libdbus's default policy
/// then admits a client only if the kernel says it runs as the server's
/// user (or root): authentication by uid, with no cookie files.
///
/// Unchecked Sendable: confined to its loop's thread, where libdbus calls it back.
public final class DBusServer: @unchecked Sendable {
    /// The address clients connect to, e.g. `unix:path=/run/user/1000/petal/host.socket,guid=…`.
    public let address: String
    private let raw: OpaquePointer
    private let loop: EventLoop
    private let integration: LoopIntegration
    private let accept: (DBusConnection) -> Void

    /// Listens at `address` (e.g. `unix:path=/run/user/1000/petal/hosts/socket`); call on `loop`'s thread.
    ///
    /// - Parameter accept: runs on the loop thread with each new connection,
    ///   which is closed unless `accept` keeps a reference to it.
    public init(listeningAt address: String, loop: EventLoop, accept: @escaping (DBusConnection) -> Void) throws {
        precondition(loop.inEventLoop, "DBusServer.init called off the loop thread")
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let server = dbus_server_listen(address, &error) else {
            throw DBusConnectionError("cannot listen at \(address): \(DBusConnection.text(of: error))")
        }
        raw = server
        self.loop = loop
        self.accept = accept
        let external = strdup("EXTERNAL")
        defer { free(external) }
        var mechanisms: [UnsafePointer<CChar>?] = [UnsafePointer(external), nil]
        guard dbus_server_set_auth_mechanisms(server, &mechanisms) != 0 else { outOfMemory() }
        let listening = dbus_server_get_address(server)!
        self.address = String(cString: listening)
        dbus_free(listening)
        integration = LoopIntegration(loop: loop)
        integration.install(onServer: server)
        let me = Unmanaged.passUnretained(self).toOpaque()
        dbus_server_set_new_connection_function(
            server,
            { _, connection, data in
                Unmanaged<DBusServer>.fromOpaque(data!).takeUnretainedValue().admit(connection!)
            }, me, nil)
    }

    private func admit(_ connection: OpaquePointer) {
        // libdbus drops the connection after this returns unless it gains a reference.
        let peer = DBusConnection(
            adopting: dbus_connection_ref(connection)!, uniqueName: "", loop: loop, ownsLoop: false)
        accept(peer)
    }

    /// Stops listening; connections already made stay open. On the loop thread.
    public func close() {
        precondition(loop.inEventLoop, "DBusServer.close called off the loop thread")
        dbus_server_disconnect(raw)
    }

    deinit {
        dbus_server_unref(raw)
    }
}
