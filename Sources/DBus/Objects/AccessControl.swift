import Linux

/// Restricts calls to connections of one Unix user, asking the bus who each
/// caller is (`GetConnectionUnixUser`) and remembering the answer per unique
/// name until that name leaves the bus.
///
/// Calls that arrive while a caller's user is being looked up wait, in order,
/// and are then served or refused together.
final class AccessControl {
    /// Decides which members anyone may call.
    let isPublic: @Sendable (_ interface: String, _ member: String) -> Bool
    private let allowedUser: UInt32
    private unowned let connection: DBusConnection
    private var users: [String: UInt32] = [:]
    private var waiting: [String: [(DBusError?) -> Void]] = [:]

    init(connection: DBusConnection, allowedUser: UInt32, isPublic: @escaping @Sendable (String, String) -> Bool) {
        self.connection = connection
        self.allowedUser = allowedUser
        self.isPublic = isPublic
    }

    /// Calls `decision` with nil when the sender may call, or the AccessDenied error to answer with.
    func authorize(_ message: Message, decision: @escaping (DBusError?) -> Void) {
        let sender = message.sender ?? ""
        if let uid = users[sender] {
            return decision(verdict(uid, sender))
        }
        if waiting[sender] != nil {
            waiting[sender]!.append(decision)
            return
        }
        waiting[sender] = [decision]
        connection.callOnLoop(
            BusDaemonInterface.getConnectionUnixUser, on: .bus, at: .bus, sender, timeout: .seconds(5)
        ) {
            [self] result in
            let decisions = waiting.removeValue(forKey: sender) ?? []
            let denial: DBusError?
            if case .success(let uid) = result {
                users[sender] = uid
                denial = verdict(uid, sender)
            } else {
                denial = .accessDenied(
                    "this service could not learn the Unix user of \(sender) from the bus, so it refuses the call")
            }
            // Held calls are served in the caller's turn like any other: a
            // new client's first burst does not all go before everyone else.
            connection.serveInTurn(decisions.map { decide in { decide(denial) } }, from: sender)
        }
    }

    /// Forgets a caller whose name has left the bus.
    func forget(_ name: String) {
        users.removeValue(forKey: name)
    }

    private func verdict(_ uid: UInt32, _ sender: String) -> DBusError? {
        guard uid != allowedUser else { return nil }
        return .accessDenied(
            "\(sender) runs as uid \(uid); only uid \(allowedUser), the user this service runs as, may call this")
    }
}

extension ObjectServer {
    /// Lets only connections of Unix user `uid` call members for which
    /// `isPublic` is false; others get `org.freedesktop.DBus.Error.AccessDenied`.
    ///
    /// Returns once the bus routes `NameOwnerChanged` to us, which keeps the cache of callers' users honest.
    public func restrict(
        toUser uid: UInt32, except isPublic: @escaping @Sendable (_ interface: String, _ member: String) -> Bool
    ) async throws {
        let connection = connection
        let control = try await connection.loop.perform {
            let control = AccessControl(connection: connection, allowedUser: uid, isPublic: isPublic)
            self.access = control
            return UncheckedSendable(control)
        }
        _ = try await connection.subscribe(
            BusDaemonInterface.nameOwnerChanged, sender: .bus, path: .bus,
            arguments: [2: ""]
        ) { name, _, _ in control.value.forget(name) }
    }
}
