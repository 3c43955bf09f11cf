/// Builds a ``RowTable``'s bytes row by row, in time linear in what is
/// appended: one growing buffer of text and one of field ends, no `String`
/// per row when rows come as bytes.
///
/// It does not check limits: ``RowTable/init(_:)`` does, where the table is read.
public struct RowTableBuilder: Sendable {
    private var ends: [UInt32] = []
    private var flags: [UInt8] = []
    private var text: [UInt8] = []

    /// An empty table.
    public init() {}

    /// Makes room for `rows` rows of `textBytes` bytes of text in all.
    public mutating func reserveCapacity(rows: Int, textBytes: Int) {
        ends.reserveCapacity(rows * RowTableFormat.fieldsPerRow)
        flags.reserveCapacity(rows)
        text.reserveCapacity(textBytes)
    }

    /// How many rows there are.
    public var count: Int { flags.count }
    /// How many bytes of text there are.
    public var textCount: Int { text.count }

    /// Appends a row; an empty `id` makes the row known by its index.
    public mutating func append(
        id: String = "", title: String, icon: String = "", meta: String = "", selectable: Bool = true
    ) {
        for field in [id, title, icon, meta] {
            text.append(contentsOf: field.utf8)
            ends.append(UInt32(truncatingIfNeeded: text.count))
        }
        flags.append(selectable ? 0 : RowTableFormat.unselectableFlag)
    }

    /// Appends a row known by its index, its fields given as UTF-8 bytes.
    public mutating func append(
        title: UnsafeRawBufferPointer, icon: UnsafeRawBufferPointer, meta: UnsafeRawBufferPointer,
        selectable: Bool
    ) {
        ends.append(UInt32(truncatingIfNeeded: text.count))
        for field in [title, icon, meta] {
            // As typed bytes, so that the array copies them with memcpy rather than one at a time.
            if !field.isEmpty { field.withMemoryRebound(to: UInt8.self) { text.append(contentsOf: $0) } }
            ends.append(UInt32(truncatingIfNeeded: text.count))
        }
        flags.append(selectable ? 0 : RowTableFormat.unselectableFlag)
    }

    /// The table's bytes.
    public func encoded() -> [UInt8] {
        let textOffset = RowTableFormat.textOffset(rows: count)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(textOffset + text.count)
        bytes.append(contentsOf: RowTableFormat.magic)
        for word in [RowTableFormat.version, UInt32(count), UInt32(truncatingIfNeeded: text.count), 0] {
            Self.append(word, to: &bytes)
        }
        #if _endian(little)
            ends.withUnsafeBytes { words in words.withMemoryRebound(to: UInt8.self) { bytes.append(contentsOf: $0) } }
        #else
            for end in ends { Self.append(end, to: &bytes) }
        #endif
        bytes.append(contentsOf: flags)
        bytes.append(contentsOf: repeatElement(0, count: textOffset - bytes.count))
        bytes.append(contentsOf: text)
        return bytes
    }

    private static func append(_ word: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
