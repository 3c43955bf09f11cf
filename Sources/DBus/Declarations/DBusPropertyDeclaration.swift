/// What every property declaration has, whatever its value's type: enough
/// to name it in a `PropertiesChanged`.
public protocol DBusPropertyMember: Sendable {
    /// The interface the property belongs to.
    var interface: InterfaceName { get }
    /// The property's name.
    var name: MemberName { get }
}

/// A property of an interface declared once, with a typed value.
///
/// The server serves it with a getter (and a setter) of that type
/// (``serve(get:)``, ``serve(get:set:)``), and a client reads and writes it as
/// that type (``DBusProxy/get(_:)``, ``DBusPropertyValues/value(_:)``), so the two
/// ends cannot disagree on what it holds:
///
///     static let state = DBusPropertyDeclaration(menu, "State", String.self)
public struct DBusPropertyDeclaration<Value: DBusArgumentValue>: DBusPropertyMember {
    public let interface: InterfaceName
    public let name: MemberName
    /// Whether clients may set it.
    public let access: PropertyAccess
    /// How its changes are announced.
    public let emitsChange: PropertyChangeEmission

    /// Declares a property holding a `Value`.
    public init(
        _ interface: InterfaceName, _ name: MemberName, _ type: Value.Type, access: PropertyAccess = .read,
        emitsChange: PropertyChangeEmission = .true
    ) {
        self.interface = interface
        self.name = name
        self.access = access
        self.emitsChange = emitsChange
    }

    /// The property, served read-only by `get`, which runs on the loop thread.
    public func serve(get: @escaping @Sendable () -> Value) -> DBusProperty { serveAsValue(get: get) }

    /// ``serve(get:)`` through the value's ``DBusValue``: for any type.
    func serveAsValue(get: @escaping @Sendable () -> Value) -> DBusProperty {
        precondition(access == .read, "\(interface).\(name) is declared read-write: serve it with a setter too")
        return DBusProperty(name, Value.dbusType, emitsChange: emitsChange, of: { _ in get().dbusValue }, set: nil)
    }

    /// The property, served read-only by `get` for every object registered
    /// with a context of type `Object` (see ``ObjectServer/register(_:at:context:)``),
    /// which `get` receives; it runs on the loop thread. One such property
    /// serves any number of objects.
    ///
    /// Serving it on an object registered without such a context is a
    /// programming error, which stops the process.
    public func serve<Object: Sendable>(_: Object.Type, get: @escaping @Sendable (Object) -> Value) -> DBusProperty {
        serveAsValue(Object.self, get: get)
    }

    /// ``serve(_:get:)`` through the value's ``DBusValue``: for any type.
    func serveAsValue<Object: Sendable>(_: Object.Type, get: @escaping @Sendable (Object) -> Value) -> DBusProperty {
        precondition(access == .read, "\(interface).\(name) is declared read-write: serve it with a setter too")
        return DBusProperty(name, Value.dbusType, emitsChange: emitsChange, of: reading(Object.self, get), set: nil)
    }

    /// The property, served by `get` and `set` for every object registered
    /// with a context of type `Object`, which both receive (see
    /// ``serve(_:get:)``); `set` may throw ``DBusError`` to refuse a value.
    public func serve<Object: Sendable>(
        _: Object.Type, get: @escaping @Sendable (Object) -> Value,
        set: @escaping @Sendable (Object, Value) throws -> Void
    ) -> DBusProperty {
        serveAsValue(Object.self, get: get, set: set)
    }

    /// ``serve(_:get:set:)`` through the value's ``DBusValue``: for any type.
    func serveAsValue<Object: Sendable>(
        _: Object.Type, get: @escaping @Sendable (Object) -> Value,
        set: @escaping @Sendable (Object, Value) throws -> Void
    ) -> DBusProperty {
        precondition(access == .readWrite, "\(interface).\(name) is declared read-only: serve it without a setter")
        let interface = interface
        let name = name
        return DBusProperty(
            name, Value.dbusType, emitsChange: emitsChange, of: reading(Object.self, get),
            set: { value, context in
                guard let object = context as? Object else {
                    throw DBusError.failed("internal error: \(interface).\(name) has no \(Object.self) to set")
                }
                guard let typed = Value(dbusValue: value) else {
                    throw DBusError.invalidArgs("Property \(name) cannot be set so: \(Value.refusal(of: value))")
                }
                try set(object, typed)
            })
    }

    /// The property, served by `get` and `set`, which run on the loop thread;
    /// `set` may throw ``DBusError`` (usually `InvalidArgs`) to refuse a value.
    public func serve(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) throws -> Void)
        -> DBusProperty
    {
        serveAsValue(get: get, set: set)
    }

    /// ``serve(get:set:)`` through the value's ``DBusValue``: for any type.
    func serveAsValue(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) throws -> Void)
        -> DBusProperty
    {
        precondition(access == .readWrite, "\(interface).\(name) is declared read-only: serve it without a setter")
        return DBusProperty(
            name, Value.dbusType, emitsChange: emitsChange, of: { _ in get().dbusValue },
            set: { value, _ in
                guard let typed = Value(dbusValue: value) else {
                    throw DBusError.invalidArgs("Property \(name) cannot be set so: \(Value.refusal(of: value))")
                }
                try set(typed)
            })
    }

    /// The property's value as a client reads it (taken out of its variant).
    ///
    /// - Throws: `org.freedesktop.DBus.Error.InvalidSignature` naming the property and both types.
    public func decode(_ value: DBusValue, from peer: String) throws(DBusError) -> Value {
        let value = value.unwrapped
        guard let typed = Value(dbusValue: value) else {
            throw DBusError(
                DBusError.Name.invalidSignature,
                "\(peer)'s property \(interface).\(name) is not as declared: \(Value.refusal(of: value))")
        }
        return typed
    }

    /// The `(name, value)` pair of a `PropertiesChanged` announcing `value`.
    public func change(to value: Value) -> (key: String, value: DBusValue) {
        (name.rawValue, value.dbusValue)
    }
}

/// Every property of one interface as `GetAll` returned it, read through
/// the properties' declarations.
public struct DBusPropertyValues: Sendable {
    /// Who sent them, for messages.
    public let peer: String
    private let values: [String: DBusValue]

    /// The values of `entries`, a `GetAll` reply's, taken out of their variants.
    public init(_ entries: DBusVariantDictionary, from peer: String) {
        self.peer = peer
        values = Dictionary(entries.entries.map { ($0.key, $0.value.unwrapped) }, uniquingKeysWith: { _, last in last })
    }

    /// The values of `values`, by name (variants or not).
    public init(_ values: [String: DBusValue], from peer: String) {
        self.peer = peer
        self.values = values.mapValues(\.unwrapped)
    }

    /// The value of `property`.
    ///
    /// - Throws: `org.freedesktop.DBus.Error.InvalidSignature` when it is
    ///   missing or of another type, naming it.
    public func value<Value>(_ property: DBusPropertyDeclaration<Value>) throws(DBusError) -> Value {
        guard let value = values[property.name.rawValue] else {
            throw DBusError(
                DBusError.Name.invalidSignature,
                "\(peer) has no property \(property.interface).\(property.name)")
        }
        return try property.decode(value, from: peer)
    }

    /// The value of `property`, or nil when the peer does not have it (an
    /// older version, say).
    ///
    /// - Throws: `org.freedesktop.DBus.Error.InvalidSignature` when it is of another type.
    public func valueIfPresent<Value>(_ property: DBusPropertyDeclaration<Value>) throws(DBusError) -> Value? {
        guard let value = values[property.name.rawValue] else { return nil }
        return try property.decode(value, from: peer)
    }
}

extension DBusPropertyDeclaration {
    /// A getter for ``DBusProperty`` that reads through `get` the object's
    /// context, which must be an `Object` (a programming error otherwise).
    fileprivate func reading<Object: Sendable>(
        _: Object.Type, _ get: @escaping @Sendable (Object) -> Value
    ) -> @Sendable ((any Sendable)?) -> DBusValue {
        let interface = interface
        let name = name
        return { context in
            guard let object = context as? Object else {
                preconditionFailure("\(interface).\(name) is served on an object registered without a \(Object.self)")
            }
            return get(object).dbusValue
        }
    }
}
