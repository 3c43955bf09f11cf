import DBus

/// Following petald across its restarts, for every client that does (the
/// overlay, `petalctl watch` and `context`, petal-context): the bus says when
/// `org.petal.Petal1` changes hands.
extension PetalClient {
    /// The rule of the bus's `NameOwnerChanged` for petald's name.
    public static let presenceRule = BusDaemonInterface.nameOwnerChanged.rule(
        sender: .bus, path: .bus, arguments: [0: name.rawValue])

    /// Calls `handler` on the loop thread each time petald takes its name
    /// (with its unique name) or leaves the bus (with ""), from now on. The
    /// rule reaches the bus before any call sent after this returns.
    @discardableResult
    public func followPetald(_ handler: @escaping @Sendable (_ owner: String) -> Void) -> SignalSubscriptionToken {
        connection.subscribeWithoutWaiting(Self.presenceRule) { message in
            if let (_, _, owner) = BusDaemonInterface.nameOwnerChanged.decode(message) { handler(owner) }
        }
    }

    /// ``followPetald(_:)``, returning once the bus has the rule.
    @discardableResult
    public func followPetald(_ handler: @escaping @Sendable (_ owner: String) -> Void) async throws
        -> SignalSubscriptionToken
    {
        try await connection.subscribe(Self.presenceRule) { message in
            if let (_, _, owner) = BusDaemonInterface.nameOwnerChanged.decode(message) { handler(owner) }
        }
    }
}
