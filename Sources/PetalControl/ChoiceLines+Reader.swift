import PetalCommandLine
import PetalCore

extension ChoiceLines {
    /// Reads lines into a row table as they come: a plain line (ASCII, no
    /// control character) is found and checked in one pass eight bytes at a
    /// time and its bytes go to the table as they are, with no `String`; a
    /// line with anything else is read by rofi's rules in full.
    struct Reader {
        /// `--tab-icon`: a TAB splits TITLE from ICON.
        let tabIcon: Bool
        /// The rows read, as petald takes them.
        private(set) var table = RowTableBuilder()
        /// Where each row came from.
        private(set) var rows: [Row] = []
        /// rofi's `info`, by row index.
        private(set) var infos: [Int: String] = [:]
        /// The numbers of the lines whose bytes are not UTF-8.
        private(set) var repairedLines: [Int] = []
        /// How many lines were read, empty ones included.
        private(set) var lineCount = 0

        init(tabIcon: Bool) { self.tabIcon = tabIcon }

        /// Reads the whole lines of `buffer` from `start` on, and the last
        /// one without its `\n` too when `atEnd`; returns where the first
        /// line not read starts.
        ///
        /// - Throws: ``UsageError`` naming the line that rofi's syntax refuses or that is over its limits.
        mutating func read(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool) throws(UsageError)
            -> Int
        {
            var start = start
            while start < buffer.count {
                let notPlain = ChoiceLines.firstNotPlain(in: buffer, from: start)
                if notPlain < buffer.count, buffer[notPlain] == UInt8(ascii: "\n") {
                    try addPlain(start..<notPlain, in: buffer)
                    start = notPlain + 1
                    continue
                }
                let newline = ChoiceLines.firstIndex(of: UInt8(ascii: "\n"), in: buffer, notPlain..<buffer.count)
                guard let end = newline ?? (atEnd ? buffer.count : nil) else { break }
                if notPlain == end {
                    try addPlain(start..<end, in: buffer)
                } else {
                    try add(start..<end, in: buffer)
                }
                start = end + 1
            }
            return min(start, buffer.count)
        }

        /// Adds the line of `range` (without its `\n`), all plain bytes: its title as it is.
        private mutating func addPlain(_ range: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) throws(UsageError) {
            lineCount += 1
            guard !range.isEmpty else { return }
            guard range.count <= ChoiceLines.maximumTitleBytes else {
                if range.count > ChoiceLines.maximumLineBytes { throw ChoiceLines.lineTooLong(lineCount) }
                throw Self.titleTooLong(range.count, line: lineCount)
            }
            let none = UnsafeRawBufferPointer(start: nil, count: 0)
            table.append(
                title: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[range])), icon: none, meta: none,
                selectable: true)
            rows.append(Row(number: lineCount, text: range))
        }

        /// Adds the line of `range` (without its `\n`) by rofi's rules:
        /// its `\r`, its row options, a title that is not plain.
        private mutating func add(_ range: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) throws(UsageError) {
            lineCount += 1
            guard range.count <= ChoiceLines.maximumLineBytes else { throw ChoiceLines.lineTooLong(lineCount) }
            var end = range.upperBound
            if end > range.lowerBound, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            guard end > range.lowerBound else { return }
            let nul = ChoiceLines.firstIndex(of: 0, in: buffer, range.lowerBound..<end)
            let text = range.lowerBound..<(nul ?? range.upperBound)
            var title = range.lowerBound..<(nul ?? end)
            var options = RowOptions()
            if tabIcon, let tab = ChoiceLines.firstIndex(of: UInt8(ascii: "\t"), in: buffer, title) {
                let rest = buffer[(tab + 1)..<title.upperBound]
                let iconEnd = rest.firstIndex(of: UInt8(ascii: "\t")) ?? rest.endIndex
                options.icon = ChoiceLines.shown(
                    String(decoding: UnsafeBufferPointer(rebasing: buffer[(tab + 1)..<iconEnd]), as: UTF8.self))
                title = title.lowerBound..<tab
            }
            if let nul { try options.read(buffer[(nul + 1)..<end], line: lineCount) }
            for (field, value, limit) in [
                ("icon", options.icon, ChoiceLines.maximumIconBytes),
                ("meta", options.meta, ChoiceLines.maximumMetaBytes),
            ] where value.utf8.count > limit {
                throw UsageError(
                    "line \(lineCount)'s \(field) is \(value.utf8.count) bytes, over the \(limit) a row's \(field) may have"
                )
            }
            var shownTitle = String(decoding: UnsafeBufferPointer(rebasing: buffer[title]), as: UTF8.self)
            if !ChoiceLines.isPlainASCII(buffer, title) {
                shownTitle = ChoiceLines.shown(shownTitle)
                if !ChoiceLines.isUTF8(buffer, text) { repairedLines.append(lineCount) }
            } else if text.upperBound > title.upperBound,
                !ChoiceLines.isUTF8(buffer, title.upperBound..<text.upperBound)
            {
                repairedLines.append(lineCount)
            }
            guard shownTitle.utf8.count <= ChoiceLines.maximumTitleBytes else {
                throw Self.titleTooLong(shownTitle.utf8.count, line: lineCount)
            }
            // A row's title is never empty: a line of row options alone (an icon's row) is shown as a space.
            if shownTitle.isEmpty { shownTitle = " " }
            if !options.info.isEmpty { infos[rows.count] = options.info }
            rows.append(Row(number: lineCount, text: text))
            table.append(title: shownTitle, icon: options.icon, meta: options.meta, selectable: options.selectable)
        }

        private static func titleTooLong(_ bytes: Int, line: Int) -> UsageError {
            UsageError(
                "line \(line)'s title is \(bytes) bytes, over the \(ChoiceLines.maximumTitleBytes) a row's title may have"
            )
        }
    }

    /// rofi's row options of one line, and its icon with `--tab-icon`.
    struct RowOptions {
        var icon = ""
        var info = ""
        var meta = ""
        var selectable = true

        /// Reads `KEY\x1fVALUE` pairs, each after the last's `\x1f`.
        mutating func read(_ options: Slice<UnsafeBufferPointer<UInt8>>, line: Int) throws(UsageError) {
            let fields = options.split(separator: 0x1F, omittingEmptySubsequences: false)
            let malformed = fields.count % 2 != 0 || options.contains(0)
            guard !malformed else {
                throw UsageError(
                    "line \(line) has a NUL byte outside rofi's row options: \(ChoiceLines.rowOptionsSyntax)")
            }
            for pair in stride(from: 0, to: fields.count, by: 2) {
                let value = String(decoding: UnsafeBufferPointer(rebasing: fields[pair + 1]), as: UTF8.self)
                switch String(decoding: UnsafeBufferPointer(rebasing: fields[pair]), as: UTF8.self) {
                case "icon": icon = ChoiceLines.shown(value)
                case "info": info = value
                case "meta": meta = value
                case "nonselectable": selectable = value != "true"
                case "":
                    throw UsageError("line \(line) has a row option without a key: \(ChoiceLines.rowOptionsSyntax)")
                default: continue
                }
            }
        }
    }
}
