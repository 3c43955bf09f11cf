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
/// a row whose id is its line number (`1` for the first line), so
/// duplicates stay apart and each id maps back to exactly the bytes that
/// came: invalid UTF-8 is shown with U+FFFD (``repairedLines`` says where)
/// but given back as it was, a TAB is shown as a space but given back, and
/// a `\r` before the `\n` is kept in the line but not in the title.
struct ChoiceLines {
    /// One line offered as a row: ranges of ``ChoiceLines/bytes``, and what
    /// few rows have (row options, a title shown otherwise) kept aside, so
    /// that a plain row is copied without counting references to strings.
    struct Row: Equatable {
        /// Its number in the input, from 1; the item's id.
        let number: Int
        /// What `-format s` prints, in ``ChoiceLines/bytes``: the line
        /// without its `\n` and without its row options.
        let text: Range<Int>
        /// The title's bytes, in ``ChoiceLines/bytes``.
        let title: Range<Int>
        /// The rest, for the few rows that have any of it.
        fileprivate var extras: Extras?

        /// The title as shown, when it differs from its bytes: invalid UTF-8
        /// repaired with U+FFFD, a TAB shown as a space, any other control
        /// character as U+FFFD (petald takes no control character in a title).
        var shownTitle: String? { extras?.shownTitle }
        /// Its icon (`\0icon\x1f…`, or the field after a TAB with `tabIcon`).
        var icon: String { extras?.icon ?? "" }
        /// rofi's `info`: given back with `--json`.
        var info: String { extras?.info ?? "" }
        /// rofi's `meta`: words a filter matches but that are not shown.
        var meta: String { extras?.meta ?? "" }
        /// False for rofi's `nonselectable\x1ftrue`: shown, not chosen.
        var selectable: Bool { extras?.selectable ?? true }

        static func == (left: Row, right: Row) -> Bool {
            (left.number, left.text, left.title) == (right.number, right.text, right.title)
                && (left.shownTitle, left.icon, left.info, left.meta, left.selectable)
                    == (right.shownTitle, right.icon, right.info, right.meta, right.selectable)
        }
    }

    /// What a row has besides its ranges, when it has any of it.
    fileprivate struct RowExtras {
        var shownTitle: String?
        var icon = ""
        var info = ""
        var meta = ""
        var selectable = true

        var isEmpty: Bool { shownTitle == nil && icon.isEmpty && info.isEmpty && meta.isEmpty && selectable }
    }

    /// ``RowExtras`` behind one reference, which a plain row leaves nil.
    fileprivate final class Extras: Sendable {
        let shownTitle: String?
        let icon: String
        let info: String
        let meta: String
        let selectable: Bool

        init(_ extras: RowExtras) {
            (shownTitle, icon, info, meta, selectable) =
                (extras.shownTitle, extras.icon, extras.info, extras.meta, extras.selectable)
        }
    }

    /// The input, every line; rows point into it.
    let bytes: [UInt8]
    /// The rows offered, in input order.
    let rows: [Row]
    /// The numbers of the lines whose bytes are not UTF-8.
    let repairedLines: [Int]

    /// A line longer than this is refused as it is read, before the rest
    /// comes: a title and an icon at their longest, with room for the other
    /// row options.
    static let maximumLineBytes = 64 * 1024
    /// Standard input may hold at most this much: a `list` menu's JSON is no larger.
    static let maximumInputBytes = Limits.listMenuBytes
    /// A row's title: at most this many bytes.
    static let maximumTitleBytes = Limits.itemTitleBytes
    /// A row's icon: at most this many bytes.
    static let maximumIconBytes = Limits.itemIconBytes

    /// The row options rofi's syntax names, as docs/dmenu.md lists them.
    static let rowOptionsSyntax =
        #"a row is TITLE, or TITLE\0icon\x1fICON with rofi's row options (icon, info, meta, nonselectable), each key followed by \x1f and its value"#

    /// The lines of `input`.
    ///
    /// - Throws: ``UsageError`` for a line rofi's syntax refuses (a NUL byte
    ///   outside the row options, a title or an icon over its limit), naming
    ///   its number; ``ControlFailure`` with status 1 when no line is left to
    ///   offer, as rofi exits.
    init(_ input: [UInt8], tabIcon: Bool = false) throws {
        var rows: [Row] = []
        var repaired: [Int] = []
        try input.withUnsafeBufferPointer { buffer in
            rows.reserveCapacity(LineSplitter.count(buffer))
            var reader = LineSplitter(buffer)
            while let line = reader.next() {
                guard let (row, extras) = try Self.row(line.range, number: line.number, in: buffer, tabIcon: tabIcon)
                else { continue }
                var shownTitle: String?
                if !Self.isPlainASCII(buffer, row.title) {
                    let title = UnsafeBufferPointer(rebasing: buffer[row.title])
                    let decoded = String(decoding: title, as: UTF8.self)
                    let shown = Self.shown(decoded)
                    if shown != decoded || !decoded.utf8.elementsEqual(title) { shownTitle = shown }
                    if !Self.isUTF8(buffer, row.text) { repaired.append(line.number) }
                } else if row.text.upperBound > row.title.upperBound,
                    !Self.isUTF8(buffer, row.title.upperBound..<row.text.upperBound)
                {
                    repaired.append(line.number)
                }
                let titleBytes = shownTitle?.utf8.count ?? row.title.count
                guard titleBytes <= Self.maximumTitleBytes else {
                    throw UsageError(
                        "line \(line.number)'s title is \(titleBytes) bytes, over the \(Self.maximumTitleBytes) a row's title may have"
                    )
                }
                if extras != nil || shownTitle != nil {
                    var all = extras ?? RowExtras()
                    all.shownTitle = shownTitle
                    rows.append(Row(number: row.number, text: row.text, title: row.title, extras: Extras(all)))
                } else {
                    rows.append(row)
                }
            }
        }
        guard !rows.isEmpty else {
            throw ControlFailure(
                status: .daemonError,
                message:
                    "no rows to choose from: standard input held no line; give one row a line, e.g. printf 'Lock\\nLog out\\n' | petalctl dmenu"
            )
        }
        (bytes, self.rows, repairedLines) = (input, rows, repaired)
    }

    /// The row of `line` (the bytes of `range`, without the `\n`) and its
    /// row options if it has any, or nil for an empty line.
    private static func row(
        _ range: Range<Int>, number: Int, in buffer: UnsafeBufferPointer<UInt8>, tabIcon: Bool
    ) throws(UsageError) -> (Row, RowExtras?)? {
        var end = range.upperBound
        if end > range.lowerBound, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        guard end > range.lowerBound else { return nil }
        let nul = firstIndex(of: 0, in: buffer, range.lowerBound..<end)
        let text = range.lowerBound..<(nul ?? range.upperBound)
        var title = range.lowerBound..<(nul ?? end)
        var extras = RowExtras()
        if tabIcon, let tab = firstIndex(of: UInt8(ascii: "\t"), in: buffer, title) {
            let rest = buffer[(tab + 1)..<title.upperBound]
            let iconEnd = rest.firstIndex(of: UInt8(ascii: "\t")) ?? rest.endIndex
            extras.icon = shown(
                String(decoding: UnsafeBufferPointer(rebasing: buffer[(tab + 1)..<iconEnd]), as: UTF8.self))
            title = title.lowerBound..<tab
        }
        if let nul { try readOptions(buffer[(nul + 1)..<end], number: number, into: &extras) }
        guard extras.icon.utf8.count <= maximumIconBytes else {
            throw UsageError(
                "line \(number)'s icon is \(extras.icon.utf8.count) bytes, over the \(maximumIconBytes) a row's icon may have"
            )
        }
        return (Row(number: number, text: text, title: title), extras.isEmpty ? nil : extras)
    }

    /// rofi's row options, `KEY\x1fVALUE`, each pair after the last's `\x1f`.
    private static func readOptions(
        _ options: Slice<UnsafeBufferPointer<UInt8>>, number: Int, into row: inout RowExtras
    ) throws(UsageError) {
        let fields = options.split(separator: 0x1F, omittingEmptySubsequences: false)
        let malformed = fields.count % 2 != 0 || options.contains(0)
        guard !malformed else {
            throw UsageError("line \(number) has a NUL byte outside rofi's row options: \(rowOptionsSyntax)")
        }
        for pair in stride(from: 0, to: fields.count, by: 2) {
            let value = String(decoding: UnsafeBufferPointer(rebasing: fields[pair + 1]), as: UTF8.self)
            switch String(decoding: UnsafeBufferPointer(rebasing: fields[pair]), as: UTF8.self) {
            case "icon": row.icon = shown(value)
            case "info": row.info = value
            case "meta": row.meta = value
            case "nonselectable": row.selectable = value != "true"
            case "": throw UsageError("line \(number) has a row option without a key: \(rowOptionsSyntax)")
            default: continue
            }
        }
    }

    /// Where `byte` first is in the bytes of `range`, found by `memchr`.
    static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, let start = buffer.baseAddress else { return nil }
        guard let found = memchr(start + range.lowerBound, Int32(byte), range.count) else { return nil }
        return start.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether the bytes of `range` are all ASCII and no control character,
    /// eight at a time: a title of such bytes is shown as it is.
    private static func isPlainASCII(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let start = buffer.baseAddress else { return true }
        let (ones, highs) = (UInt64(0x0101_0101_0101_0101), UInt64(0x8080_8080_8080_8080))
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            let word = UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)
            // A byte at or over 0x80, under 0x20 (the borrow of `word - 0x20…`), or 0x7F (zero after `^ 0x7F…`).
            let deleted = word ^ (ones &* 0x7F)
            let suspect = word | ((word &- ones &* 0x20) & ~word) | ((deleted &- ones) & ~deleted)
            if suspect & highs != 0 { return false }
            index += 8
        }
        while index < range.upperBound {
            guard isPlainASCII(start[index]) else { return false }
            index += 1
        }
        return true
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
    private static func isUTF8(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let slice = UnsafeBufferPointer(rebasing: buffer[range])
        if slice.allSatisfy({ $0 < 0x80 }) { return true }
        return String(validating: slice, as: UTF8.self) != nil
    }

    /// The bytes `-format s` prints for `row`.
    func text(of row: Row) -> ArraySlice<UInt8> { bytes[row.text] }

    /// The row whose item petald answered, or nil for an id that is none of them.
    func row(chosen id: String) -> Row? {
        guard let number = Int(id), String(number) == id else { return nil }
        var (low, high) = (0, rows.count)
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].number < number { low = middle + 1 } else { high = middle }
        }
        return low < rows.count && rows[low].number == number ? rows[low] : nil
    }

    /// The index in ``rows`` of the first row at or after input line `index`
    /// (from 0): `-selected-row` counts lines, the picker rows.
    func rowIndex(atLine index: Int) -> Int {
        rows.firstIndex { $0.number > index } ?? rows.count - 1
    }
}

/// Splits a buffer at `\n`, numbering the lines from 1; a last line without one counts.
struct LineSplitter {
    private let buffer: UnsafeBufferPointer<UInt8>
    private var start = 0
    private var number = 0

    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    /// How many lines `buffer` holds: one per `\n`, and a last one without it.
    static func count(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var splitter = LineSplitter(buffer)
        while splitter.next() != nil {}
        return splitter.number
    }

    /// The next line's number and bytes (without its `\n`), or nil at the end.
    mutating func next() -> (number: Int, range: Range<Int>)? {
        guard start < buffer.count else { return nil }
        number += 1
        let end = ChoiceLines.firstIndex(of: UInt8(ascii: "\n"), in: buffer, start..<buffer.count) ?? buffer.count
        defer { start = end + 1 }
        return (number, start..<end)
    }
}
