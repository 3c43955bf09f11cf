import Testing

@testable import PetalCore

/// The picker's matcher beyond ASCII: case ignored by lowercasing each
/// scalar, a word matched scalar by scalar (never by part of one), and no
/// text, however odd, that stops it.
@Suite struct PickerMatcherUnicodeTests {
    static let titles = [
        "Élan vital", "élan", "Straße", "STRAẞE", "ΣΟΦΙΑ σοφία", "日本語の入力", "中文输入法", "😀 smile", "👩‍👩‍👧 family",
        "café", "cafe\u{301}", "İstanbul",
    ]

    static func filtered(_ text: String, sort: PickerMatcher.Sort = .order, caseSensitive: Bool = false) -> [String] {
        PickerMatcherTests.filtered(titles, text, caseSensitive: caseSensitive, sort: sort)
    }

    @Test(arguments: PickerMatcher.Sort.allCases)
    func lettersBeyondASCIIFoldTheirCase(sort: PickerMatcher.Sort) {
        #expect(Set(Self.filtered("élan", sort: sort)) == ["Élan vital", "élan"])
        #expect(Set(Self.filtered("ÉLAN", sort: sort)) == ["Élan vital", "élan"])
        #expect(Set(Self.filtered("straße", sort: sort)) == ["Straße", "STRAẞE"])
        #expect(Self.filtered("σοφια", sort: sort) == ["ΣΟΦΙΑ σοφία"])
        #expect(Self.filtered("ÉLAN", sort: sort, caseSensitive: true).isEmpty)
        #expect(Self.filtered("Élan", sort: sort, caseSensitive: true) == ["Élan vital"])
    }

    @Test func whatLowercasingDoesNotDo() {
        // Not full case folding, not normalization: documented in FoldedText.
        #expect(Self.filtered("strasse").isEmpty)
        #expect(Self.filtered("café") == ["café"])
        #expect(Self.filtered("cafe") == ["cafe\u{301}"])
        #expect(Self.filtered("istanbul") == [])
        #expect(Self.filtered("i̇stanbul") == ["İstanbul"])
    }

    @Test(arguments: PickerMatcher.Sort.allCases)
    func ideographsAndEmojiMatchAsTheyAre(sort: PickerMatcher.Sort) {
        #expect(Self.filtered("入力", sort: sort) == ["日本語の入力"])
        #expect(Self.filtered("输入", sort: sort) == ["中文输入法"])
        #expect(Self.filtered("😀", sort: sort) == ["😀 smile"])
        #expect(Self.filtered("👩‍👩‍👧", sort: sort) == ["👩‍👩‍👧 family"])
        #expect(Self.filtered("👩", sort: sort) == ["👩‍👩‍👧 family"])
    }

    @Test func inScoreModeIdeographsAreFoundInOrder() {
        #expect(Self.filtered("日入", sort: .score) == ["日本語の入力"])
        #expect(Self.filtered("入日", sort: .score).isEmpty)
        #expect(Self.filtered("中法", sort: .score) == ["中文输入法"])
    }

    /// "é" is C3 A9 in UTF-8; "Ã©" is C3 83 C2 A9, which holds both bytes in
    /// order but not the scalar.
    @Test(arguments: PickerMatcher.Sort.allCases)
    func aScalarIsNeverMatchedByPartsOfOthers(sort: PickerMatcher.Sort) {
        var matcher = PickerMatcher(titles: ["Ã©", "\u{C3}x\u{A9}"], sort: sort)
        #expect(matcher.filter("é").isEmpty)
        #expect(matcher.filter("ã").count == 2)
    }

    @Test(arguments: PickerMatcher.Sort.allCases)
    func oddTextNeverStopsTheMatcher(sort: PickerMatcher.Sort) {
        let odd = [
            "", "\0", "a\0b", "\u{301}", "e\u{301}\u{301}\u{301}", "\u{FFFD}", "\u{FEFF}x", "\u{10FFFF}",
            "\u{200D}", "🏳️‍🌈", String(repeating: "ab", count: 5000), String(repeating: "é", count: 3000),
            "\r\n", "\u{1F1F3}\u{1F1F4}",
        ]
        for caseSensitive in [false, true] {
            var matcher = PickerMatcher(
                rows: odd.map { PickerMatcher.Row(title: $0, meta: $0) }, caseSensitive: caseSensitive, sort: sort)
            for text in odd + ["a b", String(repeating: "a", count: 20_000), "\u{301}a", "\0 \0"] {
                let answer = matcher.filter(text)
                #expect(answer.allSatisfy(odd.indices.contains))
                #expect(Set(answer).count == answer.count)
            }
            #expect(matcher.filter("\0") == [1, 2])
            #expect(matcher.filter("\u{301}").count == 2)
            #expect(matcher.filter(String(repeating: "ab", count: 5000)) == [10])
        }
    }
}
