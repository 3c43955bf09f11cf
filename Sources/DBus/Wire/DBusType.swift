/// A complete D-Bus type: what one signature element describes.
///
/// `DBusType` is the parsed form of a single complete type such as `s`,
/// `a{sv}` or `(ssssbb)`. A ``DBusSignature`` is a sequence of them.
public indirect enum DBusType: Hashable, Sendable {
    case byte
    case boolean
    case int16
    case uint16
    case int32
    case uint32
    case int64
    case uint64
    case double
    case string
    case objectPath
    case signature
    case unixFD
    case variant
    case array(DBusType)
    /// A `{kv}` entry; valid only as the element of an array.
    case dictEntry(key: DBusType, value: DBusType)
    case structure([DBusType])

    /// `a{kv}`, the type of a dictionary.
    public static func dictionary(_ key: DBusType, _ value: DBusType) -> DBusType {
        .array(.dictEntry(key: key, value: value))
    }

    /// Whether this is a basic (non-container) type, as dictionary keys must be.
    public var isBasic: Bool {
        switch self {
        case .variant, .array, .dictEntry, .structure: false
        default: true
        }
    }

    /// The type code of this type's first character, as libdbus numbers it.
    public var code: UInt8 {
        switch self {
        case .byte: UInt8(ascii: "y")
        case .boolean: UInt8(ascii: "b")
        case .int16: UInt8(ascii: "n")
        case .uint16: UInt8(ascii: "q")
        case .int32: UInt8(ascii: "i")
        case .uint32: UInt8(ascii: "u")
        case .int64: UInt8(ascii: "x")
        case .uint64: UInt8(ascii: "t")
        case .double: UInt8(ascii: "d")
        case .string: UInt8(ascii: "s")
        case .objectPath: UInt8(ascii: "o")
        case .signature: UInt8(ascii: "g")
        case .unixFD: UInt8(ascii: "h")
        case .variant: UInt8(ascii: "v")
        case .array: UInt8(ascii: "a")
        case .dictEntry: UInt8(ascii: "e")  // libdbus's DBUS_TYPE_DICT_ENTRY
        case .structure: UInt8(ascii: "r")  // libdbus's DBUS_TYPE_STRUCT
        }
    }

    /// The basic type for a signature character, or nil for a container or an unknown code.
    public static func basic(code: UInt8) -> DBusType? {
        switch code {
        case UInt8(ascii: "y"): .byte
        case UInt8(ascii: "b"): .boolean
        case UInt8(ascii: "n"): .int16
        case UInt8(ascii: "q"): .uint16
        case UInt8(ascii: "i"): .int32
        case UInt8(ascii: "u"): .uint32
        case UInt8(ascii: "x"): .int64
        case UInt8(ascii: "t"): .uint64
        case UInt8(ascii: "d"): .double
        case UInt8(ascii: "s"): .string
        case UInt8(ascii: "o"): .objectPath
        case UInt8(ascii: "g"): .signature
        case UInt8(ascii: "h"): .unixFD
        case UInt8(ascii: "v"): .variant
        default: nil
        }
    }

    /// The signature text of this single complete type, e.g. `a{sv}`.
    public var signature: String {
        var bytes: [UInt8] = []
        appendSignature(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the signature's characters (ASCII) to `bytes`.
    func appendSignature(to bytes: inout [UInt8]) {
        switch self {
        case .array(let element):
            bytes.append(UInt8(ascii: "a"))
            element.appendSignature(to: &bytes)
        case .dictEntry(let key, let value):
            bytes.append(UInt8(ascii: "{"))
            key.appendSignature(to: &bytes)
            value.appendSignature(to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        case .structure(let fields):
            bytes.append(UInt8(ascii: "("))
            for field in fields { field.appendSignature(to: &bytes) }
            bytes.append(UInt8(ascii: ")"))
        default:
            bytes.append(code)
        }
    }
}

extension DBusType: CustomStringConvertible {
    public var description: String { signature }
}
