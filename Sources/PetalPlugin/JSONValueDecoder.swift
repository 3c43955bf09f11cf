import PetalJSON

/// Decodes `Decodable` types from a ``JSONValue`` without Foundation, for
/// ``Parameters/decode(_:)``.
struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let path: [any CodingKey]
    /// Records which members of each object the type read, so that the rest can be refused.
    let usage: KeyUsage?
    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: JSONValue, path: [any CodingKey], usage: KeyUsage? = nil) {
        self.value = value
        self.path = path
        self.usage = usage
    }

    /// A decoder of `value` at `path` that shares this one's ``usage``.
    func child(_ value: JSONValue, at path: [any CodingKey]) -> JSONValueDecoder {
        JSONValueDecoder(value: value, path: path, usage: usage)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch(at: path, "an object", value) }
        usage?.opened(object, at: path)
        return KeyedDecodingContainer(Keyed<Key>(object: object, path: path, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch(at: path, "an array", value) }
        return Unkeyed(elements: elements, path: path, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        Single(value: value, path: path, decoder: self)
    }

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

    /// `hints.urgency`, `argv[0]`: a coding path as a person would write it.
    static func dotted(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key is Index {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let object: JSONObject
        let path: [any CodingKey]
        let decoder: JSONValueDecoder
        var codingPath: [any CodingKey] { path }
        /// Reading the keys counts as reading them all: a type that lists them (a
        /// dictionary, or one that picks what it wants) has seen every one.
        var allKeys: [Key] {
            for key in object.keys { decoder.usage?.read(key, at: path) }
            return object.keys.compactMap(Key.init(stringValue:))
        }

        /// The member `key`, noted as read.
        private func member(_ key: Key) -> JSONValue? {
            decoder.usage?.read(key.stringValue, at: path)
            return object[key.stringValue]
        }

        func contains(_ key: Key) -> Bool { member(key) != nil }

        func decodeNil(forKey key: Key) throws -> Bool {
            member(key) == nil || member(key) == .null
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let member = member(key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: path, debugDescription: "missing"))
            }
            return try T(from: decoder.child(member, at: path + [key]))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try decoder.child(member(key) ?? .null, at: path + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try decoder.child(member(key) ?? .null, at: path + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { decoder.child(.object(object), at: path) }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            decoder.child(member(key) ?? .null, at: path + [key])
        }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [JSONValue]
        let path: [any CodingKey]
        let decoder: JSONValueDecoder
        var codingPath: [any CodingKey] { path }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }
        var currentIndex = 0

        init(elements: [JSONValue], path: [any CodingKey], decoder: JSONValueDecoder) {
            self.elements = elements
            self.path = path
            self.decoder = decoder
        }

        mutating func next() throws -> JSONDecoderWithIndex {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    JSONValue.self, .init(codingPath: path, debugDescription: "has too few elements"))
            }
            defer { currentIndex += 1 }
            return JSONDecoderWithIndex(
                decoder: decoder.child(elements[currentIndex], at: path + [Index(currentIndex)]))
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, elements[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next().decoder) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try next().decoder.container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next().decoder.unkeyedContainer()
        }
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
        let decoder: JSONValueDecoder
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
            return try T(from: decoder.child(value, at: path))
        }

        /// An integer of type `I`; a number written with a fraction part of zero (`3.0`) is one too.
        private func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
            let exact: I?
            switch value {
            case .int(let number): exact = I(exactly: number)
            case .double(let number): exact = I(exactly: number)
            default: throw mismatch(at: path, WholeNumber.kind(I.self), value)
            }
            if let exact { return exact }
            throw DecodingError.typeMismatch(
                I.self,
                .init(
                    codingPath: path, debugDescription: WholeNumber.refusal(of: value, as: I.self)))
        }
    }
}

private func mismatch(at path: [any CodingKey], _ expected: String, _ found: JSONValue) -> DecodingError {
    DecodingError.typeMismatch(
        Any.self,
        .init(
            codingPath: path, debugDescription: "must be \(expected), not \(found.typeName) \(found)"))
}
