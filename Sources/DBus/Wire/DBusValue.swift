import Glibc

/// A D-Bus value of any type, as carried in a message body.
///
/// Containers carry their element type so that empty arrays still have a
/// signature. Dictionaries are arrays of ``dictEntry(_:_:)`` values, as on the wire;
/// ``dictionary(_:_:_:)`` builds one.
///
/// Only the cases that hold a value in themselves are boxed: a string or a
/// number is stored inline, so making one allocates nothing.
public enum DBusValue: Hashable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(ObjectPath)
    case signature(DBusSignature)
    /// A file descriptor owned by the value's holder (reading a message duplicates it).
    case unixFD(Int32)
    indirect case variant(DBusValue)
    case array(DBusType, [DBusValue])
    indirect case dictEntry(DBusValue, DBusValue)
    case structure([DBusValue])

    /// The type of this value.
    public var type: DBusType {
        switch self {
        case .byte: .byte
        case .boolean: .boolean
        case .int16: .int16
        case .uint16: .uint16
        case .int32: .int32
        case .uint32: .uint32
        case .int64: .int64
        case .uint64: .uint64
        case .double: .double
        case .string: .string
        case .objectPath: .objectPath
        case .signature: .signature
        case .unixFD: .unixFD
        case .variant: .variant
        case .array(let element, _): .array(element)
        case .dictEntry(let key, let value): .dictEntry(key: key.type, value: value.type)
        case .structure(let fields): .structure(fields.map(\.type))
        }
    }

    /// Whether the value is of `type`, told without building the value's
    /// type (which allocates for every container): what checking each
    /// element of an array costs.
    func isOf(_ type: DBusType) -> Bool {
        switch (self, type) {
        case (.array(let element, _), .array(let expected)): element == expected
        case (.dictEntry(let key, let value), .dictEntry(let expectedKey, let expectedValue)):
            key.isOf(expectedKey) && value.isOf(expectedValue)
        case (.structure(let fields), .structure(let expected)):
            fields.count == expected.count && zip(fields, expected).allSatisfy { $0.isOf($1) }
        case (.array, _), (.dictEntry, _), (.structure, _): false
        default: self.type == type
        }
    }

    /// Whether this is a value of a basic type (no container, no variant).
    public var isBasic: Bool {
        switch self {
        case .variant, .array, .dictEntry, .structure: false
        default: true
        }
    }

    /// A dictionary `a{kv}` from key-value pairs, in the given order.
    public static func dictionary(_ key: DBusType, _ value: DBusType, _ entries: [(DBusValue, DBusValue)]) -> DBusValue
    {
        .array(.dictEntry(key: key, value: value), entries.map { .dictEntry($0.0, $0.1) })
    }

    /// An `a{sv}` dictionary, the usual shape of options and results.
    public static func vardict(_ entries: [(String, DBusValue)]) -> DBusValue {
        .array(.dictEntry(key: .string, value: .variant), entries.map { .dictEntry(.string($0.0), .variant($0.1)) })
    }

    /// An array of structs, `type` being its `a(…)` type, from each struct's fields.
    public static func rows(of type: DBusType, _ rows: [[DBusValue]]) -> DBusValue {
        guard case .array(let element) = type else { preconditionFailure("rows(of:) needs an array type, not \(type)") }
        return .array(element, rows.map { .structure($0) })
    }

    /// This value with every Unix file descriptor in it closed and given as -1.
    public func closingDescriptors() -> DBusValue {
        switch self {
        case .unixFD(let fd):
            if fd >= 0 { close(fd) }
            return .unixFD(-1)
        case .variant(let inner): return .variant(inner.closingDescriptors())
        case .array(let type, let elements): return .array(type, elements.map { $0.closingDescriptors() })
        case .dictEntry(let key, let value): return .dictEntry(key.closingDescriptors(), value.closingDescriptors())
        case .structure(let fields): return .structure(fields.map { $0.closingDescriptors() })
        default: return self
        }
    }

    /// An `as` array of strings.
    public static func strings(_ values: [String]) -> DBusValue {
        .array(.string, values.map(DBusValue.string))
    }
}

// MARK: - Reading values

extension DBusValue {
    /// The string payload of a `s`, `o` or `g` value.
    public var stringValue: String? {
        switch self {
        case .string(let s): s
        case .objectPath(let p): p.rawValue
        case .signature(let g): g.rawValue
        default: nil
        }
    }

    /// The payload of a `b` value.
    public var boolValue: Bool? {
        if case .boolean(let b) = self { return b }
        return nil
    }

    /// Any integer payload, widened; nil for non-integers and for a `t` beyond `Int64.max`.
    public var integerValue: Int64? {
        switch self {
        case .byte(let v): Int64(v)
        case .int16(let v): Int64(v)
        case .uint16(let v): Int64(v)
        case .int32(let v): Int64(v)
        case .uint32(let v): Int64(v)
        case .int64(let v): v
        case .uint64(let v): Int64(exactly: v)
        default: nil
        }
    }

    /// Any numeric payload as a `Double`.
    public var doubleValue: Double? {
        if case .double(let d) = self { return d }
        return integerValue.map(Double.init)
    }

    /// The value inside a variant, or the value itself.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// The elements of an array.
    public var arrayElements: [DBusValue]? {
        if case .array(_, let elements) = self { return elements }
        return nil
    }

    /// The entries of an `a{s…}` dictionary, keyed by string, in wire order.
    ///
    /// Later duplicates of a key win, as most D-Bus bindings do.
    public var stringKeyedEntries: [(key: String, value: DBusValue)]? {
        guard case .array(.dictEntry(.string, _), let entries) = self else { return nil }
        return entries.compactMap {
            guard case .dictEntry(.string(let key), let value) = $0 else { return nil }
            return (key, value)
        }
    }
}
