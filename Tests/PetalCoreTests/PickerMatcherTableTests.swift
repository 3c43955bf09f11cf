import Testing

@testable import PetalCore

/// The picker's matcher of a ``RowTable``'s rows: the same answers as of the
/// same rows given whole, with the rows folded from the table's bytes only
/// when a filter first has words.
@Suite struct PickerMatcherTableTests {
    static let rows: [PickerMatcher.Row] = [
        PickerMatcher.Row(title: "Firefox", meta: "browser web"),
        PickerMatcher.Row(title: "Files"),
        PickerMatcher.Row(title: "Terminal", meta: "shell console"),
        PickerMatcher.Row(title: "Élan vital"),
        PickerMatcher.Row(title: "STRAẞE", meta: "straße road"),
        PickerMatcher.Row(title: "ΣΟΦΙΑ σοφία"),
        PickerMatcher.Row(title: "日本語の入力", meta: "input"),
        PickerMatcher.Row(title: "👩‍👩‍👧 family"),
        PickerMatcher.Row(title: "foo_bar-baz.txt"),
        PickerMatcher.Row(title: "FooBarBaz"),
        PickerMatcher.Row(title: "cafe\u{301}"),
        PickerMatcher.Row(title: "web browser"),
    ]

    /// Filters typed one after another: words, narrowing, widening, fuzzy-only and none.
    static let filters = [
        "f", "fi", "fir", "", "web", "web br", "ÉLAN", "straße", "σοφια", "入力", "👩", "fb", "fbb", "foo bar",
        "FooBar", "e", "cafe", "x y z", "input", "",
    ]

    static func table(_ rows: [PickerMatcher.Row]) throws -> RowTable {
        var builder = RowTableBuilder()
        for row in rows { builder.append(title: row.title, meta: row.meta) }
        return try RowTable(RowBytes(builder.encoded()))
    }

    @Test(arguments: PickerMatcher.Sort.allCases, [false, true])
    func aTableMatchesAsTheSameRowsGivenWhole(sort: PickerMatcher.Sort, caseSensitive: Bool) throws {
        var whole = PickerMatcher(rows: Self.rows, caseSensitive: caseSensitive, sort: sort)
        var table = PickerMatcher(table: try Self.table(Self.rows), caseSensitive: caseSensitive, sort: sort)
        #expect(table.count == Self.rows.count)
        for filter in Self.filters {
            #expect(table.filter(filter) == whole.filter(filter), "filter \"\(filter)\"")
        }
    }

    @Test func theRowsAreFoldedOnlyWhenAFilterFirstHasWords() throws {
        var matcher = PickerMatcher(table: try Self.table(Self.rows))
        #expect(!matcher.isFolded)
        #expect(matcher.filter("") == Array(Self.rows.indices))
        #expect(matcher.filter("   ") == Array(Self.rows.indices))
        #expect(!matcher.isFolded)
        #expect(matcher.filter("web") == [0, 11])
        #expect(matcher.isFolded)
    }

    /// A copy folded elsewhere (a frontend's worker thread) answers as the one it was copied from.
    @Test func aCopyFoldedAheadAnswersTheSame() throws {
        let matcher = PickerMatcher(table: try Self.table(Self.rows), sort: .score)
        var folded = matcher
        folded.fold()
        #expect(folded.isFolded)
        #expect(!matcher.isFolded)
        var lazy = matcher
        for filter in Self.filters {
            #expect(folded.filter(filter) == lazy.filter(filter), "filter \"\(filter)\"")
        }
    }

    /// Many rows, ids of their own or none, icons: only titles and meta words are matched.
    @Test(arguments: PickerMatcher.Sort.allCases)
    func idsAndIconsAreNotMatched(sort: PickerMatcher.Sort) throws {
        var builder = RowTableBuilder()
        var rows: [PickerMatcher.Row] = []
        for index in 0..<2_000 {
            let title = "row \(index) \(["alpha", "beta", "gamma"][index % 3])"
            let meta = index % 7 == 0 ? "seventh" : ""
            builder.append(id: index % 2 == 0 ? "" : "id-zulu-\(index)", title: title, icon: "icon-zulu", meta: meta)
            rows.append(PickerMatcher.Row(title: title, meta: meta))
        }
        var table = PickerMatcher(table: try RowTable(RowBytes(builder.encoded())), sort: sort)
        var whole = PickerMatcher(rows: rows, sort: sort)
        #expect(table.filter("zulu").isEmpty)
        #expect(table.filter("seventh").count == 286)
        for filter in ["gam", "gamma 1", "beta 19", "", "row 7", "seventh alpha"] {
            #expect(table.filter(filter) == whole.filter(filter), "filter \"\(filter)\"")
        }
    }
}
