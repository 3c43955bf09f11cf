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
///
/// The in-arguments are typed (``DBusIn``): the handler receives them as Swift
/// values, already checked against the signature, so the declaration and the
/// handler cannot disagree about what a call carries. The reply is checked
/// against the out-arguments when it is sent (see ``DeclarationEnforcement``).
public struct DBusMethod: Sendable {
    /// The member name.
    public let name: MemberName
    /// The in-arguments; calls whose body does not match are refused before the handler runs.
    public let inArguments: [DBusArgument]
    /// The out-arguments of the reply.
    public let outArguments: [DBusArgument]
    /// The signature calls must carry, derived from ``inArguments``.
    public let inSignature: String
    /// The types a reply must carry, derived from ``outArguments``.
    let outTypes: [DBusType]

    /// The refusal of the first array argument of `message` over its size limit, if any.
    func sizeRefusal(of message: Message) -> DBusError? {
        guard !limits.isEmpty else { return nil }
        let lengths = message.argumentByteLengths()
        for (index, limit) in limits {
            if index < lengths.count, let bytes = lengths[index], bytes > limit.maximumBytes {
                return limit.refusal(bytes)
            }
        }
        return nil
    }
    /// Size limits of array arguments, by position, checked before decoding.
    let limits: [(index: Int, limit: DBusSizeLimit)]
    /// What refuses a caller before decoding, if anything.
    let admission: DBusAdmission?
    /// Runs the handler on a call whose signature is ``inSignature``, with its decoded arguments.
    let handler: @Sendable (MethodCall, [DBusValue]) throws -> MethodReply

    /// Describes a method whose handler takes its in-arguments as Swift values.
    ///
    ///     DBusMethod("Activate", in: DBusIn("item", String.self),
    ///                out: [DBusArgument("result", .dictionary(.string, .variant))]) { call, item in … }
    ///
    /// - Parameter handler: runs on the connection's loop thread. It may throw
    ///   ``DBusError`` to answer with that error; any other error answers
    ///   `org.freedesktop.DBus.Error.Failed`. Unix file descriptors the call
    ///   carries are open while it runs and closed when it returns.
    public init<each Value: DBusArgumentValue>(
        _ name: MemberName, in inArguments: repeat DBusIn<each Value>, out outArguments: [DBusArgument] = [],
        handler: @escaping @Sendable (MethodCall, repeat each Value) throws -> MethodReply
    ) {
        var described: [DBusArgument] = []
        var limits: [(index: Int, limit: DBusSizeLimit)] = []
        for argument in repeat each inArguments {
            if let limit = argument.limit { limits.append((described.count, limit)) }
            described.append(argument.described)
        }
        self.init(name, described, outArguments, limits: limits) { call, values in
            var next = 0
            func decode<T: DBusArgumentValue>(_: T.Type) throws -> T {
                defer { next += 1 }
                // The signature was checked before the handler runs, so this fails only if that check is wrong.
                guard next < values.count, let value = T(dbusValue: values[next]) else {
                    throw DBusError.invalidArgs("argument \(next + 1) is not of type \(T.dbusType.signature)")
                }
                return value
            }
            return try handler(call, repeat try decode((each Value).self))
        }
    }

    /// Describes a method whose argument types are known only at run time (a
    /// forwarder, say); the handler receives the values, already checked
    /// against `inArguments`' signature. Unix file descriptors among them are
    /// closed when the handler returns: `dup` one to keep it.
    public init(
        _ name: MemberName, dynamic inArguments: [DBusArgument], out outArguments: [DBusArgument] = [],
        handler: @escaping @Sendable (MethodCall, [DBusValue]) throws -> MethodReply
    ) {
        self.init(name, inArguments, outArguments, limits: [], handler: handler)
    }

    /// The method `declaration` declares, served by `handler`.
    init<each In: DBusArgumentValue, Out>(
        declaration: DBusMethodDeclaration<repeat each In, Out>,
        handler: @escaping @Sendable (MethodCall, [DBusValue]) throws -> MethodReply
    ) {
        self.init(
            declaration.name, declaration.inArguments, declaration.outArguments, limits: declaration.limits,
            admission: declaration.admission, handler: handler)
    }

    private init(
        _ name: MemberName, _ inArguments: [DBusArgument], _ outArguments: [DBusArgument],
        limits: [(index: Int, limit: DBusSizeLimit)] = [], admission: DBusAdmission? = nil,
        handler: @escaping @Sendable (MethodCall, [DBusValue]) throws -> MethodReply
    ) {
        self.name = name
        self.limits = limits
        self.admission = admission
        self.inArguments = inArguments
        self.outArguments = outArguments
        self.inSignature = inArguments.map(\.type.signature).joined()
        self.outTypes = outArguments.map(\.type)
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
    /// Reads the value, given the object's context (see ``ObjectServer/register(_:at:context:)``).
    let get: @Sendable ((any Sendable)?) -> DBusValue
    /// Writes a value already checked to be of ``type``, given the object's context.
    let set: (@Sendable (DBusValue, (any Sendable)?) throws -> Void)?
    /// Writes the value straight into a message, for a property of a ``DBusWireValue`` type.
    var wire: DBusPropertyWire?

    /// A read-only property.
    public init(
        _ name: MemberName, _ type: DBusType, emitsChange: PropertyChangeEmission = .true,
        get: @escaping @Sendable () -> DBusValue
    ) {
        self.init(name, type, emitsChange: emitsChange, of: { _ in get() }, set: nil)
    }

    /// A read-write property; `set` receives a value already checked to be of `type`
    /// and may throw ``DBusError`` (usually `InvalidArgs`) to refuse it.
    public init(
        _ name: MemberName, _ type: DBusType, emitsChange: PropertyChangeEmission = .true,
        get: @escaping @Sendable () -> DBusValue, set: @escaping @Sendable (DBusValue) throws -> Void
    ) {
        self.init(name, type, emitsChange: emitsChange, of: { _ in get() }, set: { value, _ in try set(value) })
    }

    /// A property whose getter and setter receive the context of the object they are for.
    init(
        _ name: MemberName, _ type: DBusType, emitsChange: PropertyChangeEmission,
        of get: @escaping @Sendable ((any Sendable)?) -> DBusValue,
        set: (@Sendable (DBusValue, (any Sendable)?) throws -> Void)?
    ) {
        self.name = name
        self.type = type
        self.access = set == nil ? .read : .readWrite
        self.emitsChange = emitsChange
        self.get = get
        self.set = set
    }

    /// The value for the object registered with `context`.
    func value(for context: (any Sendable)?) -> DBusValue { get(context) }
}

/// A signal, described as data.
public struct DBusSignal: Sendable {
    /// The member name.
    public let name: MemberName
    /// Its arguments.
    public let arguments: [DBusArgument]
    /// The types an emission must carry, derived from ``arguments``.
    let types: [DBusType]

    /// Describes a signal.
    public init(_ name: MemberName, _ arguments: [DBusArgument] = []) {
        self.name = name
        self.arguments = arguments
        self.types = arguments.map(\.type)
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

    /// Describes an interface.
    public init(
        _ name: InterfaceName, methods: [DBusMethod] = [], properties: [DBusProperty] = [],
        signals: [DBusSignal] = []
    ) {
        self.name = name
        self.methods = methods
        self.properties = properties
        self.signals = signals
    }

    // Members are found by a linear search, not through dictionaries: an
    // interface has a few dozen members at most, whose names are mostly short
    // enough to compare in a word or two, and every object of a menu's items
    // holds its own interfaces, so per-object dictionaries cost kilobytes each.

    /// The method called `name`, if any.
    public func method(named name: String) -> DBusMethod? {
        methods.first { $0.name.rawValue == name }
    }

    /// The property called `name`, if any.
    public func property(named name: String) -> DBusProperty? {
        properties.first { $0.name.rawValue == name }
    }

    /// The signal called `name`, if any.
    public func signal(named name: String) -> DBusSignal? {
        signals.first { $0.name.rawValue == name }
    }
}
