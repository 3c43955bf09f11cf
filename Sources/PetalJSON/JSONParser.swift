extension JSONValue {
    /// The deepest nesting of arrays and objects `parse` accepts.
    public static let maximumDepth = 128

    /// Parses `text` as one JSON value (RFC 8259, strictly: no comments, no trailing
    /// commas, no duplicate keys, no leading zeros, no unescaped control characters,
    /// no unpaired surrogates; nesting at most `maximumDepth`; insignificant
    /// whitespace around the value is allowed; a leading byte order mark is ignored).
    public static func parse(_ text: some StringProtocol) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8), trustedUTF8: true)
        return try parser.parseDocument()
    }

    /// Parses UTF-8 `bytes` as one JSON value; like `parse(_:)` for text, and
    /// also rejects invalid UTF-8.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, trustedUTF8: false)
        return try parser.parseDocument()
    }

    /// Parses UTF-8 `bytes` as `parse(_:)` does, and also records where each value
    /// starts, by its ``JSONPath``, for messages that point into the text.
    ///
    /// - Parameter maximumPathDepth: record values at most this many arrays and
    ///   objects deep (the root is at depth 0, `items[2]` at 2), to bound the
    ///   map's size when only the top of the document is of interest.
    public static func parseWithPositions(
        _ bytes: [UInt8], maximumPathDepth: Int = maximumDepth
    ) throws(JSONParseError) -> (value: JSONValue, positions: JSONSourceMap) {
        var parser = JSONParser(bytes: bytes, trustedUTF8: false)
        parser.positionDepth = maximumPathDepth
        let value = try parser.parseDocument()
        return (value, JSONSourceMap(offsets: parser.offsets, in: bytes))
    }

    /// Parses `text` as `parse(_:)` does, recording positions as
    /// ``parseWithPositions(_:maximumPathDepth:)`` does.
    public static func parseWithPositions(
        _ text: some StringProtocol, maximumPathDepth: Int = maximumDepth
    ) throws(JSONParseError) -> (value: JSONValue, positions: JSONSourceMap) {
        try parseWithPositions(Array(text.utf8), maximumPathDepth: maximumPathDepth)
    }
}

/// A recursive-descent parser over UTF-8 bytes.
struct JSONParser {
    let bytes: [UInt8]
    /// Whether the bytes come from a Swift string and so are valid UTF-8.
    let trustedUTF8: Bool
    var index = 0
    var depth = 0
    /// Record the offsets of values at most this deep; -1 records none.
    var positionDepth = -1
    /// The path of the value being parsed, while positions are recorded.
    var path = ""
    /// Where each recorded value starts, in document (so increasing) order.
    var offsets: [(path: String, offset: Int)] = []

    init(bytes: [UInt8], trustedUTF8: Bool) {
        self.bytes = bytes
        self.trustedUTF8 = trustedUTF8
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else {
            throw error("unexpected \(found) after the JSON value")
        }
        return value
    }

    // MARK: - Values

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard let byte = peek else { throw error("expected a value, found \(found)") }
        if depth <= positionDepth { offsets.append((path, index)) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("expected a value, found \(found)")
        }
    }

    mutating func expectLiteral(_ word: StaticString) throws(JSONParseError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard peek == byte else { throw error("expected \"\(word)\", found \(found)") }
            index += 1
        }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1  // {
        var object = JSONObject()
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(object)
        }
        var context = "expected a string key or \"}\""
        while true {
            guard peek == UInt8(ascii: "\"") else { throw error("\(context), found \(found)") }
            let keyOffset = index
            let key = try parseString()
            guard object[key] == nil else {
                throw error("duplicate key \(quoted(key)) in an object", at: keyOffset)
            }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else {
                throw error("expected \":\" after an object key, found \(found)")
            }
            index += 1
            skipWhitespace()
            if depth <= positionDepth {
                let parent = path
                path = JSONPath.member(key, of: parent)
                object[key] = try parseValue()
                path = parent
            } else {
                object[key] = try parseValue()
            }
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                context = "expected a string key after \",\""
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(object)
            default:
                throw error("expected \",\" or \"}\" after an object member, found \(found)")
            }
        }
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            if depth <= positionDepth {
                let parent = path
                path = JSONPath.element(elements.count, of: parent)
                elements.append(try parseValue())
                path = parent
            } else {
                elements.append(try parseValue())
            }
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            default:
                throw error("expected \",\" or \"]\" after an array element, found \(found)")
            }
        }
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONValue.maximumDepth else {
            throw error("arrays and objects nested deeper than \(JSONValue.maximumDepth) levels")
        }
    }

    // MARK: - Helpers

    var peek: UInt8? { byte(at: index) }

    func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    mutating func skipWhitespace() {
        while let byte = peek,
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        {
            index += 1
        }
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(message, at: offset ?? index, in: bytes)
    }

    /// The character at the current position, for "found …" messages.
    var found: String {
        describe(at: index, quoting: true)
    }

    /// A readable name for the character at `offset`: `"x"`, `U+000A`,
    /// `end of input`, or `byte 0xFF` where the UTF-8 is invalid.
    func describe(at offset: Int, quoting: Bool) -> String {
        guard let first = byte(at: offset) else { return "end of input" }
        if first < 0x20 || first == 0x7F { return scalarName(UInt32(first)) }
        let length =
            switch first {
            case 0..<0x80: 1
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        let end = offset + length
        guard length > 0, end <= bytes.count,
            let text = String(validating: bytes[offset..<end], as: UTF8.self)
        else { return "byte 0x\(hex(UInt32(first), digits: 2))" }
        return quoting ? quoted(text) : text
    }

    func quoted(_ text: String) -> String {
        JSONValue.string(text).jsonText
    }

    func scalarName(_ value: UInt32) -> String {
        "U+\(hex(value))"
    }

    func hex(_ value: UInt32, digits: Int = 4) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
