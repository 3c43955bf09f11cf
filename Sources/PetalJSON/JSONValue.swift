/// A JSON document (RFC 8259). Integers that fit in 64 bits are kept exact as `.int`;
/// other numbers are `.double`. `.int(1)` and `.double(1)` are different values.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int64`.
    case int(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in document order.
    case object(JSONObject)

    /// The JSON type's name as users know it: `null`, `boolean`, `number`,
    /// `string`, `array` or `object`; for messages such as "expected a string, found number".
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The value if this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The value if this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The value if this is an integer, or a double with an exact `Int64` value.
    public var int64Value: Int64? {
        switch self {
        case .int(let value): value
        case .double(let value): Int64(exactly: value)
        default: nil
        }
    }

    /// The value as a `Double` if this is any number.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The elements if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The members if this is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { value } else { nil }
    }

    /// The member named `key` if this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` is `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// A boolean literal is `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal is `.int`.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// A float literal is `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal is `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal is `.array`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal is `.object`, members in literal order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}

/// A JSON object: string keys mapped to values, remembering insertion order.
///
/// Iteration, `keys` and encoding follow the stored order. Equality and hashing
/// ignore order (two objects are equal when they have the same members), as JSON
/// gives member order no meaning.
public struct JSONObject: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member: its key and value.
    public typealias Element = (key: String, value: JSONValue)

    private var members: [Element] = []
    /// Where each key is in ``members``, kept only for objects of more than
    /// ``linearSearchLimit`` members: a small object's key is found faster by
    /// comparing a few keys than by hashing, and a picker's 100,000 rows
    /// would otherwise each hold a dictionary.
    private var positions: [String: Int] = [:]
    private static let linearSearchLimit = 8

    /// Creates an empty object.
    public init() {}

    /// Creates an object from `pairs` in order; a repeated key keeps its first
    /// position and takes its last value, as assigning through the subscript would.
    public init<Pairs: Sequence>(_ pairs: Pairs) where Pairs.Element == (String, JSONValue) {
        for (key, value) in pairs { self[key] = value }
    }

    /// Creates an object from a literal, members in literal order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The keys in stored order.
    public var keys: [String] { members.map(\.key) }

    /// The values in stored order.
    public var values: [JSONValue] { members.map(\.value) }

    private func position(of key: String) -> Int? {
        members.count <= Self.linearSearchLimit ? members.firstIndex { $0.key == key } : positions[key]
    }

    /// The value for `key`. Assigning a value to a new key appends it; to an existing
    /// key replaces the value in place; assigning `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let newValue {
                if let index = position(of: key) {
                    members[index].value = newValue
                } else {
                    members.append((key, newValue))
                    if members.count > Self.linearSearchLimit { indexPositions(from: members.count - 1) }
                }
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Removes the member named `key`, keeping the others' order; returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let index = position(of: key) else { return nil }
        let removed = members.remove(at: index).value
        if members.count > Self.linearSearchLimit {
            positions[key] = nil
            indexPositions(from: index)
        } else {
            positions = [:]
        }
        return removed
    }

    /// Records the positions of the members from `start` on; of all of them
    /// when the object has just grown past ``linearSearchLimit``.
    private mutating func indexPositions(from start: Int) {
        let first = positions.isEmpty ? 0 : start
        for index in first..<members.count { positions[members[index].key] = index }
    }

    /// Iterates over the members in stored order.
    public func makeIterator() -> IndexingIterator<[Element]> {
        members.makeIterator()
    }

    /// Whether both objects have the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Hashes the members independently of their order, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in members {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
