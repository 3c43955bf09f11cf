/// A Swift type that stands for one D-Bus type and converts itself to and
/// from it: the arguments of declared methods and signals, and the values of
/// declared properties (``DBusMethodDeclaration``, ``DBusSignalDeclaration``,
/// ``DBusPropertyDeclaration``), rows of `a(…)` properties included
/// (``DBusStructLayout``).
///
/// The object server checks a call's signature before the handler runs and
/// decodes each argument to its Swift type, and clients decode replies the
/// same way, so neither end indexes an untyped array or guesses what a value holds.
public protocol DBusArgumentValue: Sendable {
    /// The D-Bus type of values of this Swift type.
    static var dbusType: DBusType { get }
    /// The Swift value of `value`, or nil when `value` is not of ``dbusType``.
    init?(dbusValue value: DBusValue)
    /// This value as D-Bus carries it, of type ``dbusType``.
    var dbusValue: DBusValue { get }
    /// Why `value`, which `init(dbusValue:)` refused, is no value of this
    /// type, for messages: by default its D-Bus type against ``dbusType``.
    static func refusal(of value: DBusValue) -> String
}

extension DBusArgumentValue {
    public static func refusal(of value: DBusValue) -> String {
        "it is of type \"\(value.type.signature)\", not \"\(dbusType.signature)\""
    }
}

extension Bool: DBusArgumentValue {
    public static var dbusType: DBusType { .boolean }
    public var dbusValue: DBusValue { .boolean(self) }
    public init?(dbusValue value: DBusValue) {
        guard case .boolean(let v) = value else { return nil }
        self = v
    }
}

extension UInt8: DBusArgumentValue {
    public static var dbusType: DBusType { .byte }
    public var dbusValue: DBusValue { .byte(self) }
    public init?(dbusValue value: DBusValue) {
        guard case .byte(let v) = value else { return nil }
        self = v
    }
}

extension Int16: DBusArgumentValue {
    public static var dbusType: DBusType { .int16 }
    public var dbusValue: DBusValue { .int16(self) }
    public init?(dbusValue value: DBusValue) {
        guard case .int16(let v) = value else { return nil }
        self = v
    }
}

extension UInt16: DBusArgumentValue {
    public static var dbusType: DBusType { .uint16 }
    public var dbusValue: DBusValue { .uint16(self) }
    public init?(dbusValue value: DBusValue) {
        guard case .uint16(let v) = value else { return nil }
        self = v
    }
}

extension Int32: DBusArgumentValue {
    public static var dbusType: DBusType { .int32 }
    public var dbusValue: DBusValue { .int32(self) }
    public init?(dbusValue value: DBusValue) {
        guard case .int32(let v) = value else { return nil }
        self = v
    }
}

extension UInt32: DBusArgumentValue {
    public static var dbusType: DBusType { .uint32 }
    public var dbusValue: DBusValue { .uint32(self) }
    public init?(dbusValue value: DBusValue) {
        guard case .uint32(let v) = value else { return nil }
        self = v
    }
}

extension Int64: DBusArgumentValue {
    public static var dbusType: DBusType { .int64 }
    public var dbusValue: DBusValue { .int64(self) }
    public init?(dbusValue value: DBusValue) {
        guard case .int64(let v) = value else { return nil }
        self = v
    }
}

extension UInt64: DBusArgumentValue {
    public static var dbusType: DBusType { .uint64 }
    public var dbusValue: DBusValue { .uint64(self) }
    public init?(dbusValue value: DBusValue) {
        guard case .uint64(let v) = value else { return nil }
        self = v
    }
}

extension Double: DBusArgumentValue {
    public static var dbusType: DBusType { .double }
    public var dbusValue: DBusValue { .double(self) }
    public init?(dbusValue value: DBusValue) {
        guard case .double(let v) = value else { return nil }
        self = v
    }
}

extension String: DBusArgumentValue {
    public static var dbusType: DBusType { .string }
    public var dbusValue: DBusValue { .string(self) }
    public init?(dbusValue value: DBusValue) {
        guard case .string(let v) = value else { return nil }
        self = v
    }
}

extension ObjectPath: DBusArgumentValue {
    public static var dbusType: DBusType { .objectPath }
    public var dbusValue: DBusValue { .objectPath(self) }
    public init?(dbusValue value: DBusValue) {
        guard case .objectPath(let v) = value else { return nil }
        self = v
    }
}

extension DBusSignature: DBusArgumentValue {
    public static var dbusType: DBusType { .signature }
    public var dbusValue: DBusValue { .signature(self) }
    public init?(dbusValue value: DBusValue) {
        guard case .signature(let v) = value else { return nil }
        self = v
    }
}

/// An array of a basic type, `as` or `at` say, decoded element by element.
extension Array: DBusArgumentValue where Element: DBusArgumentValue {
    public static var dbusType: DBusType { .array(Element.dbusType) }
    // A closure, not `\.dbusValue`: a key path over a generic parameter is built
    // anew on every call (about 15,000 instructions for the `Items` of a Toggle).
    public var dbusValue: DBusValue { .array(Element.dbusType, map { $0.dbusValue }) }
    public init?(dbusValue value: DBusValue) {
        guard case .array(_, let elements) = value else { return nil }
        var decoded: [Element] = []
        decoded.reserveCapacity(elements.count)
        for element in elements {
            guard let item = Element(dbusValue: element) else { return nil }
            decoded.append(item)
        }
        self = decoded
    }
}

/// A `v` argument: a value of any type, carried with its type.
public struct DBusVariant: DBusArgumentValue, Equatable {
    public static var dbusType: DBusType { .variant }
    /// The value inside the variant.
    public let value: DBusValue

    /// A variant holding `value`.
    public init(_ value: DBusValue) { self.value = value }

    public var dbusValue: DBusValue { .variant(value) }

    public init?(dbusValue value: DBusValue) {
        guard case .variant(let inner) = value else { return nil }
        self.value = inner
    }
}

/// An `a{sv}` argument, the options or parameters dictionary of D-Bus APIs.
///
/// Entries keep the order they had on the wire, and repeated keys are kept
/// as sent: which of them wins is the handler's decision.
public struct DBusVariantDictionary: DBusArgumentValue, Equatable {
    public static var dbusType: DBusType { .dictionary(.string, .variant) }
    /// The entries, each value taken out of its variant.
    public let entries: [(key: String, value: DBusValue)]

    /// A dictionary of `entries`, each value to be put in a variant.
    public init(_ entries: [(key: String, value: DBusValue)]) { self.entries = entries }

    public var dbusValue: DBusValue { .vardict(entries.map { ($0.key, $0.value) }) }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public init?(dbusValue value: DBusValue) {
        guard case .array(.dictEntry(key: .string, value: .variant), let elements) = value else { return nil }
        var entries: [(key: String, value: DBusValue)] = []
        entries.reserveCapacity(elements.count)
        for element in elements {
            guard case .dictEntry(.string(let key), .variant(let inner)) = element else { return nil }
            entries.append((key, inner))
        }
        self.entries = entries
    }
}

/// A typed in-argument of a method: its name, as introspection shows it, and
/// the Swift type its value is handed to the handler as.
public struct DBusIn<Value: DBusArgumentValue>: Sendable {
    /// The argument's name.
    public let name: String
    /// The most bytes an array argument may take in the message, checked
    /// before anything is decoded; see ``init(_:_:maximumBytes:refusal:)``.
    let limit: DBusSizeLimit?

    /// An argument called `name`, of the D-Bus type that `type` stands for.
    public init(_ name: String, _ type: Value.Type) {
        self.name = name
        self.limit = nil
    }

    /// An array argument (`a…`, such as `a{sv}`) that may take at most
    /// `maximumBytes` in the message. A larger one is answered with
    /// `refusal(bytes)` before the call is decoded, so its size costs the
    /// loop only the length prefix libdbus has already validated.
    public init(
        _ name: String, _ type: Value.Type, maximumBytes: Int,
        refusal: @escaping @Sendable (_ bytes: Int) -> DBusError
    ) {
        guard case .array = Value.dbusType else {
            preconditionFailure(
                "argument \(name) is of type \(Value.dbusType.signature): only arrays have a size limit")
        }
        self.name = name
        self.limit = DBusSizeLimit(maximumBytes: maximumBytes, refusal: refusal)
    }

    var described: DBusArgument { DBusArgument(name, Value.dbusType) }
}

/// How large an array argument may be in the message, and what a larger one is answered.
struct DBusSizeLimit: Sendable {
    let maximumBytes: Int
    let refusal: @Sendable (_ bytes: Int) -> DBusError
}

/// What refuses a caller before its call's arguments are read (``DBusMethodDeclaration/admitting(_:)``).
struct DBusAdmission: Sendable {
    let check: @Sendable (_ sender: String) throws(DBusError) -> Void
}

/// An `a{kv}` dictionary whose values all have one declared type, its
/// entries in wire order (`a{oa{sa{sv}}}`, say: an object manager's
/// objects). `Key` must stand for a basic type, as D-Bus requires.
public struct DBusDictionary<Key: DBusArgumentValue, Value: DBusArgumentValue>: DBusArgumentValue {
    public static var dbusType: DBusType { .dictionary(Key.dbusType, Value.dbusType) }
    /// The entries, in order.
    public let entries: [(key: Key, value: Value)]

    /// A dictionary of `entries`.
    public init(_ entries: [(key: Key, value: Value)]) { self.entries = entries }

    public init?(dbusValue value: DBusValue) {
        guard case .array(.dictEntry(key: Key.dbusType, value: Value.dbusType), let elements) = value else {
            return nil
        }
        var entries: [(key: Key, value: Value)] = []
        entries.reserveCapacity(elements.count)
        for element in elements {
            guard case .dictEntry(let rawKey, let rawValue) = element, let key = Key(dbusValue: rawKey),
                let value = Value(dbusValue: rawValue)
            else { return nil }
            entries.append((key, value))
        }
        self.entries = entries
    }

    public var dbusValue: DBusValue {
        .dictionary(Key.dbusType, Value.dbusType, entries.map { ($0.key.dbusValue, $0.value.dbusValue) })
    }
}

extension DBusDictionary: Equatable where Key: Equatable, Value: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
