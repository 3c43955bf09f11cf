/// A string validated as one kind of D-Bus name: an object path, a bus, interface,
/// member or error name.
///
/// Conforming types hold only a valid ``rawValue``; the throwing initializer checks
/// the text against the D-Bus specification, and ``isValid(_:)`` runs the same check
/// without building an error. String literals are for compile-time constants: an
/// invalid literal traps.
///
/// This file is over 300 lines on purpose: the five name types share one
/// grammar and one error type, and read best side by side, as zbus_names
/// keeps them in one crate.
public protocol DBusName: Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
where StringLiteralType == String {
    /// The validated text of the name.
    var rawValue: String { get }
    /// Validates `text`, throwing a ``DBusNameError`` that says what is wrong.
    init(_ text: String) throws(DBusNameError)
    /// Whether `text` is valid, without building an error; the initializer uses the same check.
    static func isValid(_ text: String) -> Bool
}

extension DBusName {
    /// Orders names by their raw text (byte order of the UTF-8, which for valid names is ASCII).
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The raw text of the name.
    public var description: String { rawValue }

    /// Creates a name from a literal; traps with the validation error if the literal is invalid.
    public init(stringLiteral value: String) {
        do {
            try self.init(value)
        } catch {
            fatalError("invalid \(Self.self) literal: \(error)")
        }
    }
}

/// Why a string is not a valid D-Bus name.
public struct DBusNameError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the string was meant to be, e.g. `"object path"` or `"bus name"`.
    public let kind: String
    /// The rejected string.
    public let value: String
    /// What is wrong and what would be right, e.g. `empty element at byte 2 (…)`.
    public let reason: String

    /// Creates an error; normally thrown by the name initializers.
    public init(kind: String, value: String, reason: String) {
        self.kind = kind
        self.value = value
        self.reason = reason
    }

    /// A sentence such as `"/a//b" is not a valid object path: empty element at byte 2 (…)`.
    public var description: String {
        "\(value.debugDescription) is not a valid \(kind): \(reason)"
    }
}

/// A D-Bus object path such as `/org/example/Menu`: `/`, or `/`-separated non-empty
/// elements of `[A-Za-z0-9_]` with no trailing `/`.
public struct ObjectPath: DBusName {
    /// The validated path text.
    public let rawValue: String

    /// The root path, `/`.
    public static let root = ObjectPath(unchecked: "/")

    /// Validates `text` as an object path.
    public init(_ text: String) throws(DBusNameError) {
        if let fault = NameRules.objectPathFault(text.utf8) {
            throw NameRules.error(.objectPath, text, fault)
        }
        rawValue = text
    }

    init(unchecked text: String) { rawValue = text }

    /// Whether `text` is a valid object path.
    public static func isValid(_ text: String) -> Bool { NameRules.objectPathFault(text.utf8) == nil }

    /// The path's elements, empty for the root: `["org", "example"]` for `/org/example`.
    public var elements: [Substring] {
        rawValue.split(separator: "/")
    }

    /// The path one element shorter, or nil for the root; the parent of `/a` is `/`.
    public var parent: ObjectPath? {
        guard rawValue != "/" else { return nil }
        guard let slash = rawValue.utf8.lastIndex(of: UInt8(ascii: "/")),
            slash != rawValue.utf8.startIndex
        else { return .root }
        return ObjectPath(unchecked: String(rawValue[..<slash]))
    }

    /// This path with one more element; `element` must be non-empty `[A-Za-z0-9_]` (no `/`).
    public func appending(_ element: String) throws(DBusNameError) -> ObjectPath {
        if let fault = NameRules.pathElementFault(element.utf8) {
            throw NameRules.error(.objectPathElement, element, fault)
        }
        return ObjectPath(unchecked: rawValue == "/" ? "/" + element : rawValue + "/" + element)
    }
}

/// A bus name: a unique connection name such as `:1.42`, or a well-known name such as
/// `org.example.Petal`. At most 255 bytes, two or more `.`-separated elements of
/// `[A-Za-z0-9_-]`; only unique names may have elements starting with a digit.
public struct BusName: DBusName {
    /// The validated name text.
    public let rawValue: String

    /// Validates `text` as a unique or well-known bus name.
    public init(_ text: String) throws(DBusNameError) {
        if let fault = NameRules.busNameFault(text.utf8) { throw NameRules.error(.busName, text, fault) }
        rawValue = text
    }

    /// Whether `text` is a valid bus name.
    public static func isValid(_ text: String) -> Bool { NameRules.busNameFault(text.utf8) == nil }

    /// Whether this is a unique connection name (it starts with `:`), assigned by the bus.
    public var isUnique: Bool { rawValue.utf8.first == UInt8(ascii: ":") }
}

/// An interface name such as `org.freedesktop.DBus.Properties`: at most 255 bytes,
/// two or more `.`-separated elements of `[A-Za-z0-9_]`, none starting with a digit.
public struct InterfaceName: DBusName {
    /// The validated name text.
    public let rawValue: String

    /// Validates `text` as an interface name.
    public init(_ text: String) throws(DBusNameError) {
        if let fault = NameRules.dottedFault(text.utf8) { throw NameRules.error(.interface, text, fault) }
        rawValue = text
    }

    /// Whether `text` is a valid interface name.
    public static func isValid(_ text: String) -> Bool { NameRules.dottedFault(text.utf8) == nil }
}

/// A method or signal name such as `GetLayout`: 1 to 255 bytes of `[A-Za-z0-9_]`,
/// not starting with a digit.
public struct MemberName: DBusName {
    /// The validated name text.
    public let rawValue: String

    /// Validates `text` as a member name.
    public init(_ text: String) throws(DBusNameError) {
        if let fault = NameRules.memberFault(text.utf8) { throw NameRules.error(.member, text, fault) }
        rawValue = text
    }

    /// Whether `text` is a valid member name.
    public static func isValid(_ text: String) -> Bool { NameRules.memberFault(text.utf8) == nil }
}

/// An error name such as `org.freedesktop.DBus.Error.Failed`; the same rules as an
/// ``InterfaceName``.
public struct ErrorName: DBusName {
    /// The validated name text.
    public let rawValue: String

    /// Validates `text` as an error name.
    public init(_ text: String) throws(DBusNameError) {
        if let fault = NameRules.dottedFault(text.utf8) { throw NameRules.error(.error, text, fault) }
        rawValue = text
    }

    /// Whether `text` is a valid error name.
    public static func isValid(_ text: String) -> Bool { NameRules.dottedFault(text.utf8) == nil }
}

// MARK: - Validation

/// The shared checks behind the name types: each returns nil for a valid name or the
/// first fault found, without allocating, so `isValid` and the initializers agree.
enum NameRules {
    enum Kind {
        case objectPath, objectPathElement, busName, interface, member, error
    }

    enum Fault: Equatable {
        case empty
        case tooLong(Int)
        case invalidByte(UInt8, at: Int)
        case digitStart(UInt8, at: Int)
        case emptyElement(at: Int)
        case leadingDot
        case trailingSeparator(UInt8, at: Int)
        case oneElement
        case noLeadingSlash
    }

    static let maxLength = 255

    @inline(__always) static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    static func objectPathFault(_ bytes: String.UTF8View) -> Fault? {
        guard let first = bytes.first else { return .empty }
        guard first == UInt8(ascii: "/") else { return .noLeadingSlash }
        var offset = 0
        var separator = 0
        var length = 0
        for b in bytes.dropFirst() {
            offset += 1
            if b == UInt8(ascii: "/") {
                if length == 0 { return .emptyElement(at: separator) }
                separator = offset
                length = 0
            } else if isWordByte(b) {
                length += 1
            } else {
                return .invalidByte(b, at: offset)
            }
        }
        return length == 0 && offset > 0 ? .trailingSeparator(UInt8(ascii: "/"), at: separator) : nil
    }

    static func pathElementFault(_ bytes: String.UTF8View) -> Fault? {
        if bytes.isEmpty { return .empty }
        for (offset, b) in bytes.enumerated() where !isWordByte(b) { return .invalidByte(b, at: offset) }
        return nil
    }

    static func memberFault(_ bytes: String.UTF8View) -> Fault? {
        guard let first = bytes.first else { return .empty }
        if bytes.count > maxLength { return .tooLong(bytes.count) }
        if isDigit(first) { return .digitStart(first, at: 0) }
        return pathElementFault(bytes)
    }

    /// Interface and error names: `[A-Za-z0-9_]` elements, none starting with a digit.
    static func dottedFault(_ bytes: String.UTF8View) -> Fault? {
        if bytes.isEmpty { return .empty }
        if bytes.count > maxLength { return .tooLong(bytes.count) }
        return elementsFault(bytes, start: 0, hyphen: false, digitFirst: false)
    }

    static func busNameFault(_ bytes: String.UTF8View) -> Fault? {
        guard let first = bytes.first else { return .empty }
        if bytes.count > maxLength { return .tooLong(bytes.count) }
        let unique = first == UInt8(ascii: ":")
        return elementsFault(bytes, start: unique ? 1 : 0, hyphen: true, digitFirst: unique)
    }

    /// Checks `.`-separated elements from byte `start`; a unique name's `:` counts as
    /// the separator opening its first element.
    private static func elementsFault(_ bytes: String.UTF8View, start: Int, hyphen: Bool, digitFirst: Bool) -> Fault? {
        var offset = start - 1
        var separator = start - 1
        var length = 0
        var elements = 1
        for b in bytes.dropFirst(start) {
            offset += 1
            if b == UInt8(ascii: ".") {
                if length == 0 { return separator < 0 ? .leadingDot : .emptyElement(at: separator) }
                separator = offset
                length = 0
                elements += 1
            } else if isWordByte(b) || (hyphen && b == UInt8(ascii: "-")) {
                if length == 0 && !digitFirst && isDigit(b) { return .digitStart(b, at: offset) }
                length += 1
            } else {
                return .invalidByte(b, at: offset)
            }
        }
        if length == 0 {
            let last = start == 1 && separator == 0 ? UInt8(ascii: ":") : UInt8(ascii: ".")
            return .trailingSeparator(last, at: separator)
        }
        return elements < 2 ? .oneElement : nil
    }

    // MARK: Messages

    static func error(_ kind: Kind, _ text: String, _ fault: Fault) -> DBusNameError {
        DBusNameError(kind: label(kind), value: text, reason: "\(describe(fault)) (\(rule(kind, text)))")
    }

    static func label(_ kind: Kind) -> String {
        switch kind {
        case .objectPath: "object path"
        case .objectPathElement: "object path element"
        case .busName: "bus name"
        case .interface: "interface name"
        case .member: "member name"
        case .error: "error name"
        }
    }

    static func rule(_ kind: Kind, _ text: String) -> String {
        switch kind {
        case .objectPath:
            #"elements are [A-Za-z0-9_], separated by single "/"; a path starts with "/" and only "/" itself ends with "/""#
        case .objectPathElement: "an element is one or more of [A-Za-z0-9_]"
        case .busName where text.utf8.first == UInt8(ascii: ":"):
            #"a unique name is ":" then 2 or more "."-separated elements of [A-Za-z0-9_-], at most 255 bytes in all"#
        case .busName:
            #"a well-known name is 2 or more "."-separated elements of [A-Za-z0-9_-], none starting with a digit, at most 255 bytes"#
        case .interface, .error:
            #"2 or more "."-separated elements of [A-Za-z0-9_], none starting with a digit, at most 255 bytes"#
        case .member: "1 to 255 bytes of [A-Za-z0-9_], not starting with a digit"
        }
    }

    static func describe(_ fault: Fault) -> String {
        switch fault {
        case .empty: "it is empty"
        case .tooLong(let n): "it is \(n) bytes long"
        case .invalidByte(let b, let at): "invalid \(isPrintable(b) ? "character" : "byte") \(show(b)) at byte \(at)"
        case .digitStart(let b, 0): "it starts with the digit \(show(b))"
        case .digitStart(let b, let at): "an element starts with the digit \(show(b)) at byte \(at)"
        case .emptyElement(let at): "empty element at byte \(at)"
        case .leadingDot: #"it starts with ".""#
        case .trailingSeparator(let b, let at): "it ends with \(show(b)) at byte \(at)"
        case .oneElement: #"it has only one element (no ".")"#
        case .noLeadingSlash: #"it does not start with "/""#
        }
    }

    static func isPrintable(_ b: UInt8) -> Bool { b >= 0x20 && b < 0x7F }

    /// A byte as `"x"` when printable ASCII, otherwise as `0xC3`.
    static func show(_ b: UInt8) -> String {
        if isPrintable(b) { return "\"\(Character(Unicode.Scalar(b)))\"" }
        let hex = String(b, radix: 16, uppercase: true)
        return "0x" + (hex.count < 2 ? "0" + hex : hex)
    }
}
