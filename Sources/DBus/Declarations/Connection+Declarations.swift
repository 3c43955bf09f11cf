/// Calls and subscriptions through declarations: the client half of
/// ``DBusMethodDeclaration`` and ``DBusSignalDeclaration``. Each call has a
/// callback form (for code on a loop or in GTK's main loop) and an async form.
extension DBusConnection {
    /// Calls `method` of the object at `path` owned by `destination` (nil on a
    /// peer-to-peer connection) and runs `completion` with the reply, decoded
    /// as the declaration says. Call on the loop thread; `completion` runs
    /// there, so it may use what the loop's thread alone owns.
    public func callOnLoop<each In: DBusArgumentValue, Out: Sendable>(
        _ method: DBusMethodDeclaration<repeat each In, Out>, on destination: BusName?, at path: ObjectPath,
        _ arguments: repeat each In, timeout: Duration = defaultCallTimeout,
        completion: @escaping (Result<Out, DBusError>) -> Void
    ) {
        precondition(loop.inEventLoop, "DBusConnection.callOnLoop runs on the connection's loop thread")
        let message: Message
        do {
            message = try method.message(to: destination, at: path, repeat each arguments)
        } catch {
            return completion(.failure(error))
        }
        let peer = destination?.rawValue ?? "the peer"
        sendWithReply(message, timeout: timeout) { reply in
            completion(Self.decode(reply, as: method, from: peer))
        }
    }

    /// Calls `method` as ``callOnLoop(_:on:at:_:timeout:completion:)`` does,
    /// from any thread; `completion` runs on the loop thread.
    public func call<each In: DBusArgumentValue, Out: Sendable>(
        _ method: DBusMethodDeclaration<repeat each In, Out>, on destination: BusName?, at path: ObjectPath,
        _ arguments: repeat each In, timeout: Duration = defaultCallTimeout,
        then completion: @escaping @Sendable (Result<Out, DBusError>) -> Void
    ) {
        let message: Message
        do {
            message = try method.message(to: destination, at: path, repeat each arguments)
        } catch {
            return completion(.failure(error))
        }
        let peer = destination?.rawValue ?? "the peer"
        let sent = loop.execute { [self] in
            sendWithReply(message, timeout: timeout) { reply in
                completion(Self.decode(reply, as: method, from: peer))
            }
        }
        if !sent { completion(.failure(DBusError(DBusError.Name.disconnected, "the bus connection is closed"))) }
    }

    /// Calls `method` and returns its reply, decoded as the declaration says; callable from any thread.
    ///
    /// - Throws: ``DBusError`` with the peer's error name for an error reply,
    ///   `NoReply` when `timeout` passes first, `InvalidSignature` when the
    ///   reply is not what the method declares.
    public func call<each In: DBusArgumentValue, Out: Sendable>(
        _ method: DBusMethodDeclaration<repeat each In, Out>, on destination: BusName?, at path: ObjectPath,
        _ arguments: repeat each In, timeout: Duration = defaultCallTimeout
    ) async throws -> Out {
        let message = try method.message(to: destination, at: path, repeat each arguments)
        let peer = destination?.rawValue ?? "the peer"
        return try Self.decode(.success(try await call(message, timeout: timeout)), as: method, from: peer).get()
    }

    /// A reply's values as `method` declares them.
    private static func decode<each In: DBusArgumentValue, Out: Sendable>(
        _ reply: Result<Message, DBusError>, as method: DBusMethodDeclaration<repeat each In, Out>, from peer: String
    ) -> Result<Out, DBusError> {
        reply.flatMap { reply in
            do {
                // A descriptor the reply declares is duplicated into the value decoded; the rest are closed.
                return .success(try reply.withArguments { values in try method.decodeReply(values, from: peer) })
            } catch let error as DBusError {
                return .failure(error)
            } catch {
                return .failure(.failed("the reply of \(method.interface).\(method.name) cannot be read: \(error)"))
            }
        }
    }

    /// Sends a call to `method` asking for no reply (NO_REPLY_EXPECTED); callable from any thread.
    public func send<each In: DBusArgumentValue, Out: Sendable>(
        _ method: DBusMethodDeclaration<repeat each In, Out>, on destination: BusName?, at path: ObjectPath,
        _ arguments: repeat each In
    ) throws {
        let message = try method.message(to: destination, at: path, repeat each arguments)
        message.noReplyExpected = true
        send(message)
    }

    /// Subscribes `handler` to `signal` from `sender` (a bus name) and the
    /// object at `path`, when given; it runs on the loop thread with the
    /// signal's arguments, and, when `arguments` is given, only for signals
    /// whose string arguments at those indices are these. A signal of that
    /// name carrying other types is dropped. Returns once the bus has
    /// accepted the rule.
    public func subscribe<each Argument: DBusArgumentValue>(
        _ signal: DBusSignalDeclaration<repeat each Argument>, sender: BusName? = nil, path: ObjectPath? = nil,
        arguments: [Int: String] = [:], handler: @escaping @Sendable (repeat each Argument) -> Void
    ) async throws -> SignalSubscriptionToken {
        try await subscribe(signal.rule(sender: sender, path: path, arguments: arguments)) { message in
            if let arguments = signal.decode(message) { handler(repeat each arguments) }
        }
    }

    /// Subscribes as ``subscribe(_:sender:path:handler:)`` does, without
    /// waiting for the bus to accept the rule; see ``subscribeWithoutWaiting(_:handler:)``.
    public func subscribeWithoutWaiting<each Argument: DBusArgumentValue>(
        _ signal: DBusSignalDeclaration<repeat each Argument>, sender: BusName? = nil, path: ObjectPath? = nil,
        arguments: [Int: String] = [:], handler: @escaping @Sendable (repeat each Argument) -> Void
    ) -> SignalSubscriptionToken {
        subscribeWithoutWaiting(signal.rule(sender: sender, path: path, arguments: arguments)) { message in
            if let arguments = signal.decode(message) { handler(repeat each arguments) }
        }
    }
}
