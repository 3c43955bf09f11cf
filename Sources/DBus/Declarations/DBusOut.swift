/// A typed out-argument of a method, or an argument of a signal: its name, as
/// introspection shows it, and the Swift type that stands for its D-Bus type.
public struct DBusOut<Value: DBusArgumentValue>: Sendable {
    /// The argument's name.
    public let name: String

    /// An argument called `name`, of the D-Bus type that `type` stands for.
    public init(_ name: String, _ type: Value.Type) {
        self.name = name
    }

    var described: DBusArgument { DBusArgument(name, Value.dbusType) }
}

/// Several values a method returns at once (`Begin` returning a token's
/// plugin, its file and identity, say), as a Swift type: its fields are the
/// out-arguments, in order, named by ``arguments``.
///
/// Methods returning one value declare it with ``DBusOut`` instead; a method
/// returning nothing has `Void` as its out-type.
public protocol DBusArgumentList: Sendable {
    /// The out-arguments, names and types, in order.
    static var arguments: [DBusArgument] { get }
    /// The list read from a reply's values, or nil when they are not of ``arguments``' types.
    init?(dbusValues values: [DBusValue])
    /// The values to send, of ``arguments``' types.
    var dbusValues: [DBusValue] { get }
}

/// Reads values one after another as the Swift types a declaration names.
///
/// The declaration types (methods, signals, structures) read through it, so
/// the code that knows a value's position is the declaration's alone.
public struct DBusValueReader {
    private let values: [DBusValue]
    private var next = 0

    /// A reader of `values`, from the first.
    public init(_ values: [DBusValue]) { self.values = values }

    /// Whether every value has been read.
    public var isAtEnd: Bool { next == values.count }

    /// The next value as a `T`, or nil when there is none or it is of another type.
    public mutating func read<T: DBusArgumentValue>(_ type: T.Type = T.self) -> T? {
        guard next < values.count, let value = T(dbusValue: values[next]) else { return nil }
        next += 1
        return value
    }

    /// The next value as a `T`.
    ///
    /// - Throws: ``DBusValueMismatch`` when there is none or it is of another type.
    mutating func take<T: DBusArgumentValue>(_ type: T.Type) throws(DBusValueMismatch) -> T {
        guard let value = read(type) else { throw DBusValueMismatch() }
        return value
    }
}

/// A value was not of the type its declaration gives; thrown and caught
/// inside the declaration types only.
struct DBusValueMismatch: Error {}

/// The signature of values' types, for messages that name what was sent.
func signature(of values: [DBusValue]) -> String {
    values.map(\.type.signature).joined()
}

/// The signature of `types`.
func signature(of types: [DBusType]) -> String {
    types.map(\.signature).joined()
}
