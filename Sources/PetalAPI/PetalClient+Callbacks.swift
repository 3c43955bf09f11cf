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

    /// Reads the menu as petald describes it now: its properties
    /// (``MenuSnapshot``), then its items' objects, by id.
    public func read(
        then completion: @escaping @Sendable (Result<(MenuSnapshot, [String: ItemDetails]), DBusError>) -> Void
    ) {
        read(menu: menu.path, then: completion)
    }

    /// Asks the bus whether petald owns its name (which does not start it).
    public func isRunning(then completion: @escaping @Sendable (Bool) -> Void) {
        connection.call(BusDaemonInterface.nameHasOwner, on: .bus, at: .bus, Self.name.rawValue) {
            completion((try? $0.get()) ?? false)
        }
    }

    /// Follows petald from now on, across its restarts: `handler` gets each
    /// event on the loop thread. The rules reach the bus before any call
    /// sent after this returns.
    public func follow(_ handler: @escaping @Sendable (MenuEvent) -> Void) {
        _ = connection.subscribeWithoutWaiting(PetalBus.Menu.stateChanged, sender: Self.name, path: Self.path) {
            state, previous in
            handler(.stateChanged(state: state, previous: previous))
        }
        _ = connection.subscribeWithoutWaiting(
            PropertiesInterface.propertiesChanged, sender: Self.name, path: Self.path
        ) {
            interface, changed, invalidated in
            guard interface == PetalBus.Menu.interface.rawValue else { return }
            handler(.propertiesChanged(MenuChange(changed, invalidated: invalidated)))
        }
        _ = connection.subscribeWithoutWaiting(
            BusDaemonInterface.nameOwnerChanged, sender: .bus, path: .bus, arguments: [0: Self.name.rawValue]
        ) { _, _, owner in
            handler(owner.isEmpty ? .vanished : .appeared)
        }
    }
}

/// What petald says, as a client following it hears it.
public enum MenuEvent: Sendable {
    /// `StateChanged`.
    case stateChanged(state: MenuState, previous: MenuState)
    /// `PropertiesChanged` of the Menu interface.
    case propertiesChanged(MenuChange)
    /// petald took its name (started, or restarted).
    case appeared
    /// petald left the bus.
    case vanished
}

/// A `PropertiesChanged` of the Menu interface, read through the properties' declarations.
public struct MenuChange: Sendable {
    private let changed: DBusPropertyValues
    /// The names of the properties that changed, with or without their new value.
    public let names: Set<String>

    init(_ changed: DBusVariantDictionary, invalidated: [String]) {
        self.changed = DBusPropertyValues(changed, from: PetalBus.name.rawValue)
        names = Set(changed.entries.map(\.key) + invalidated)
    }

    /// Whether any of `properties` changed.
    public func includes(_ properties: [any DBusPropertyMember]) -> Bool {
        properties.contains { names.contains($0.name.rawValue) }
    }

    /// The new value of `property`, when the signal carries one.
    public func value<Value>(_ property: DBusPropertyDeclaration<Value>) -> Value? {
        (try? changed.valueIfPresent(property)) ?? nil
    }
}
