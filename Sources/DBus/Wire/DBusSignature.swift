/// A validated D-Bus type signature such as `sa{sv}`: zero or more complete types.
///
/// Parsing follows the D-Bus specification and libdbus: at most 255 bytes, arrays
/// nested at most 32 deep, structs nested at most 32 deep, no empty struct `()`,
/// dictionary entries `{kv}` only as an array's element with a basic key and exactly
/// two types. `h` (Unix file descriptor) is accepted; codes reserved for bindings
/// (`r`, `e`, `m`, `*`, `?`, `@`, `&`, `^`) are not.
public struct DBusSignature: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The signature text.
    public let rawValue: String
    /// The complete types of the signature, in order.
    public let types: [DBusType]

    /// The maximum length of a signature in bytes.
    public static let maxLength = 255
    /// The maximum nesting of arrays, and separately of structs.
    public static let maxNesting = 32

    /// The empty signature, of a message with no arguments.
    public static let empty = DBusSignature(rawValue: "", types: [])

    private init(rawValue: String, types: [DBusType]) {
        self.rawValue = rawValue
        self.types = types
    }

    /// Parses and validates `text`.
    public init(_ text: String) throws(DBusSignatureError) {
        var parser = SignatureParser(text)
        self.init(rawValue: text, types: try parser.parseAll())
    }

    /// The signature of `types`, validated as parsed text would be (length, nesting,
    /// dictionary entries only inside arrays, basic keys, no empty structs).
    public init(_ types: [DBusType]) throws(DBusSignatureError) {
        var bytes: [UInt8] = []
        for type in types { type.appendSignature(to: &bytes) }
        try self.init(String(decoding: bytes, as: UTF8.self))
    }

    /// Creates a signature from a literal; traps with the parse error if the literal is invalid.
    public init(stringLiteral value: String) {
        do {
            try self.init(value)
        } catch {
            fatalError("invalid DBusSignature literal: \(error)")
        }
    }

    /// Parses `text` as exactly one complete type, as a variant or property carries.
    public static func parseSingle(_ text: String) throws(DBusSignatureError) -> DBusType {
        var parser = SignatureParser(text)
        return try parser.parseSingle()
    }

    /// The signature text.
    public var description: String { rawValue }

    /// Signatures are equal when their text is.
    public static func == (lhs: DBusSignature, rhs: DBusSignature) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the signature text.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// Why a string is not a valid D-Bus signature.
public struct DBusSignatureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The rejected signature text.
    public let value: String
    /// The byte offset in ``value`` where the problem was found.
    public let offset: Int
    /// What is wrong, where, and what would be right.
    public let reason: String

    /// Creates an error; normally thrown by ``DBusSignature``.
    public init(value: String, offset: Int, reason: String) {
        self.value = value
        self.offset = offset
        self.reason = reason
    }

    /// A sentence such as `"a{vs}" is not a valid signature: a dictionary key must be …`.
    public var description: String {
        "\(value.debugDescription) is not a valid signature: \(reason)"
    }
}

/// A recursive-descent parser over the signature's UTF-8 bytes. Recursion is bounded
/// by the 255-byte limit, checked first.
struct SignatureParser {
    let text: String
    let bytes: [UInt8]
    var index = 0
    var arrayDepth = 0
    var structDepth = 0

    init(_ text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }

    func fail(_ offset: Int, _ reason: String) -> DBusSignatureError {
        DBusSignatureError(value: text, offset: offset, reason: reason)
    }

    func checkLength() throws(DBusSignatureError) {
        if bytes.count > DBusSignature.maxLength {
            throw fail(
                DBusSignature.maxLength, "it is \(bytes.count) bytes long; the maximum is \(DBusSignature.maxLength)")
        }
    }

    mutating func parseAll() throws(DBusSignatureError) -> [DBusType] {
        try checkLength()
        var types: [DBusType] = []
        while index < bytes.count { types.append(try parseType()) }
        return types
    }

    mutating func parseSingle() throws(DBusSignatureError) -> DBusType {
        try checkLength()
        guard !bytes.isEmpty else { throw fail(0, "it is empty; expected exactly one complete type") }
        let type = try parseType()
        if index < bytes.count {
            throw fail(index, "expected exactly one complete type, but another begins at byte \(index)")
        }
        return type
    }

    mutating func parseType() throws(DBusSignatureError) -> DBusType {
        let start = index
        let code = bytes[index]
        index += 1
        if let basic = DBusType.basic(code: code) { return basic }
        switch code {
        case UInt8(ascii: "a"):
            arrayDepth += 1
            defer { arrayDepth -= 1 }
            if arrayDepth > DBusSignature.maxNesting {
                throw fail(start, "arrays nest more than \(DBusSignature.maxNesting) deep at byte \(start)")
            }
            guard index < bytes.count, bytes[index] != UInt8(ascii: ")"), bytes[index] != UInt8(ascii: "}") else {
                throw fail(start, #"the array "a" at byte \#(start) has no element type (write e.g. "as")"#)
            }
            if bytes[index] == UInt8(ascii: "{") { return .array(try parseDictEntry()) }
            return .array(try parseType())
        case UInt8(ascii: "("):
            structDepth += 1
            defer { structDepth -= 1 }
            if structDepth > DBusSignature.maxNesting {
                throw fail(start, "structs nest more than \(DBusSignature.maxNesting) deep at byte \(start)")
            }
            var fields: [DBusType] = []
            while true {
                guard index < bytes.count else {
                    throw fail(start, #"the struct opened at byte \#(start) is never closed with ")""#)
                }
                if bytes[index] == UInt8(ascii: ")") {
                    if fields.isEmpty {
                        throw fail(start, #"empty struct "()" at byte \#(start); a struct holds at least one type"#)
                    }
                    index += 1
                    return .structure(fields)
                }
                fields.append(try parseType())
            }
        case UInt8(ascii: "{"):
            throw fail(
                start, #"a dictionary entry "{" at byte \#(start) is only allowed right after "a" (write e.g. "a{sv}")"#
            )
        case UInt8(ascii: ")"):
            throw fail(start, #"")" at byte \#(start) closes no struct"#)
        case UInt8(ascii: "}"):
            throw fail(start, #""}" at byte \#(start) closes no dictionary entry"#)
        case UInt8(ascii: "r"), UInt8(ascii: "e"), UInt8(ascii: "m"), UInt8(ascii: "*"),
            UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "&"), UInt8(ascii: "^"):
            throw fail(
                start,
                "type code \(NameRules.show(code)) at byte \(start) is reserved for bindings and not allowed in a signature"
            )
        default:
            throw fail(start, "unknown type code \(NameRules.show(code)) at byte \(start)")
        }
    }

    /// Parses `{kv}` with `index` at the `{`.
    mutating func parseDictEntry() throws(DBusSignatureError) -> DBusType {
        let start = index
        index += 1
        guard index < bytes.count else { throw unclosedEntry(start) }
        let keyCode = bytes[index]
        if keyCode == UInt8(ascii: "}") {
            throw fail(start, #"empty dictionary entry "{}" at byte \#(start); it holds a key and a value"#)
        }
        switch keyCode {
        case UInt8(ascii: "v"), UInt8(ascii: "a"), UInt8(ascii: "("), UInt8(ascii: "{"):
            throw fail(
                index, "a dictionary key must be a basic type, found \(NameRules.show(keyCode)) at byte \(index)")
        default:
            break
        }
        let key = try parseType()
        guard index < bytes.count else { throw unclosedEntry(start) }
        if bytes[index] == UInt8(ascii: "}") {
            throw fail(start, "the dictionary entry at byte \(start) has a key but no value; it holds exactly 2 types")
        }
        let value = try parseType()
        guard index < bytes.count else { throw unclosedEntry(start) }
        guard bytes[index] == UInt8(ascii: "}") else {
            throw fail(
                index,
                #"the dictionary entry at byte \#(start) holds more than 2 types: found \#(NameRules.show(bytes[index])) at byte \#(index) where "}" belongs"#
            )
        }
        index += 1
        return .dictEntry(key: key, value: value)
    }

    func unclosedEntry(_ start: Int) -> DBusSignatureError {
        fail(start, #"the dictionary entry opened at byte \#(start) is never closed with "}""#)
    }
}
