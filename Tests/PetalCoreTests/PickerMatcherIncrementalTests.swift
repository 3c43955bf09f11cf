import TestSupport
import Testing

@testable import PetalCore

/// The picker's matcher keystroke by keystroke: a filter that narrows the
/// last one looks only at the rows it matched, and every answer is the one a
/// new matcher gives for the same text, which a plain `String` reading of
/// the rule gives too (for sort "score", as a set).
@Suite struct PickerMatcherIncrementalTests {
    @Test func typingOnLooksOnlyAtTheLastRows() {
        var matcher = PickerMatcher(titles: PickerMatcherTests.apps)
        let f = matcher.filter("f")
        #expect(matcher.rowsExamined == PickerMatcherTests.apps.count)
        let fi = matcher.filter("fi")
        #expect(matcher.rowsExamined == f.count)
        _ = matcher.filter("fir")
        #expect(matcher.rowsExamined == fi.count)
        _ = matcher.filter("fir web")
        #expect(matcher.rowsExamined == 2)
        _ = matcher.filter("fi web")
        #expect(matcher.rowsExamined == PickerMatcherTests.apps.count)
        _ = matcher.filter("x fi web")
        #expect(matcher.rowsExamined == 1)
    }

    @Test(arguments: [false, true], PickerMatcher.Sort.allCases)
    func everyAnswerIsTheOneFromScratch(caseSensitive: Bool, sort: PickerMatcher.Sort) {
        var generator = SeededGenerator(seed: caseSensitive ? 36 : 63)
        for round in 0..<15 {
            let rows = (0..<60).map { _ in
                PickerMatcher.Row(
                    title: Self.text(pieces: Int.random(in: 0...10, using: &generator), using: &generator),
                    meta: Bool.random(using: &generator)
                        ? Self.text(pieces: Int.random(in: 1...4, using: &generator), using: &generator) : "")
            }
            var matcher = PickerMatcher(rows: rows, caseSensitive: caseSensitive, sort: sort)
            var text = ""
            for _ in 0..<60 {
                text = Self.edited(text, using: &generator)
                let answer = matcher.filter(text)
                var fresh = PickerMatcher(rows: rows, caseSensitive: caseSensitive, sort: sort)
                #expect(answer == fresh.filter(text), "round \(round): \(text.debugDescription)")
                let expected = rows.indices.filter {
                    Reference.matches(rows[$0], text, caseSensitive: caseSensitive, subsequence: sort == .score)
                }
                #expect(answer.sorted() == expected, "round \(round): \(text.debugDescription)")
            }
        }
    }

    static let pieces = [
        "a", "b", "ab", "ba", "A", "B", "x", "é", "É", "e\u{301}", "ß", "ẞ", "ς", "Σ", "中", "文", "😀", "👩‍👩‍👧", "-", "/",
        " ", "\0",
    ]

    static func text(pieces count: Int, using generator: inout SeededGenerator) -> String {
        (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    /// One edit as a person makes them: mostly typing on, sometimes a
    /// space, Backspace, Ctrl+W, Ctrl+U, or a paste.
    static func edited(_ text: String, using generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<20, using: &generator) {
        case 0..<11: text + pieces.randomElement(using: &generator)!
        case 11..<13: text + " "
        case 13..<16: String(text.dropLast())
        case 16: String(text.reversed().drop { $0 != " " }.reversed())
        case 17: ""
        default: Self.text(pieces: Int.random(in: 1...5, using: &generator), using: &generator)
        }
    }
}

/// The matching rule read plainly, one `String` at a time.
enum Reference {
    static func matches(_ row: PickerMatcher.Row, _ text: String, caseSensitive: Bool, subsequence: Bool) -> Bool {
        func folded(_ text: some StringProtocol) -> [Unicode.Scalar] {
            Array((caseSensitive ? String(text) : text.lowercased()).unicodeScalars)
        }
        let title = folded(row.title)
        let meta = folded(row.meta)
        return text.unicodeScalars.split(whereSeparator: \.properties.isWhitespace).allSatisfy { word in
            let word = folded(String(String.UnicodeScalarView(word)))
            let holds = subsequence ? isSubsequence : isSubstring
            return holds(word, title) || holds(word, meta)
        }
    }

    static func isSubstring(_ word: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        guard word.count <= text.count else { return false }
        return (0...(text.count - word.count)).contains { text[$0..<($0 + word.count)].elementsEqual(word) }
    }

    static func isSubsequence(_ word: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var rest = word[...]
        for scalar in text where scalar == rest.first { rest = rest.dropFirst() }
        return rest.isEmpty
    }
}
