import PetalCore
import Testing

@testable import PetalScene

/// The `list` picker's filter, highlight, scrolling, marks and answers
/// (docs/overlay.md, "The list layout").
@Suite struct ListPickerTests {
    static let fruit = ["apple", "banana", "cherry", "blackberry", "apricot", "grape"]

    static func picker(
        _ titles: [String] = fruit, lines: Int = 3, custom: Bool = false,
        _ change: (inout PickerSettings) -> Void = { _ in }
    ) -> ListPicker {
        var settings = PickerSettings()
        change(&settings)
        var picker = ListPicker(settings: settings, acceptsCustom: custom, lines: lines)
        _ = picker.setRows(titles)
        return picker
    }

    static func type(_ text: String, into picker: inout ListPicker) {
        for character in text { _ = picker.press(.character(character)) }
    }

    @Test func typingFiltersAndHighlightsTheFirstMatch() {
        var picker = Self.picker()
        #expect(picker.shown == [0, 1, 2, 3, 4, 5])
        #expect(picker.highlightedRow == 0)
        Self.type("ap", into: &picker)
        #expect(picker.filter == "ap")
        #expect(picker.shown == [0, 4, 5])
        Self.type("r", into: &picker)
        #expect(picker.shown == [4])
        _ = picker.press(.backspace)
        #expect(picker.shown == [0, 4, 5])
        Self.type(" e", into: &picker)
        #expect(picker.shown == [0, 5], "every word must be in the title")
    }

    @Test func controlUClearsAndControlWDeletesAWord() {
        var picker = Self.picker()
        Self.type("b  berry ", into: &picker)
        #expect(picker.shown == [3])
        _ = picker.press(.deleteWord)
        #expect(picker.filter == "b  ")
        #expect(picker.shown == [1, 3])
        _ = picker.press(.clearFilter)
        #expect(picker.filter == "")
        #expect(picker.shown.count == 6)
        #expect(ListPicker.deletingLastWord("one two") == "one ")
        #expect(ListPicker.deletingLastWord("   ") == "")
    }

    @Test func enterSubmitsTheHighlightedRowWithTheFilter() {
        var picker = Self.picker()
        Self.type("e", into: &picker)
        _ = picker.press(.down)
        #expect(picker.press(.enter) == .submit(rows: [2], filter: "e", key: 0))
    }

    @Test func upAndDownWrapWhileTheWheelAndPagesStop() {
        var picker = Self.picker()
        _ = picker.press(.up)
        #expect(picker.highlightedRow == 5)
        _ = picker.press(.down)
        #expect(picker.highlightedRow == 0)
        _ = picker.press(.scrollUp)
        #expect(picker.highlightedRow == 0)
        _ = picker.press(.pageDown)
        #expect(picker.highlighted == 3)
        _ = picker.press(.pageDown)
        #expect(picker.highlighted == 5)
        _ = picker.press(.scrollDown)
        #expect(picker.highlighted == 5)
        _ = picker.press(.first)
        #expect(picker.highlighted == 0)
        _ = picker.press(.last)
        #expect(picker.highlighted == 5)
    }

    @Test func theScreenfulFollowsTheHighlight() {
        var picker = Self.picker(lines: 3)
        #expect(picker.visible == 0..<3)
        _ = picker.press(.down)
        _ = picker.press(.down)
        #expect(picker.visible == 0..<3)
        _ = picker.press(.down)
        #expect(picker.visible == 1..<4)
        _ = picker.press(.last)
        #expect(picker.visible == 3..<6)
        _ = picker.press(.pageUp)
        #expect(picker.highlighted == 2)
        #expect(picker.visible == 2..<5)
        // Fewer matches than lines: all of them.
        Self.type("gr", into: &picker)
        #expect(picker.visible == 0..<1)
    }

    @Test func aClickChoosesTheRowDrawnThere() {
        var picker = Self.picker(lines: 3)
        _ = picker.press(.last)
        #expect(picker.click(visibleRow: 1) == .submit(rows: [4], filter: "", key: 0))
        #expect(picker.isDone)
        #expect(picker.press(.enter) == nil, "nothing is chosen twice")
    }

    @Test func aClickOffTheRowsChoosesNothing() {
        var picker = Self.picker(lines: 3)
        Self.type("gr", into: &picker)
        #expect(picker.click(visibleRow: 1) == nil)
        #expect(picker.click(visibleRow: -1) == nil)
        #expect(!picker.isDone)
    }

    @Test func enterWithNothingMatchingSubmitsTheFilterOnlyWhenCustomIsAccepted() {
        var strict = Self.picker()
        Self.type("zzz", into: &strict)
        #expect(strict.highlightedRow == nil)
        #expect(strict.press(.enter) == nil)
        var loose = Self.picker(custom: true)
        Self.type("zzz", into: &loose)
        #expect(loose.press(.enter) == .submitCustom(filter: "zzz", key: 0))
    }

    @Test func shiftEnterSubmitsTheFilterEvenWhenRowsMatch() {
        var picker = Self.picker(custom: true)
        Self.type("app", into: &picker)
        #expect(picker.press(.shiftEnter) == .submitCustom(filter: "app", key: 0))
        var strict = Self.picker(custom: false)
        Self.type("app", into: &strict)
        #expect(strict.press(.shiftEnter) == .submit(rows: [0], filter: "app", key: 0))
    }

    @Test func multiMarksRowsAndEnterSubmitsThemInMenuOrder() {
        var picker = Self.picker(custom: true) { $0.multi = true }
        _ = picker.press(.last)
        _ = picker.press(.shiftEnter)
        #expect(picker.marked == [5])
        _ = picker.press(.first)
        _ = picker.press(.mark)
        #expect(picker.marked == [0, 5])
        #expect(picker.highlightedRow == 1, "marking moves on")
        _ = picker.press(.up)
        _ = picker.press(.mark)
        #expect(picker.marked == [5], "a second mark unmarks")
        _ = picker.press(.up)
        _ = picker.press(.mark)
        #expect(picker.press(.enter) == .submit(rows: [0, 5], filter: "", key: 0))
    }

    @Test func multiWithoutMarksSubmitsTheHighlightedRow() {
        var picker = Self.picker { $0.multi = true }
        _ = picker.press(.down)
        #expect(picker.press(.enter) == .submit(rows: [1], filter: "", key: 0))
    }

    @Test func withoutMultiMarkingDoesNothing() {
        var picker = Self.picker()
        _ = picker.press(.mark)
        #expect(picker.marked.isEmpty)
        #expect(picker.highlightedRow == 0)
    }

    @Test func customKeysSubmitTheHighlightedRowWithTheirNumber() {
        var picker = Self.picker()
        _ = picker.press(.down)
        #expect(picker.press(.custom(3)) == .submit(rows: [1], filter: "", key: 3))
    }

    @Test func escapeCloses() {
        var picker = Self.picker()
        #expect(picker.press(.escape) == .close)
        #expect(picker.press(.character("a")) == nil)
    }

    @Test func keysBeforeTheRowsAreQueuedAndAppliedInOrder() {
        var picker = ListPicker(settings: PickerSettings(), acceptsCustom: false, lines: 3)
        for key: ListKey in [.character("b"), .character("l"), .character("x"), .backspace, .enter, .character("q")] {
            #expect(picker.press(key) == nil)
        }
        #expect(picker.filter == "")
        #expect(picker.setRows(Self.fruit) == .submit(rows: [3], filter: "bl", key: 0))
        #expect(picker.filter == "bl", "nothing after the answer is applied")
    }

    @Test func theInitialFilterAndSelectedRowAreKept() {
        let picker = Self.picker {
            $0.filter = "a"
            $0.selected = 4
        }
        #expect(picker.filter == "a")
        #expect(picker.highlightedRow == 4)
        let scrolled = Self.picker(lines: 2) { $0.selected = 5 }
        #expect(scrolled.highlightedRow == 5)
        #expect(scrolled.visible == 4..<6)
        let missing = Self.picker {
            $0.filter = "gr"
            $0.selected = 1
        }
        #expect(missing.highlightedRow == 5)
    }

    @Test func scoreSortRanksFuzzyMatches() {
        var picker = Self.picker(["a-b-c", "abc"]) { $0.sort = .score }
        Self.type("abc", into: &picker)
        #expect(picker.shown == [1, 0])
    }

    @Test func caseSensitiveFiltersByCase() {
        var picker = Self.picker(["Apple", "apple"]) { $0.caseSensitive = true }
        Self.type("A", into: &picker)
        #expect(picker.shown == [0])
    }

    @Test func rowsGivenAgainKeepTheFilterAndDropTheMarks() {
        var picker = Self.picker { $0.multi = true }
        Self.type("a", into: &picker)
        _ = picker.press(.mark)
        #expect(!picker.marked.isEmpty)
        #expect(picker.setRows(["car", "bus", "tram"]) == nil)
        #expect(picker.filter == "a")
        #expect(picker.shown == [0, 2])
        #expect(picker.marked.isEmpty)
    }

    @Test func metaWordsAreMatchedThoughNotShown() {
        var picker = ListPicker(settings: PickerSettings(), acceptsCustom: false, lines: 3)
        _ = picker.setRows(["Firefox", "Files", "Terminal"], meta: ["browser web", "", "shell"])
        Self.type("web", into: &picker)
        #expect(picker.shown == [0])
        _ = picker.press(.backspace)
        _ = picker.press(.backspace)
        _ = picker.press(.backspace)
        Self.type("fi", into: &picker)
        #expect(picker.shown == [0, 1], "titles are matched as before")
        Self.type(" b", into: &picker)
        #expect(picker.shown == [0], "a word in the title and one in the meta words")
    }
}
