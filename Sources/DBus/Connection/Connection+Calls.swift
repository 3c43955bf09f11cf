import CDBus

extension DBusConnection {
    /// The timeout libdbus and most clients use when none is given.
    public static let defaultCallTimeout: Duration = .seconds(25)

    /// Sends a method call and returns its reply.
    ///
    /// - Throws: ``DBusError`` with the peer's error name for an error reply, or
    ///   `org.freedesktop.DBus.Error.NoReply` when `timeout` passes first.
    public func call(_ message: Message, timeout: Duration = defaultCallTimeout) async throws -> Message {
        try await withCheckedThrowingContinuation { continuation in
            let send: @Sendable () -> Void = { [self] in
                sendWithReply(message, timeout: timeout) { continuation.resume(with: $0) }
            }
            if loop.inEventLoop {
                send()
            } else if !loop.execute(send) {
                continuation.resume(throwing: DBusError(DBusError.Name.disconnected, "the bus connection is closed"))
            }
        }
    }

    /// Calls `member` and returns the reply's values.
    public func call(
        destination: BusName?, path: ObjectPath, interface: InterfaceName, member: MemberName,
        _ arguments: [DBusValue] = [], timeout: Duration = defaultCallTimeout
    ) async throws -> [DBusValue] {
        let message = Message.methodCall(destination: destination, path: path, interface: interface, member: member)
        try message.append(arguments)
        return try await call(message, timeout: timeout).arguments()
    }

    /// Sends a call on the loop thread and runs `completion` there with the reply or error.
    ///
    /// An error reply arrives as `.failure(DBusError)`.
    public func sendWithReply(
        _ message: Message, timeout: Duration = defaultCallTimeout,
        completion: @escaping (Result<Message, DBusError>) -> Void
    ) {
        precondition(loop.inEventLoop, "sendWithReply must run on the connection's loop thread")
        guard isConnected else {
            completion(.failure(DBusError(DBusError.Name.disconnected, "the bus connection is closed")))
            return
        }
        var pending: OpaquePointer?
        guard dbus_connection_send_with_reply(raw, message.pointer, &pending, timeout.milliseconds) != 0 else {
            outOfMemory()
        }
        guard let pending else {
            completion(.failure(DBusError(DBusError.Name.disconnected, "the bus connection is closed")))
            return
        }
        let box = Unmanaged.passRetained(ReplyHandler(completion)).toOpaque()
        let set = dbus_pending_call_set_notify(
            pending,
            { pending, data in
                let handler = Unmanaged<ReplyHandler>.fromOpaque(data!).takeUnretainedValue()
                guard let reply = dbus_pending_call_steal_reply(pending) else { return }
                let message = Message(adopting: reply)
                handler.complete(message.error.map { .failure($0) } ?? .success(message))
            }, box,
            { data in
                Unmanaged<ReplyHandler>.fromOpaque(data!).release()
            })
        guard set != 0 else { outOfMemory() }
        // The reply may have arrived already (a blocking call elsewhere read it).
        if dbus_pending_call_get_completed(pending) != 0,
            let reply = dbus_pending_call_steal_reply(pending)
        {
            let message = Message(adopting: reply)
            Unmanaged<ReplyHandler>.fromOpaque(box).takeUnretainedValue()
                .complete(message.error.map { .failure($0) } ?? .success(message))
        }
        dbus_pending_call_unref(pending)
    }
}

/// Holds a completion until libdbus reports the reply (or its own timeout error).
private final class ReplyHandler {
    private var completion: ((Result<Message, DBusError>) -> Void)?

    init(_ completion: @escaping (Result<Message, DBusError>) -> Void) { self.completion = completion }

    func complete(_ result: Result<Message, DBusError>) {
        let run = completion
        completion = nil
        run?(result)
    }
}
