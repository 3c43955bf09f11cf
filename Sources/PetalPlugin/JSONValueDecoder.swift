import PetalJSON

/// Decodes `Decodable` types from a ``JSONValue`` without Foundation, for
/// ``Parameters/decode(_:)``.
struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let path: [any CodingKey]
    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch(at: path, "an object", value) }
        return KeyedDecodingContainer(Keyed<Key>(object: object, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch(at: path, "an array", value) }
        return Unkeyed(elements: elements, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(value: value, path: path) }

    /// A message naming the parameter's path, e.g. `the parameter "hints.urgency" …`.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "the parameter \"\(dotted(context.codingPath + [key]))\" is required"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "the parameter \"\(dotted(context.codingPath))\" \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    static func dotted(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let object: JSONObject
        let path: [any CodingKey]
        var codingPath: [any CodingKey] { path }
        var allKeys: [Key] { object.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool {
            object[key.stringValue] == nil || object[key.stringValue] == .null
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let member = object[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: path, debugDescription: "missing"))
            }
            return try T(from: JSONValueDecoder(value: member, path: path + [key]))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try JSONValueDecoder(value: object[key.stringValue] ?? .null, path: path + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try JSONValueDecoder(value: object[key.stringValue] ?? .null, path: path + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { JSONValueDecoder(value: .object(object), path: path) }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            JSONValueDecoder(value: object[key.stringValue] ?? .null, path: path + [key])
        }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [JSONValue]
        let path: [any CodingKey]
        var codingPath: [any CodingKey] { path }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }
        var currentIndex = 0

        init(elements: [JSONValue], path: [any CodingKey]) {
            self.elements = elements
            self.path = path
        }

        mutating func next() throws -> JSONDecoderWithIndex {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(JSONValue.self, .init(codingPath: path, debugDescription: "has too few elements"))
            }
            defer { currentIndex += 1 }
            return JSONDecoderWithIndex(decoder: JSONValueDecoder(value: elements[currentIndex], path: path + [Index(currentIndex)]))
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, elements[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next().decoder) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next().decoder.container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().decoder.unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder { try next().decoder }
    }

    struct JSONDecoderWithIndex { let decoder: JSONValueDecoder }

    struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    struct Single: SingleValueDecodingContainer {
        let value: JSONValue
        let path: [any CodingKey]
        var codingPath: [any CodingKey] { path }

        func decodeNil() -> Bool { value == .null }

        func decode(_ type: Bool.Type) throws -> Bool {
            guard let b = value.boolValue else { throw mismatch(at: path, "a boolean", value) }
            return b
        }

        func decode(_ type: String.Type) throws -> String {
            guard let s = value.stringValue else { throw mismatch(at: path, "a string", value) }
            return s
        }

        func decode(_ type: Double.Type) throws -> Double {
            guard let d = value.doubleValue else { throw mismatch(at: path, "a number", value) }
            return d
        }

        func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if let integer = type as? any FixedWidthInteger.Type { return try decodeInteger(integer) as! T }
            return try T(from: JSONValueDecoder(value: value, path: path))
        }

        private func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
            guard let wide = value.int64Value, let narrow = I(exactly: wide) else {
                throw mismatch(at: path, "an integer from \(I.min) to \(I.max)", value)
            }
            return narrow
        }
    }
}

private func mismatch(at path: [any CodingKey], _ expected: String, _ found: JSONValue) -> DecodingError {
    DecodingError.typeMismatch(Any.self, .init(
        codingPath: path, debugDescription: "must be \(expected), not \(found.typeName) \(found)"))
}
