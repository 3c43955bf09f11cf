import DBus
import PetalCore

/// The callback forms of ``PetalClient``, for code that must not start
/// Swift tasks (the overlay). Callable from any thread; `completion` runs on
/// the connection's loop thread.
extension PetalClient {
    /// Calls `method` of the main menu; an action's `Activate` or `Trigger`
    /// may wait as long as the action may run.
    public func call<each In: DBusArgumentValue, Out: Sendable>(
        _ method: DBusMethodDeclaration<repeat each In, Out>, _ arguments: repeat each In,
        then completion: @escaping @Sendable (Result<Out, DBusError>) -> Void
    ) {
        var proxy = menu
        proxy.timeout = Self.actionCallTimeout
        proxy.call(method, repeat each arguments, then: completion)
    }

    /// Sets `property` of the main menu.
    public func set<Value>(
        _ property: DBusPropertyDeclaration<Value>, _ value: Value,
        then completion: @escaping @Sendable (Result<Void, DBusError>) -> Void
    ) {
        menu.set(property, value, then: completion)
    }

    /// Asks the bus whether petald owns its name (which does not start it).
    public func isRunning(then completion: @escaping @Sendable (Bool) -> Void) {
        connection.call(BusDaemonInterface.nameHasOwner, on: .bus, at: .bus, Self.name.rawValue) {
            completion((try? $0.get()) ?? false)
        }
    }
}
