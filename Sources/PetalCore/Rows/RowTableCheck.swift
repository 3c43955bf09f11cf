/// The checks ``RowTable/init(_:)`` makes, in one pass over each part.
enum RowTableCheck {
    struct Layout {
        let rows: Int
        let textOffset: Int
    }

    static func header(_ buffer: UnsafeRawBufferPointer) throws(RowTableError) -> Layout {
        guard buffer.count <= RowTableFormat.maximumBytes else {
            throw RowTableError(
                "the row table is \(buffer.count) bytes; at most \(RowTableFormat.maximumBytes)", isOverALimit: true)
        }
        guard buffer.count >= RowTableFormat.headerBytes,
            buffer.prefix(8).elementsEqual(RowTableFormat.magic)
        else { throw RowTableError("the rows are not a row table: it begins with the 8 bytes \"PETALROW\"") }
        let version = word(buffer, 8)
        guard version == RowTableFormat.version else {
            throw RowTableError("the row table's version is \(version); this petal reads version 1")
        }
        let rows = Int(word(buffer, 12))
        guard (1...Limits.listMenuItems).contains(rows) else {
            throw RowTableError(
                "the row table has \(rows) rows; from 1 to \(Limits.listMenuItems)", isOverALimit: rows > 0)
        }
        guard word(buffer, 20) == 0 else { throw RowTableError("the row table's header bytes 20–23 are not 0") }
        let textOffset = RowTableFormat.textOffset(rows: rows)
        let expected = textOffset + Int(word(buffer, 16))
        guard buffer.count == expected else {
            throw RowTableError(
                "the row table is \(buffer.count) bytes; \(rows) rows and \(word(buffer, 16)) bytes of text take \(expected)"
            )
        }
        return Layout(rows: rows, textOffset: textOffset)
    }

    /// Checks the rows' ends and flags and the text, and returns the rows with ids of their own.
    static func rows(
        _ buffer: UnsafeRawBufferPointer, rows: Int, textOffset: Int
    ) throws(RowTableError) -> [String: Int] {
        let text = UnsafeRawBufferPointer(rebasing: buffer[textOffset...])
        if let bad = UTF8Check.firstFault(in: text) {
            throw RowTableError("the row table's text is not UTF-8 without NUL at byte \(bad) of the text")
        }
        let flags = RowTableFormat.flagsOffset(rows: rows)
        for index in flags..<textOffset where buffer[index] & ~(index < flags + rows ? 1 : 0) != 0 {
            throw RowTableError(
                index < flags + rows
                    ? "row \(index - flags)'s flags are \(buffer[index]); only bit 0 (cannot be chosen) is defined"
                    : "the row table's padding after the flags is not zero")
        }
        var explicit: [String: Int] = [:]
        var start = 0
        for row in 0..<rows {
            for field in RowTable.Field.allCases {
                let end = Int(word(buffer, RowTableFormat.headerBytes + 16 * row + 4 * field.rawValue))
                guard end >= start, end <= text.count else {
                    throw RowTableError(
                        "row \(row)'s \(field) ends at \(end), before \(start) where it begins or past the text's \(text.count) bytes"
                    )
                }
                guard end == text.count || !UTF8Check.isContinuation(text[end]) else {
                    throw RowTableError("row \(row)'s \(field) ends inside a character (byte \(end) of the text)")
                }
                let length = end - start
                guard length <= limit(field) else {
                    throw RowTableError("row \(row)'s \(field) is \(length) bytes; at most \(limit(field))")
                }
                if field == .id && length > 0 {
                    let id = String(decoding: UnsafeRawBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
                    if let other = explicit.updateValue(row, forKey: id) {
                        throw RowTableError("rows \(other) and \(row) have the same id \"\(id)\"; ids are unique")
                    }
                }
                start = end
            }
        }
        guard start == text.count else {
            throw RowTableError("the row table's text has \(text.count - start) bytes after its last row's fields")
        }
        for (id, row) in explicit {
            if let index = canonicalIndex(id), index != row, index < rows, idIsEmpty(buffer, row: index) {
                throw RowTableError(
                    "row \(row)'s id \"\(id)\" is row \(index)'s too (a row without an id is known by its index)")
            }
        }
        return explicit
    }

    /// Whether `row` has no id of its own.
    static func idIsEmpty(_ buffer: UnsafeRawBufferPointer, row: Int) -> Bool {
        let slot = RowTableFormat.headerBytes + 16 * row
        return word(buffer, slot) == (row == 0 ? 0 : word(buffer, slot - 4))
    }

    /// The most bytes `field` may have.
    static func limit(_ field: RowTable.Field) -> Int {
        switch field {
        case .id: Limits.idBytes
        case .title: Limits.itemTitleBytes
        case .icon: Limits.itemIconBytes
        case .meta: Limits.itemTitleBytes
        }
    }

    /// The index `id` names when it is a decimal number written as `String(index)` writes it.
    static func canonicalIndex(_ id: String) -> Int? {
        guard let index = Int(id), index >= 0, String(index) == id else { return nil }
        return index
    }

    @inline(__always)
    static func word(_ buffer: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}
