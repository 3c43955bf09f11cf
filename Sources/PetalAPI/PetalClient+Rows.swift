import DBus
import Linux

/// A menu's rows as a row table (docs/dbus-api.md): `RowCount` and `GetRows`
/// on this client's menu.
extension PetalClient {
    /// `RowCount`: how many rows this client's menu has, its `Items` or its row table.
    public func rowCount() async throws -> Int {
        Int(try await menu.get(PetalBus.Menu.rowCount))
    }

    /// Calls `GetRows`: this client's menu's rows as a row table in a sealed
    /// memfd, owned by the value returned; map it with ``SealedMapping``,
    /// which checks its seals and size.
    public func rows() async throws -> FileDescriptor {
        try await menu.call(PetalBus.Menu.getRows)
    }

    /// Calls `GetRows`, from any thread; `completion` runs on the
    /// connection's loop thread, as ``rows()``.
    public func rows(then completion: @escaping @Sendable (Result<FileDescriptor, DBusError>) -> Void) {
        menu.call(PetalBus.Menu.getRows, then: completion)
    }
}
