/// Where something starts in a JSON text.
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line; lines end at `\n`.
    public let line: Int
    /// The 1-based column, counted in Unicode scalars, as in ``JSONParseError``.
    public let column: Int
    /// The 0-based byte offset in the UTF-8 text.
    public let offset: Int

    /// Creates a position.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

/// JSON paths as Petal writes them in messages: `items[2].action`, with the
/// root as the empty path; a key that is not a plain name is quoted,
/// `settings["my plugin"]`.
public enum JSONPath {
    /// The path of member `key` of the object at `parent`.
    public static func member(_ key: String, of parent: String) -> String {
        if isPlainName(key) { return parent.isEmpty ? key : parent + "." + key }
        return parent + "[" + quoted(key) + "]"
    }

    /// `text` as a JSON string literal with every control character escaped,
    /// DEL and C1 too, so that it prints as one harmless line.
    public static func quoted(_ text: String) -> String {
        var result = ""
        for scalar in JSONValue.string(text).jsonText.unicodeScalars {
            if scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u00" + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The path of element `index` of the array at `parent`.
    public static func element(_ index: Int, of parent: String) -> String {
        parent + "[" + String(index) + "]"
    }

    /// Whether `key` can be written bare: ASCII letters, digits, `_` and `-`,
    /// not starting with a digit or `-`.
    static func isPlainName(_ key: String) -> Bool {
        guard let first = key.utf8.first, !isDigit(first), first != UInt8(ascii: "-") else { return false }
        return key.utf8.allSatisfy { byte in
            isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

/// The source positions of the values of a parsed JSON document, by their
/// ``JSONPath``; made by ``JSONValue/parseWithPositions(_:maximumPathDepth:)``.
public struct JSONSourceMap: Sendable {
    private let positions: [String: SourcePosition]

    /// An empty map, for values that came from no text.
    public init() {
        positions = [:]
    }

    /// Resolves `offsets`, which must be in increasing order, to lines and
    /// columns in one pass over `bytes`.
    init(offsets: [(path: String, offset: Int)], in bytes: [UInt8]) {
        var positions: [String: SourcePosition] = [:]
        positions.reserveCapacity(offsets.count)
        var line = 1
        var column = 1
        var cursor = 0
        for (path, offset) in offsets {
            while cursor < offset {
                let byte = bytes[cursor]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
                    column += 1
                }
                cursor += 1
            }
            positions[path] = SourcePosition(line: line, column: column, offset: offset)
        }
        self.positions = positions
    }

    /// Where the value at `path` starts, if it was recorded.
    public subscript(path: String) -> SourcePosition? {
        positions[path]
    }

    /// How many values have a recorded position.
    public var count: Int { positions.count }
}
