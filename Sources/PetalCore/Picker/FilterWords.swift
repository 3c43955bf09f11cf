/// A filter text as the picker matches it: split at whitespace into words,
/// each folded as the rows are (``FoldedText``).
struct FilterWords: Equatable, Sendable {
    /// The words, folded, in the order typed; none is empty.
    let words: [[UInt8]]

    /// No words: every row matches.
    static let none = FilterWords(words: [])

    private init(words: [[UInt8]]) { self.words = words }

    /// The words of `text`, split at any Unicode whitespace.
    init(_ text: String, lowercased: Bool) {
        words = text.unicodeScalars.split(whereSeparator: \.properties.isWhitespace).map { scalars in
            var folded = FoldedText(lowercased: lowercased)
            folded.append(String(String.UnicodeScalarView(scalars)))
            return folded.bytes
        }
    }

    /// Whether every row these words match is sure to match `previous` too,
    /// so that filtering may start from `previous`'s rows: when each of its
    /// words is part of one of these (typing on at the end of a word, adding
    /// a word, pasting into one). A row holding a word holds its parts, as
    /// a substring or as a subsequence alike.
    func narrows(_ previous: FilterWords) -> Bool {
        previous.words.allSatisfy { part in words.contains { Self.contains($0, part) } }
    }

    /// The words a row that matched `previous` must still be checked for,
    /// longest first (the rarest, as a rule): those `previous` did not have.
    func added(since previous: FilterWords) -> [[UInt8]] {
        words.filter { !previous.words.contains($0) }.sorted { $0.count > $1.count }
    }

    /// Whether `part` occurs in `word`.
    private static func contains(_ word: [UInt8], _ part: [UInt8]) -> Bool {
        word.withUnsafeBufferPointer { word in
            part.withUnsafeBufferPointer { part in
                guard let text = word.baseAddress else { return part.isEmpty }
                return WordSearch.contains(part, in: text, from: 0, to: word.count)
            }
        }
    }
}
