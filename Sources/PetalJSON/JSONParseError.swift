/// Why a JSON text was rejected, and where.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, e.g. `expected "," or "}" after an object member, found "]"`.
    public let message: String
    /// The 1-based line of the offending character; lines end at `\n`.
    public let line: Int
    /// The 1-based column of the offending character, counted in Unicode scalars.
    public let column: Int
    /// The 0-based byte offset of the offending character in the UTF-8 text.
    public let offset: Int

    /// Creates an error.
    public init(message: String, line: Int, column: Int, offset: Int) {
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// Creates an error at byte `offset` of `bytes`, working out its line and column.
    init(_ message: String, at offset: Int, in bytes: [UInt8]) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
                column += 1
            }
        }
        self.init(message: message, line: line, column: column, offset: offset)
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
