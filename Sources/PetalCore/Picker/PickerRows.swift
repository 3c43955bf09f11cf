/// A picker's rows folded once (``FoldedText``) into one buffer, so that
/// filtering reads bytes and never makes a `String`: each row's title, a
/// border byte, and its meta words.
struct PickerRows: Sendable {
    /// Every row's folded bytes, one after another.
    let text: FoldedText
    /// Where each row starts in `text`, and at the end, where the last one ends.
    let starts: [Int]
    /// Where each row's title ends: its border byte, its meta words just after.
    let titleEnds: [Int]
    /// Each row's ``ByteMask``, its title's and its meta words' together.
    let masks: [UInt64]

    /// Folds `rows`, keeping the fuzzy score's bonuses when `withBonuses`.
    init(_ rows: [PickerMatcher.Row], lowercased: Bool, withBonuses: Bool) {
        self.init(
            count: rows.count, textBytes: rows.reduce(0) { $0 + $1.title.utf8.count + $1.meta.utf8.count },
            lowercased: lowercased, withBonuses: withBonuses
        ) { row, field, text in
            text.append(field == .title ? rows[row].title : rows[row].meta)
        }
    }

    /// Folds the titles and meta words of `table`'s rows from its bytes, in
    /// place: no `String` is made for a row (but for a scalar beyond ASCII
    /// whose lowercase mapping is read).
    init(_ table: RowTable, lowercased: Bool, withBonuses: Bool) {
        var textBytes = 0
        for row in 0..<table.count {
            textBytes += table.range(of: .title, row: row).count + table.range(of: .meta, row: row).count
        }
        self.init(count: table.count, textBytes: textBytes, lowercased: lowercased, withBonuses: withBonuses) {
            row, field, text in
            table.withBytes(of: field, row: row) { text.append(utf8: $0) }
        }
    }

    /// Folds `count` rows whose title and meta words `append` appends to the text, given a row and
    /// `.title` or `.meta`; `textBytes` is about how many bytes they hold.
    private init(
        count: Int, textBytes: Int, lowercased: Bool, withBonuses: Bool,
        append: (Int, RowTable.Field, inout FoldedText) -> Void
    ) {
        var text = FoldedText(lowercased: lowercased, withBonuses: withBonuses)
        text.reserveCapacity(textBytes + count)
        var starts: [Int] = []
        starts.reserveCapacity(count + 1)
        var titleEnds: [Int] = []
        titleEnds.reserveCapacity(count)
        for row in 0..<count {
            starts.append(text.bytes.count)
            append(row, .title, &text)
            titleEnds.append(text.bytes.count)
            text.appendBorder()
            append(row, .meta, &text)
        }
        starts.append(text.bytes.count)
        self.text = text
        self.starts = starts
        self.titleEnds = titleEnds
        masks = ByteMask.of(rows: count, of: text.bytes, startingAt: starts)
    }

    /// How many rows there are.
    var count: Int { titleEnds.count }

    /// The length of row `index`'s title in folded UTF-8 bytes.
    func titleLength(_ index: Int) -> Int { titleEnds[index] - starts[index] }

    /// Calls `body` with the rows' arrays as pointers, for loops that retain nothing.
    func withBuffers<Result>(_ body: (Buffers) throws -> Result) rethrows -> Result {
        try text.bytes.withUnsafeBufferPointer { bytes in
            try text.bonuses.withUnsafeBufferPointer { bonuses in
                try starts.withUnsafeBufferPointer { starts in
                    try titleEnds.withUnsafeBufferPointer { titleEnds in
                        try masks.withUnsafeBufferPointer { masks in
                            // An empty array may have no base address; the loops then read nothing.
                            let empty = UnsafePointer<UInt8>(bitPattern: 1)!
                            return try body(
                                Buffers(
                                    bytes: bytes.baseAddress ?? empty, bonuses: bonuses.baseAddress ?? empty,
                                    starts: starts, titleEnds: titleEnds, masks: masks))
                        }
                    }
                }
            }
        }
    }

    /// The rows' arrays as pointers, valid inside ``withBuffers(_:)``.
    struct Buffers {
        let bytes: UnsafePointer<UInt8>
        let bonuses: UnsafePointer<UInt8>
        let starts: UnsafeBufferPointer<Int>
        let titleEnds: UnsafeBufferPointer<Int>
        let masks: UnsafeBufferPointer<UInt64>

        /// Row `index`'s title: where it starts and ends in `bytes`.
        @inline(__always)
        func title(_ index: Int) -> Range<Int> { starts[index]..<titleEnds[index] }

        /// Row `index`'s meta words: where they start and end in `bytes` (empty when it has none).
        @inline(__always)
        func meta(_ index: Int) -> Range<Int> { (titleEnds[index] + 1)..<starts[index + 1] }
    }
}
