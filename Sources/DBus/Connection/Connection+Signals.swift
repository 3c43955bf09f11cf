/// A live signal subscription; ``cancel()`` ends it and removes its match rule.
public final class SignalSubscriptionToken: Sendable {
    private let connection: DBusConnection
    private let id: UInt64
    private let rule: MatchRule

    init(connection: DBusConnection, id: UInt64, rule: MatchRule) {
        self.connection = connection
        self.id = id
        self.rule = rule
    }

    /// Stops delivery and asks the bus to drop the rule.
    public func cancel() {
        let (connection, id, rule) = (connection, id, rule)
        connection.loop.execute {
            connection.removeSubscription(id)
            try? connection.send(BusDaemonInterface.removeMatch, on: .bus, at: .bus, rule.text)
        }
    }
}

extension DBusConnection {
    /// Subscribes `handler` to the signals `rule` selects; it runs on the loop thread.
    ///
    /// Returns once the bus has accepted the rule, so no signal emitted after
    /// the return is missed.
    public func subscribe(
        _ rule: MatchRule, handler: @escaping @Sendable (Message) -> Void
    ) async throws -> SignalSubscriptionToken {
        let id = try await loop.perform { [self] in
            addSubscription(SignalSubscription(rule: rule, handler: handler))
        }
        do {
            try await call(BusDaemonInterface.addMatch, on: .bus, at: .bus, rule.text)
        } catch {
            loop.execute { [self] in removeSubscription(id) }
            throw error
        }
        return SignalSubscriptionToken(connection: self, id: id, rule: rule)
    }

    /// Subscribes without waiting for the bus to accept the rule; callable from
    /// any thread. Signals the bus routes after it has read the rule are
    /// delivered, and since the bus reads a connection's messages in order,
    /// that covers every signal caused by a call sent after this one.
    public func subscribeWithoutWaiting(
        _ rule: MatchRule, handler: @escaping @Sendable (Message) -> Void
    ) -> SignalSubscriptionToken {
        let id: UInt64 =
            (try? loop.performAndWait { [self] () -> UInt64 in
                let id = addSubscription(SignalSubscription(rule: rule, handler: handler))
                try? send(BusDaemonInterface.addMatch, on: .bus, at: .bus, rule.text)
                return id
            }) ?? 0
        return SignalSubscriptionToken(connection: self, id: id, rule: rule)
    }

    /// The signals `rule` selects, as an async sequence; ends when the consumer stops iterating.
    public func signals(_ rule: MatchRule) async throws -> AsyncStream<Message> {
        let (stream, continuation) = AsyncStream<Message>.makeStream()
        let token = try await subscribe(rule) { continuation.yield($0) }
        continuation.onTermination = { _ in token.cancel() }
        return stream
    }

    /// Subscribes to signals that the bus delivers to this connection alone
    /// (such as `NameLost`), without adding a match rule on the bus.
    public func onUnicastSignal(_ rule: MatchRule, handler: @escaping @Sendable (Message) -> Void) {
        loop.execute { [self] in
            _ = addSubscription(SignalSubscription(rule: rule, handler: handler))
        }
    }
}

extension BusName {
    /// `org.freedesktop.DBus`, the bus itself.
    public static let bus: BusName = "org.freedesktop.DBus"
}

extension ObjectPath {
    /// `/org/freedesktop/DBus`, the bus's object.
    public static let bus: ObjectPath = "/org/freedesktop/DBus"
}

extension InterfaceName {
    /// `org.freedesktop.DBus`, the bus's interface.
    public static let bus: InterfaceName = "org.freedesktop.DBus"
}
