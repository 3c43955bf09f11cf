import CDBus
import Glibc

/// Peer-to-peer connections: two processes talking D-Bus over a socket of
/// their own, with no bus between them (see ``DBusServer``). There are no
/// bus names, so messages need no destination, and no match rules.
extension DBusConnection {
    /// Connects to the ``DBusServer`` at `address` (as its ``DBusServer/address`` gave it), on `loop`.
    ///
    /// The connection authenticates as this process's user; the server accepts only its own user.
    public static func connect(toPeer address: String, loop: EventLoop) throws -> DBusConnection {
        try loop.performAndWait {
            var error = CDBus.DBusError()
            dbus_error_init(&error)
            defer { dbus_error_free(&error) }
            guard let connection = dbus_connection_open_private(address, &error) else {
                throw DBusConnectionError("cannot connect to the peer at \(address): \(text(of: error))")
            }
            return DBusConnection(adopting: connection, uniqueName: "", loop: loop, ownsLoop: false)
        }
    }

    /// Whether this connection is still open; on its loop thread.
    public var isOpen: Bool {
        precondition(loop.inEventLoop, "DBusConnection.isOpen read off the loop thread")
        return isConnected
    }

    /// The process at the other end, from the socket's credentials; nil if unknown. On the loop thread.
    public var peerProcessID: pid_t? {
        precondition(loop.inEventLoop, "DBusConnection.peerProcessID read off the loop thread")
        var pid: UInt = 0
        guard dbus_connection_get_unix_process_id(raw, &pid) != 0 else { return nil }
        return pid_t(pid)
    }

    /// Caps what the other end may send: a message over `messageBytes`
    /// closes the connection, and libdbus stops reading the socket while
    /// `queuedBytes` of messages wait to be dispatched. For a peer that
    /// should never send much; on a bus connection an oversized message
    /// would cut the whole bus off.
    public func limitIncoming(messageBytes: Int, queuedBytes: Int) {
        precondition(loop.inEventLoop, "DBusConnection.limitIncoming called off the loop thread")
        dbus_connection_set_max_message_size(raw, messageBytes)
        dbus_connection_set_max_received_size(raw, queuedBytes)
    }
}
