import TestSupport
import Testing

@testable import PetalCore

/// The picker's matcher with sort "score": a word is found as fzf finds it,
/// its characters in order with anything between, and rows are ranked by a
/// fuzzy score, then by the shorter title, then in their own order.
@Suite struct PickerMatcherScoreTests {
    static func ranked(_ titles: [String], _ text: String, caseSensitive: Bool = false) -> [String] {
        PickerMatcherTests.filtered(titles, text, caseSensitive: caseSensitive, sort: .score)
    }

    static func score(_ word: String, in title: String, ascii: Bool? = nil) -> Int32? {
        var text = FoldedText(lowercased: true, withBonuses: true)
        text.append(title)
        var folded = FoldedText(lowercased: true)
        folded.append(word)
        return text.bytes.withUnsafeBufferPointer { bytes in
            text.bonuses.withUnsafeBufferPointer { bonuses in
                folded.bytes.withUnsafeBufferPointer { word in
                    FuzzyScore.score(
                        of: word, in: bytes.baseAddress!, bonuses: bonuses.baseAddress!, from: 0, to: bytes.count,
                        ascii: ascii ?? (text.bytes + folded.bytes).allSatisfy { $0 < 0x80 })
                }
            }
        }
    }

    @Test func aWordsCharactersAreFoundInOrderWithAnythingBetween() {
        #expect(Self.ranked(["Firefox", "Files", "Thunderbird"], "ffx") == ["Firefox"])
        #expect(Self.ranked(["Firefox", "Files", "Thunderbird"], "xff").isEmpty)
        #expect(Self.ranked(["Firefox", "Files", "Thunderbird"], "fi ed") == [])
        #expect(Self.ranked(["Firefox", "Files", "Thunderbird"], "tbd") == ["Thunderbird"])
    }

    @Test func consecutiveCharactersBeatScatteredOnes() {
        #expect(Self.ranked(["axbxcx", "abcxxx"], "abc") == ["abcxxx", "axbxcx"])
        #expect(Self.ranked(["xaxbxc", "xxxabc"], "abc") == ["xxxabc", "xaxbxc"])
    }

    @Test func theStartOfAWordBeatsTheMiddle() {
        #expect(Self.ranked(["xxxbar", "xx bar"], "bar") == ["xx bar", "xxxbar"])
        #expect(Self.ranked(["xx-bar", "xx bar"], "bar") == ["xx bar", "xx-bar"])
        #expect(Self.ranked(["foobar", "fooBar"], "fb") == ["fooBar", "foobar"])
        #expect(Self.ranked(["fuzzyfinder", "fuzzy-finder"], "ff") == ["fuzzy-finder", "fuzzyfinder"])
    }

    @Test func aLongerGapCostsMore() {
        #expect(Self.ranked(["fuzzy-blurry-finder", "fuzzyfinder"], "ff") == ["fuzzyfinder", "fuzzy-blurry-finder"])
        let near = Self.score("ab", in: "a-b")
        let far = Self.score("ab", in: "a---b")
        #expect(near != nil && far != nil && near! > far!)
    }

    @Test func theShorterTitleWinsATie() {
        #expect(Self.score("abc", in: "abc") == Self.score("abc", in: "abcdef"))
        #expect(Self.ranked(["abcdef", "abc", "abcd"], "abc") == ["abc", "abcd", "abcdef"])
    }

    @Test func equalRowsKeepTheirOwnOrder() {
        #expect(Self.ranked(["abc 2", "abc 1", "abc 3"], "abc") == ["abc 2", "abc 1", "abc 3"])
        #expect(Self.ranked(["abc 3", "abc 1", "abc 2"], "abc") == ["abc 3", "abc 1", "abc 2"])
    }

    @Test func eachWordScoresAndTheScoresAdd() {
        let titles = ["xfooxbarx", "foo bar", "xfoox bar"]
        #expect(Self.ranked(titles, "foo bar") == ["foo bar", "xfoox bar", "xfooxbarx"])
        #expect(Self.ranked(titles, "bar foo") == ["foo bar", "xfoox bar", "xfooxbarx"])
    }

    @Test func theBestOccurrenceEndingFirstIsScored() {
        // The first "f", then the "ox" after it, shortened from its end to the last "f" before.
        #expect(Self.score("fox", in: "f fox") == Self.score("fox", in: "fox"))
        #expect(Self.score("fox", in: "xyz") == nil)
        #expect(Self.score("", in: "xyz") == 0)
    }

    /// All-ASCII text is scored by a faster path, which must agree with the
    /// general one on every word and row.
    @Test func theASCIIPathScoresAsTheGeneralOne() {
        var generator = SeededGenerator(seed: 16)
        let alphabet = Array("abcAB1 -/_.x")
        for _ in 0..<3000 {
            let title = String(
                (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                })
            let word = String(
                (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                    "abc1-x".randomElement(using: &generator)!
                })
            #expect(
                Self.score(word, in: title, ascii: true) == Self.score(word, in: title, ascii: false),
                "\(word) in \(title)")
        }
    }

    @Test func metaWordsScoreToo() {
        let rows = [
            PickerMatcher.Row(title: "Chromium", meta: "xwxexbx"),
            PickerMatcher.Row(title: "Firefox", meta: "web browser"),
        ]
        var matcher = PickerMatcher(rows: rows, sort: .score)
        #expect(matcher.filter("web") == [1, 0])
    }

    @Test func caseCountsWhenAsked() {
        #expect(Self.ranked(["FireFox", "firefox"], "FF", caseSensitive: true) == ["FireFox"])
        #expect(Self.ranked(["FireFox", "firefox"], "ff", caseSensitive: true) == ["firefox"])
        #expect(Self.ranked(["FireFox", "firefox"], "ff") == ["FireFox", "firefox"])
    }
}
