import Glibc
import PetalCommandLine
import PetalCore

/// `choose --lines` and `dmenu`: standard input's lines as the rows of an
/// ad-hoc menu, and each chosen row's bytes back (docs/dmenu.md).
///
/// A line is `TITLE`, or `TITLE\0KEY\x1fVALUE…` with rofi's row options
/// (`icon`, `info`, `meta`, `nonselectable`; other keys are ignored, as
/// rofi ignores keys it does not know). A TAB is part of the title, unless
/// `tabIcon` asks for v3's `TITLE<TAB>ICON`. A line ends at `\n`, and a
/// last line without one counts. Empty lines are skipped: there is nothing
/// to draw, but they keep their place in the numbering. Every other line is
/// a row of ``table``, whose id is its index among the rows (`0` for the
/// first), so duplicates stay apart and each id maps back to exactly the
/// bytes that came: invalid UTF-8 is shown with U+FFFD (``repairedLines``
/// says where) but given back as it was, a TAB is shown as a space but
/// given back, and a `\r` before the `\n` is kept in the line but not in
/// the title.
struct ChoiceLines {
    /// Where one row came from: 12 bytes, so that 100,000 rows cost little to keep.
    struct Row: Equatable {
        private let line: UInt32
        private let start: UInt32
        private let end: UInt32

        /// A row from line `number` (from 1), printed as the bytes of `text`.
        init(number: Int, text: Range<Int>) {
            (line, start, end) = (UInt32(number), UInt32(text.lowerBound), UInt32(text.upperBound))
        }

        /// Its number in the input, from 1 (`-format d`).
        var number: Int { Int(line) }
        /// What `-format s` prints, in ``ChoiceLines/bytes``: the line
        /// without its `\n` and without its row options.
        var text: Range<Int> { Int(start)..<Int(end) }
    }

    /// The input, every line; rows point into it.
    let bytes: [UInt8]
    /// The rows offered, in input order; a row's index is its id.
    let rows: [Row]
    /// The rows as petald takes them: titles as shown, icons, meta, which can be chosen.
    let table: RowTableBuilder
    /// rofi's `info` of the rows that have one, by row index: `--json` gives it back.
    let infos: [Int: String]
    /// The numbers of the lines whose bytes are not UTF-8.
    let repairedLines: [Int]

    /// A line longer than this is refused as it is read, before the rest
    /// comes: a title and an icon at their longest, with room for the other
    /// row options.
    static let maximumLineBytes = 64 * 1024
    /// Standard input may hold at most this much: a `list` menu's rows are no larger.
    static let maximumInputBytes = Limits.listMenuBytes
    /// A row's title: at most this many bytes.
    static let maximumTitleBytes = Limits.itemTitleBytes
    /// A row's icon: at most this many bytes.
    static let maximumIconBytes = Limits.itemIconBytes
    /// A row's meta words: at most this many bytes, as many as a title.
    static let maximumMetaBytes = Limits.itemTitleBytes

    /// The row options rofi's syntax names, as docs/dmenu.md lists them.
    static let rowOptionsSyntax =
        #"a row is TITLE, or TITLE\0icon\x1fICON with rofi's row options (icon, info, meta, nonselectable), each key followed by \x1f and its value"#

    /// The lines of `input`, read at once (``RowInput`` reads them as they come).
    ///
    /// - Throws: ``UsageError`` for a line rofi's syntax refuses (a NUL byte
    ///   outside the row options, a title or an icon over its limit, a line
    ///   over ``maximumLineBytes``), naming its number; ``ControlFailure``
    ///   with status 1 when no line is left to offer, as rofi exits.
    init(_ input: [UInt8], tabIcon: Bool = false) throws {
        var reader = Reader(tabIcon: tabIcon)
        _ = try input.withUnsafeBufferPointer { buffer throws(UsageError) in
            try reader.read(buffer, from: 0, atEnd: true)
        }
        try self.init(input, reader)
    }

    /// The rows `reader` read of `input`, all of it.
    ///
    /// - Throws: ``ControlFailure`` with status 1 when there are none.
    init(_ input: [UInt8], _ reader: Reader) throws(ControlFailure) {
        guard !reader.rows.isEmpty else {
            throw ControlFailure(
                status: .daemonError,
                message:
                    "no rows to choose from: standard input held no line; give one row a line, e.g. printf 'Lock\\nLog out\\n' | petalctl dmenu"
            )
        }
        (bytes, rows, table, infos, repairedLines) =
            (input, reader.rows, reader.table, reader.infos, reader.repairedLines)
    }

    /// The bytes `-format s` prints for the row at `index`.
    func text(of index: Int) -> ArraySlice<UInt8> { bytes[rows[index].text] }

    /// rofi's `info` of the row at `index`, or "".
    func info(of index: Int) -> String { infos[index] ?? "" }

    /// The index of the row whose id petald answered, or nil for an id that is none of them.
    func row(chosen id: String) -> Int? {
        guard let index = Int(id), String(index) == id, rows.indices.contains(index) else { return nil }
        return index
    }

    /// The index in ``rows`` of the first row at or after input line `index`
    /// (from 0): `-selected-row` counts lines, the picker rows.
    func rowIndex(atLine index: Int) -> Int {
        var (low, high) = (0, rows.count)
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].number <= index { low = middle + 1 } else { high = middle }
        }
        return min(low, rows.count - 1)
    }

    /// What the error says of a line over ``maximumLineBytes``, numbered `number`.
    static func lineTooLong(_ number: Int) -> UsageError {
        UsageError(
            "line \(number) is over \(maximumLineBytes / 1024) KiB; a row's title may have at most \(maximumTitleBytes) bytes, its icon \(maximumIconBytes)"
        )
    }

    /// Where `byte` first is in the bytes of `range`, found by `memchr`.
    static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, let start = buffer.baseAddress else { return nil }
        guard let found = memchr(start + range.lowerBound, Int32(byte), range.count) else { return nil }
        return start.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Where the first byte from `start` on is that is not plain (``isPlainASCII(_:)``),
    /// or `buffer.count`; eight bytes at a time.
    static func firstNotPlain(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = buffer.baseAddress else { return buffer.count }
        var index = start
        while index + 8 <= buffer.count {
            let suspect = notPlainBits(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // A borrow may mark bytes after a byte that is not plain, never one before it: the lowest mark is true.
            if suspect != 0 { return index + suspect.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < buffer.count, isPlainASCII(base[index]) { index += 1 }
        return index
    }

    /// Whether the bytes of `range` are all ASCII and no control character:
    /// a title of such bytes is shown as it is.
    static func isPlainASCII(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let start = buffer.baseAddress else { return true }
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            if notPlainBits(UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)) != 0 { return false }
            index += 8
        }
        while index < range.upperBound {
            guard isPlainASCII(start[index]) else { return false }
            index += 1
        }
        return true
    }

    /// The high bit of each byte of `word` that may not be plain: at or over
    /// 0x80, under 0x20 (the borrow of `word - 0x20…`), or 0x7F (zero after `^ 0x7F…`).
    private static func notPlainBits(_ word: UInt64) -> UInt64 {
        let ones = UInt64(0x0101_0101_0101_0101)
        let deleted = word ^ (ones &* 0x7F)
        return (word | ((word &- ones &* 0x20) & ~word) | ((deleted &- ones) & ~deleted)) & (ones &* 0x80)
    }

    /// Whether `byte` is ASCII and no control character: a title of such bytes is shown as it is.
    private static func isPlainASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// `text` as a title may be: a TAB as a space, any other control character (C0, DEL, C1) as U+FFFD.
    static func shown(_ text: String) -> String {
        let isControl = { (scalar: Unicode.Scalar) in scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            shown.append(scalar == "\t" ? " " : isControl(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(shown)
    }

    /// Whether the bytes of `range` are UTF-8; ASCII is seen at once.
    static func isUTF8(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let slice = UnsafeBufferPointer(rebasing: buffer[range])
        if slice.allSatisfy({ $0 < 0x80 }) { return true }
        return String(validating: slice, as: UTF8.self) != nil
    }
}
