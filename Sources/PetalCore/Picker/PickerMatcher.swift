/// Filters a picker's rows (the `list` layout's) by the text typed into it:
/// a frontend keeps one per open picker and calls ``filter(_:)`` at each
/// keystroke.
///
/// The text is split at whitespace into words, and a row matches when it
/// has every word, in its title or in its meta words (rofi's `meta`: matched,
/// not shown), a word never spanning both. With ``Sort/order`` a word is
/// found as a substring and the rows keep their own order. With
/// ``Sort/score`` a word is found as fzf finds it, its characters in order
/// with anything between (`ffx` finds "firefox"), and the rows are ranked by
/// ``FuzzyScore`` (the sum over the words), then by the shorter title, then
/// in their own order. Case is ignored unless `caseSensitive`, by
/// lowercasing (``FoldedText`` says how far that goes beyond ASCII).
///
/// The rows are folded once, into one buffer (rows read from a ``RowTable``
/// only when a filter first has words, or at ``fold()``, so that a picker of
/// 100,000 rows is drawn before they are); a filter that only narrows the
/// last one (a letter typed at the end of a word, a word added) looks only
/// at the rows the last one matched, and only for the words it adds.
public struct PickerMatcher: Sendable {
    /// A row as the matcher sees it.
    public struct Row: Sendable, Equatable {
        /// The text shown.
        public var title: String
        /// Words matched but not shown; "" for none.
        public var meta: String

        /// A row of `title` and, optionally, hidden `meta` words.
        public init(title: String, meta: String = "") {
            self.title = title
            self.meta = meta
        }
    }

    /// How the rows that match are ordered, and so how a word is found.
    public enum Sort: String, Sendable, CaseIterable {
        /// In the rows' own order; a word is found as a substring.
        case order
        /// By fuzzy score, best first; a word is found as a subsequence.
        case score
    }

    /// Whether case counts.
    public let caseSensitive: Bool
    /// How matching rows are ordered.
    public let sort: Sort
    /// How many rows there are.
    public let count: Int
    /// The rows folded; nil until they are needed, for rows read from a table.
    private var folded: PickerRows?
    /// The table the rows are read from; nil for rows given whole.
    private let table: RowTable?
    /// 0..<count, what an empty filter shows, made once.
    private let everyRow: [Int]
    /// The words of the last filter.
    private var words = FilterWords.none
    /// The rows `words` match, in their own order.
    private var matched: [Int]
    /// What ``filter(_:)`` returned last.
    private var shown: [Int]
    /// Buffers kept between keystrokes, so that filtering seldom allocates.
    private var spare: [Int] = []
    private var scores: [Int32] = []
    private var ranking = PickerRanking.Buffers()
    /// How many rows the last filter looked at: all of them, or the last result's when it narrowed.
    private(set) var rowsExamined = 0

    /// A matcher of `rows`, folding them once.
    public init(rows: [Row], caseSensitive: Bool = false, sort: Sort = .order) {
        self.caseSensitive = caseSensitive
        self.sort = sort
        folded = PickerRows(rows, lowercased: !caseSensitive, withBonuses: sort == .score)
        table = nil
        count = rows.count
        everyRow = Array(rows.indices)
        matched = everyRow
        shown = everyRow
    }

    /// A matcher of rows that are titles alone.
    public init(titles: [String], caseSensitive: Bool = false, sort: Sort = .order) {
        self.init(rows: titles.map { Row(title: $0) }, caseSensitive: caseSensitive, sort: sort)
    }

    /// A matcher of the rows of `table` (their titles and meta words), which
    /// folds them only when a filter first has words, or at ``fold()``: until
    /// then it costs an index per row.
    public init(table: RowTable, caseSensitive: Bool = false, sort: Sort = .order) {
        self.caseSensitive = caseSensitive
        self.sort = sort
        self.table = table
        folded = nil
        count = table.count
        everyRow = Array(0..<table.count)
        matched = everyRow
        shown = everyRow
    }

    /// Whether the rows are folded: a filter with words does not have to fold them first.
    public var isFolded: Bool { folded != nil }

    /// Folds the rows now if they are not: what a frontend does off its main
    /// thread, on a copy, to hand back before the first key needs it.
    public mutating func fold() {
        guard folded == nil, let table else { return }
        folded = PickerRows(table, lowercased: !caseSensitive, withBonuses: sort == .score)
    }

    /// The rows that match `text`, as indices into the rows given, in the
    /// order to show them; every row, in its own order, for a text with no words.
    /// A text that only narrows the last one is matched against its rows alone.
    public mutating func filter(_ text: String) -> [Int] {
        let next = FilterWords(text, lowercased: !caseSensitive)
        rowsExamined = 0
        guard next != words else { return shown }
        defer { words = next }
        guard !next.words.isEmpty else {
            matched = everyRow
            shown = everyRow
            return shown
        }
        fold()
        guard let rows = folded else { return shown }
        let narrowing = next.narrows(words)
        let added = next.added(since: narrowing ? words : .none)
        let candidates = narrowing ? matched : everyRow
        rowsExamined = candidates.count
        spare.removeAll(keepingCapacity: true)
        switch sort {
        case .order:
            rows.withBuffers { Self.collect(candidates, matching: added, in: $0, into: &spare) }
            swap(&matched, &spare)
            shown = matched
        case .score:
            // The words added first: most rows that fail, fail on them.
            let ordered = added + next.words.filter { !added.contains($0) }
            rows.withBuffers { Self.collect(candidates, scoring: ordered, in: $0, into: &spare, scores: &scores) }
            swap(&matched, &spare)
            PickerRanking.rank(matched, scores: scores, titleLength: rows.titleLength, into: &shown, buffers: &ranking)
        }
        return shown
    }

    /// Appends to `result` the rows of `candidates` that hold every word of `words`.
    private static func collect(
        _ candidates: [Int], matching words: [[UInt8]], in buffers: PickerRows.Buffers, into result: inout [Int]
    ) {
        let flat = FlatWords(words)
        flat.bytes.withUnsafeBufferPointer { wordBytes in
            for row in candidates where buffers.masks[row] & flat.mask == flat.mask {
                let title = buffers.title(row)
                let meta = buffers.meta(row)
                var all = true
                for range in flat.ranges {
                    let word = UnsafeBufferPointer(rebasing: wordBytes[range])
                    if WordSearch.contains(word, in: buffers.bytes, from: title.lowerBound, to: title.upperBound) {
                        continue
                    }
                    if !meta.isEmpty
                        && WordSearch.contains(word, in: buffers.bytes, from: meta.lowerBound, to: meta.upperBound)
                    {
                        continue
                    }
                    all = false
                    break
                }
                if all { result.append(row) }
            }
        }
    }

    /// Appends to `result` the rows of `candidates` that hold every word of
    /// `words` as a subsequence, and to `scores` each one's score: the sum
    /// over the words of each one's better score, in the title or in the meta words.
    private static func collect(
        _ candidates: [Int], scoring words: [[UInt8]], in buffers: PickerRows.Buffers, into result: inout [Int],
        scores: inout [Int32]
    ) {
        scores.removeAll(keepingCapacity: true)
        let flat = FlatWords(words)
        flat.bytes.withUnsafeBufferPointer { wordBytes in
            for row in candidates where buffers.masks[row] & flat.mask == flat.mask {
                let title = buffers.title(row)
                let meta = buffers.meta(row)
                var total: Int32 = 0
                var all = true
                for (index, range) in flat.ranges.enumerated() {
                    let word = UnsafeBufferPointer(rebasing: wordBytes[range])
                    let ascii = flat.ascii[index] && buffers.masks[row] & ByteMask.beyondASCII == 0
                    let inTitle = FuzzyScore.score(
                        of: word, in: buffers.bytes, bonuses: buffers.bonuses, from: title.lowerBound,
                        to: title.upperBound, ascii: ascii)
                    let inMeta =
                        meta.isEmpty
                        ? nil
                        : FuzzyScore.score(
                            of: word, in: buffers.bytes, bonuses: buffers.bonuses, from: meta.lowerBound,
                            to: meta.upperBound, ascii: ascii)
                    guard let best = better(inTitle, inMeta) else {
                        all = false
                        break
                    }
                    total &+= best
                }
                if all {
                    result.append(row)
                    scores.append(total)
                }
            }
        }
    }
}

/// The greater of two optional scores; nil when both are.
private func better(_ first: Int32?, _ second: Int32?) -> Int32? {
    guard let first else { return second }
    guard let second else { return first }
    return Swift.max(first, second)
}

/// Words in one buffer, so that a loop over rows reads them through one pointer.
private struct FlatWords {
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    /// Whether each word is all ASCII.
    var ascii: [Bool] = []
    /// The ``ByteMask`` of every word together: what a row must have.
    var mask: UInt64 = 0

    init(_ words: [[UInt8]]) {
        for word in words {
            for byte in word { mask |= ByteMask.of(byte) }
            ascii.append(word.allSatisfy { $0 < 0x80 })
            ranges.append(bytes.count..<(bytes.count + word.count))
            bytes.append(contentsOf: word)
        }
    }
}
