import Testing

@testable import PetalCore

/// The picker's matcher with sort "order" (the `list` layout's filter):
/// a row matches when its title or its meta words hold every word typed,
/// case ignored by default; the rows keep their own order.
@Suite struct PickerMatcherTests {
    static let apps = ["Firefox Web Browser", "Files", "Terminal", "Text Editor", "Web Fonts", "firewall settings"]

    static func filtered(
        _ titles: [String], _ text: String, caseSensitive: Bool = false, sort: PickerMatcher.Sort = .order
    ) -> [String] {
        var matcher = PickerMatcher(titles: titles, caseSensitive: caseSensitive, sort: sort)
        return matcher.filter(text).map { titles[$0] }
    }

    @Test func anEmptyFilterShowsEveryRowInItsOrder() {
        for text in ["", " ", "\t \n", "\u{3000}\u{A0}"] {
            #expect(Self.filtered(Self.apps, text) == Self.apps)
        }
    }

    @Test func aRowMustHoldEveryWord() {
        #expect(Self.filtered(Self.apps, "web") == ["Firefox Web Browser", "Web Fonts"])
        #expect(Self.filtered(Self.apps, "web fire") == ["Firefox Web Browser"])
        #expect(Self.filtered(Self.apps, "fire web") == ["Firefox Web Browser"])
        #expect(Self.filtered(Self.apps, "web nothing").isEmpty)
    }

    @Test func wordsAreSplitAtAnyWhitespace() {
        for text in ["web\tfire", "  web  fire  ", "web\nfire", "web\u{3000}fire", "web\u{A0}fire"] {
            #expect(Self.filtered(Self.apps, text) == ["Firefox Web Browser"], "\(text.debugDescription)")
        }
    }

    @Test func theRowsKeepTheirOwnOrder() {
        let titles = ["b x", "a x", "c", "a x x"]
        #expect(Self.filtered(titles, "x") == ["b x", "a x", "a x x"])
        #expect(Self.filtered(titles.reversed(), "x") == ["a x x", "a x", "b x"])
    }

    @Test func caseIsIgnoredByDefault() {
        #expect(Self.filtered(Self.apps, "FIRE") == ["Firefox Web Browser", "firewall settings"])
        #expect(Self.filtered(Self.apps, "fIrE wEb") == ["Firefox Web Browser"])
    }

    @Test func caseCountsWhenAsked() {
        #expect(Self.filtered(Self.apps, "Fire", caseSensitive: true) == ["Firefox Web Browser"])
        #expect(Self.filtered(Self.apps, "fire", caseSensitive: true) == ["firewall settings"])
        #expect(Self.filtered(Self.apps, "FIRE", caseSensitive: true).isEmpty)
        #expect(Self.filtered(Self.apps, "", caseSensitive: true) == Self.apps)
    }

    @Test func aWordIsFoundAsASubstringNotAsScatteredLetters() {
        #expect(Self.filtered(Self.apps, "ffx").isEmpty)
        #expect(Self.filtered(Self.apps, "efox") == ["Firefox Web Browser"])
        #expect(Self.filtered(Self.apps, "x t") == ["Text Editor"])
    }

    @Test func metaWordsMatchButAreNotTitles() {
        let rows = [
            PickerMatcher.Row(title: "Firefox", meta: "browser internet www"),
            PickerMatcher.Row(title: "Chromium", meta: "browser google"),
            PickerMatcher.Row(title: "Files"),
        ]
        for sort in PickerMatcher.Sort.allCases {
            var matcher = PickerMatcher(rows: rows, sort: sort)
            #expect(matcher.filter("browser") == [0, 1])
            #expect(matcher.filter("browser GOOGLE") == [1])
            #expect(matcher.filter("fire www") == [0])
            #expect(matcher.filter("files") == [2])
        }
    }

    @Test func aWordNeverSpansTheTitleAndTheMetaWords() {
        let rows = [PickerMatcher.Row(title: "ab", meta: "cd")]
        for sort in PickerMatcher.Sort.allCases {
            var matcher = PickerMatcher(rows: rows, sort: sort)
            #expect(matcher.filter("bc").isEmpty, "\(sort)")
            #expect(matcher.filter("abcd").isEmpty, "\(sort)")
            #expect(matcher.filter("b c") == [0], "\(sort)")
        }
    }

    @Test func aWordNeverSpansTwoRows() {
        for sort in PickerMatcher.Sort.allCases {
            var matcher = PickerMatcher(titles: ["ab", "cd"], sort: sort)
            #expect(matcher.filter("bc").isEmpty, "\(sort)")
            #expect(matcher.filter("ac").isEmpty, "\(sort)")
        }
    }

    @Test func noRowsAndEmptyRows() {
        var none = PickerMatcher(titles: [])
        #expect(none.count == 0)
        #expect(none.filter("").isEmpty)
        #expect(none.filter("a").isEmpty)
        var empty = PickerMatcher(rows: [.init(title: ""), .init(title: "", meta: "")], sort: .score)
        #expect(empty.filter("") == [0, 1])
        #expect(empty.filter("a").isEmpty)
    }

    @Test func theSameFilterTwiceAnswersTheSame() {
        var matcher = PickerMatcher(titles: Self.apps)
        let first = matcher.filter("fi")
        #expect(matcher.filter("fi") == first)
        #expect(matcher.filter(" fi ") == first)
        #expect(matcher.rowsExamined == 0)
    }
}
