/// A picker's rows as one read-only buffer (``RowTableFormat``): ids, titles,
/// icons and meta words side by side, read in place, never a `MenuItem` or a
/// `String` per row until one is asked for.
///
/// This is how a `list` menu of 100,000 rows travels (a sealed memory file
/// passed over D-Bus, docs/dbus-api.md) and how petald and the overlay keep it.
public struct RowTable: Sendable {
    /// A row's fields, in the order they are laid out.
    public enum Field: Int, Sendable, CaseIterable {
        case id, title, icon, meta
    }

    /// The bytes, validated.
    public let bytes: RowBytes
    /// How many rows there are.
    public let count: Int
    /// The rows with an id of their own, by id; rows without one are known by their index.
    private let explicitIDs: [String: Int]
    private let textOffset: Int

    /// Reads a table from `bytes`, checking all of it: the header, that every
    /// field lies in the text in order, that the text is UTF-8 without NUL,
    /// the limits (``Limits``) and that no two rows have the same id.
    public init(_ bytes: RowBytes) throws(RowTableError) {
        let layout = try RowTableCheck.header(bytes.buffer)
        count = layout.rows
        textOffset = layout.textOffset
        self.bytes = bytes
        explicitIDs = try RowTableCheck.rows(bytes.buffer, rows: layout.rows, textOffset: layout.textOffset)
    }

    /// How many bytes the table takes.
    public var byteCount: Int { bytes.count }

    /// Where `field` of `row` lies in the buffer.
    @inline(__always)
    public func range(of field: Field, row: Int) -> Range<Int> {
        let slot = RowTableFormat.headerBytes + 16 * row + 4 * field.rawValue
        let end = Int(UInt32(littleEndian: bytes.buffer.loadUnaligned(fromByteOffset: slot, as: UInt32.self)))
        let start =
            slot == RowTableFormat.headerBytes
            ? 0 : Int(UInt32(littleEndian: bytes.buffer.loadUnaligned(fromByteOffset: slot - 4, as: UInt32.self)))
        return (textOffset + start)..<(textOffset + end)
    }

    /// Calls `body` with the UTF-8 of `field` of `row`, in place.
    public func withBytes<Result>(
        of field: Field, row: Int, _ body: (UnsafeRawBufferPointer) throws -> Result
    ) rethrows -> Result {
        try body(UnsafeRawBufferPointer(rebasing: bytes.buffer[range(of: field, row: row)]))
    }

    /// `field` of `row` as a string.
    public func string(_ field: Field, row: Int) -> String {
        withBytes(of: field, row: row) { String(decoding: $0, as: UTF8.self) }
    }

    /// The row's id: its own, or its index in decimal when it has none.
    public func id(_ row: Int) -> String {
        range(of: .id, row: row).isEmpty ? String(row) : string(.id, row: row)
    }

    /// The row's title.
    public func title(_ row: Int) -> String { string(.title, row: row) }
    /// The row's icon (a name or a path), "" for none.
    public func icon(_ row: Int) -> String { string(.icon, row: row) }
    /// The row's meta words (matched by a filter, not shown), "" for none.
    public func meta(_ row: Int) -> String { string(.meta, row: row) }

    /// Whether the row may be chosen (rofi's `nonselectable` rows are shown but may not).
    public func isSelectable(_ row: Int) -> Bool {
        bytes.buffer[RowTableFormat.flagsOffset(rows: count) + row] & RowTableFormat.unselectableFlag == 0
    }

    /// The row whose id is `id`, nil when none has.
    public func row(forID id: String) -> Int? {
        if let row = explicitIDs[id] { return row }
        guard let index = RowTableCheck.canonicalIndex(id), index < count,
            range(of: .id, row: index).isEmpty
        else { return nil }
        return index
    }
}

extension RowTable {
    /// Row `row` as a menu's item: a choice with its id, title, icon and
    /// meta words, disabled when it cannot be chosen.
    public func item(_ row: Int) -> MenuItem {
        MenuItem(id: id(row), title: title(row), icon: icon(row), enabled: isSelectable(row), meta: meta(row))
    }
}
