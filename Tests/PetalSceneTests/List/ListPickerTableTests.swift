import PetalCore
import Testing

@testable import PetalScene

/// A `list` picker of a row table's rows (docs/overlay.md, "The list
/// layout"): shown before they are folded, filtered as rows given whole,
/// and a fold made elsewhere taken only while the picker has not folded them.
@Suite struct ListPickerTableTests {
    static func table(_ titles: [String] = ListPickerTests.fruit, meta: [String] = []) throws -> RowTable {
        var builder = RowTableBuilder()
        for (index, title) in titles.enumerated() {
            builder.append(title: title, meta: index < meta.count ? meta[index] : "")
        }
        return try RowTable(RowBytes(builder.encoded()))
    }

    static func picker(_ change: (inout PickerSettings) -> Void = { _ in }) -> ListPicker {
        var settings = PickerSettings()
        change(&settings)
        return ListPicker(settings: settings, acceptsCustom: false, lines: 3)
    }

    @Test func theRowsAreShownUnfoldedAndFilteredAsRowsGivenWhole() throws {
        var picker = Self.picker()
        #expect(picker.setRows(try Self.table()) == nil)
        #expect(picker.shown == [0, 1, 2, 3, 4, 5])
        #expect(picker.visible == 0..<3)
        #expect(picker.matcherToFold != nil, "nothing folded for the first frame")
        ListPickerTests.type("ap", into: &picker)
        #expect(picker.shown == [0, 4, 5])
        #expect(picker.matcherToFold == nil, "the first word folded the rows")
        #expect(picker.press(.enter) == .submit(rows: [0], filter: "ap", key: 0))
    }

    @Test func keysTypedBeforeTheTableAreAppliedToIt() throws {
        var picker = Self.picker()
        for key: ListKey in [.character("b"), .character("l"), .down] { _ = picker.press(key) }
        #expect(picker.setRows(try Self.table()) == nil)
        #expect(picker.filter == "bl")
        #expect(picker.shown == [3])
        #expect(picker.highlightedRow == 3)
    }

    @Test func aFoldMadeElsewhereIsTakenWhileTheRowsAreUnfolded() throws {
        var picker = Self.picker { $0.sort = .score }
        _ = picker.setRows(try Self.table(["Firefox", "Files", "Terminal"], meta: ["browser web", "", "shell"]))
        _ = picker.press(.down)
        var folded = try #require(picker.matcherToFold)
        folded.fold()
        _ = picker.adoptFolded(folded)
        #expect(picker.matcherToFold == nil)
        #expect(picker.highlightedRow == 1, "taking the fold changes nothing shown")
        ListPickerTests.type("web", into: &picker)
        #expect(picker.shown == [0])
    }

    @Test func aFoldOfOtherRowsOrComingLateIsNotTaken() throws {
        var picker = Self.picker()
        _ = picker.setRows(try Self.table())
        var other = PickerMatcher(table: try Self.table(["car", "bus"]))
        other.fold()
        _ = picker.adoptFolded(other)
        #expect(picker.matcherToFold != nil, "a fold of another number of rows")
        var late = try #require(picker.matcherToFold)
        late.fold()
        ListPickerTests.type("gr", into: &picker)
        _ = picker.adoptFolded(late)
        #expect(picker.shown == [5], "the picker's own fold and filter stay")
    }

    /// Awaiting a fold made elsewhere, keys that filter (and all after them)
    /// are queued, not folded for, and applied in order once it comes.
    @Test func keysThatFilterWaitForTheFold() throws {
        var picker = Self.picker()
        _ = picker.setRows(try Self.table())
        var folded = try #require(picker.matcherToFold)
        picker.awaitFold()
        #expect(picker.press(.down) == nil)
        #expect(picker.highlightedRow == 1, "a key that does not filter applies at once")
        for key: ListKey in [.character("b"), .character("l"), .down] { #expect(picker.press(key) == nil) }
        #expect(picker.filter == "" && picker.highlightedRow == 1, "queued behind the filter's first key")
        #expect(picker.matcherToFold != nil, "nothing folded meanwhile")
        folded.fold()
        #expect(picker.adoptFolded(folded) == nil)
        #expect(picker.filter == "bl")
        #expect(picker.shown == [3])
        #expect(picker.press(.enter) == .submit(rows: [3], filter: "bl", key: 0))
    }

    @Test func newRowsEndTheWaitAndApplyTheKeysQueued() throws {
        var picker = Self.picker()
        _ = picker.setRows(try Self.table())
        picker.awaitFold()
        ListPickerTests.type("gr", into: &picker)
        #expect(picker.filter == "")
        #expect(picker.setRows(try Self.table(["grape", "green", "blue"])) == nil)
        #expect(picker.filter == "gr")
        #expect(picker.shown == [0, 1])
    }
}
