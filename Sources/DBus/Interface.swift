/// A named argument of a method or signal.
public struct DBusArgument: Sendable, Equatable {
    /// The argument's name, as introspection shows it.
    public let name: String
    /// The argument's type.
    public let type: DBusType

    /// An argument called `name` of type `type`.
    public init(_ name: String, _ type: DBusType) {
        self.name = name
        self.type = type
    }
}

/// How a method handler answers.
public enum MethodReply: Sendable {
    /// Reply now with these values (matching the method's out-arguments).
    case values([DBusValue])
    /// The handler kept the ``MethodCall`` and will call `reply` or `fail` later, from any thread.
    case later
}

/// A method, described as data: its arguments and the handler that serves it.
public struct DBusMethod: Sendable {
    /// The member name.
    public let name: MemberName
    /// The in-arguments; calls whose body does not match are refused before the handler runs.
    public let inArguments: [DBusArgument]
    /// The out-arguments of the reply.
    public let outArguments: [DBusArgument]
    /// The signature calls must carry, derived from ``inArguments``.
    public let inSignature: String
    let handler: @Sendable (MethodCall) throws -> MethodReply

    /// Describes a method.
    ///
    /// - Parameter handler: runs on the connection's loop thread. It may throw
    ///   ``DBusError`` to answer with that error; any other error answers
    ///   `org.freedesktop.DBus.Error.Failed`.
    public init(
        _ name: MemberName, in inArguments: [DBusArgument] = [], out outArguments: [DBusArgument] = [],
        handler: @escaping @Sendable (MethodCall) throws -> MethodReply
    ) {
        self.name = name
        self.inArguments = inArguments
        self.outArguments = outArguments
        self.inSignature = inArguments.map(\.type.signature).joined()
        self.handler = handler
    }
}

/// Who may write a property.
public enum PropertyAccess: String, Sendable {
    case read
    case readWrite = "readwrite"
}

/// What a property's change announces, as the
/// `org.freedesktop.DBus.Property.EmitsChangedSignal` annotation says.
public enum PropertyChangeEmission: String, Sendable {
    /// PropertiesChanged carries the new value.
    case `true`
    /// PropertiesChanged names it as invalidated, without the value.
    case invalidates
    /// It never changes while the object exists.
    case const
    /// Changes are not announced.
    case `false`
}

/// A property, described as data: type, access, change emission, getter and setter.
public struct DBusProperty: Sendable {
    /// The property's name.
    public let name: MemberName
    /// Its type.
    public let type: DBusType
    /// Whether clients may set it.
    public let access: PropertyAccess
    /// How its changes are announced.
    public let emitsChange: PropertyChangeEmission
    let get: @Sendable () -> DBusValue
    let set: (@Sendable (DBusValue) throws -> Void)?

    /// A read-only property.
    public init(
        _ name: MemberName, _ type: DBusType, emitsChange: PropertyChangeEmission = .true,
        get: @escaping @Sendable () -> DBusValue
    ) {
        self.name = name
        self.type = type
        self.access = .read
        self.emitsChange = emitsChange
        self.get = get
        self.set = nil
    }

    /// A read-write property; `set` receives a value already checked to be of `type`
    /// and may throw ``DBusError`` (usually `InvalidArgs`) to refuse it.
    public init(
        _ name: MemberName, _ type: DBusType, emitsChange: PropertyChangeEmission = .true,
        get: @escaping @Sendable () -> DBusValue, set: @escaping @Sendable (DBusValue) throws -> Void
    ) {
        self.name = name
        self.type = type
        self.access = .readWrite
        self.emitsChange = emitsChange
        self.get = get
        self.set = set
    }
}

/// A signal, described as data.
public struct DBusSignal: Sendable {
    /// The member name.
    public let name: MemberName
    /// Its arguments.
    public let arguments: [DBusArgument]

    /// Describes a signal.
    public init(_ name: MemberName, _ arguments: [DBusArgument] = []) {
        self.name = name
        self.arguments = arguments
    }
}

/// An interface described once, as data. The ``ObjectServer`` derives
/// dispatch, signature checks, introspection XML and Properties from it.
public struct DBusInterface: Sendable {
    /// The interface name.
    public let name: InterfaceName
    /// Its methods.
    public let methods: [DBusMethod]
    /// Its properties, in introspection order.
    public let properties: [DBusProperty]
    /// Its signals.
    public let signals: [DBusSignal]
    private let methodIndex: [String: Int]
    private let propertyIndex: [String: Int]

    /// Describes an interface.
    public init(
        _ name: InterfaceName, methods: [DBusMethod] = [], properties: [DBusProperty] = [],
        signals: [DBusSignal] = []
    ) {
        self.name = name
        self.methods = methods
        self.properties = properties
        self.signals = signals
        methodIndex = Dictionary(methods.enumerated().map { ($1.name.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        propertyIndex = Dictionary(properties.enumerated().map { ($1.name.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The method called `name`, if any.
    public func method(named name: String) -> DBusMethod? {
        methodIndex[name].map { methods[$0] }
    }

    /// The property called `name`, if any.
    public func property(named name: String) -> DBusProperty? {
        propertyIndex[name].map { properties[$0] }
    }
}
