import Testing

@testable import PetalScene

/// Key presses as a `list` picker reads them (docs/overlay.md, "The list layout").
@Suite struct ListKeyMapTests {
    let map = ListKeyMap(customKeys: ["Alt+1", "Control+Delete", "nonsense+x"])

    func key(_ name: String, _ character: Character? = nil, _ modifiers: KeyModifiers = []) -> ListKey? {
        map.key(for: KeyPress(name: name, character: character, modifiers: modifiers))
    }

    @Test func printableKeysTypeEvenWithShift() {
        #expect(key("a", "a") == .character("a"))
        #expect(key("A", "A", .shift) == .character("A"))
        #expect(key("eacute", "é") == .character("é"))
        #expect(key("space", " ") == .character(" "))
        #expect(key("a", "a", .alt) == nil)
        #expect(key("a", "a", .superKey) == nil)
    }

    @Test func editingKeys() {
        #expect(key("BackSpace") == .backspace)
        #expect(key("u", "u", .control) == .clearFilter)
        #expect(key("w", "w", .control) == .deleteWord)
        #expect(key("BackSpace", nil, .control) == .deleteWord)
    }

    @Test func movingKeys() {
        #expect(key("Up") == .up)
        #expect(key("Down") == .down)
        #expect(key("p", "p", .control) == .up)
        #expect(key("n", "n", .control) == .down)
        #expect(key("Tab") == .down)
        #expect(key("ISO_Left_Tab", nil, .shift) == .up)
        #expect(key("Page_Up") == .pageUp)
        #expect(key("Next") == .pageDown)
        #expect(key("Home") == .first)
        #expect(key("End") == .last)
    }

    @Test func choosingKeys() {
        #expect(key("Return") == .enter)
        #expect(key("KP_Enter") == .enter)
        #expect(key("Return", nil, .shift) == .shiftEnter)
        #expect(key("space", " ", .control) == .mark)
        #expect(key("Escape") == .escape)
    }

    @Test func customKeysComeFirstAndCountFromOne() {
        #expect(key("1", "1", .alt) == .custom(1))
        #expect(key("Delete", nil, .control) == .custom(2))
        // Without its modifier it is typed.
        #expect(key("1", "1") == .character("1"))
        #expect(ListKeyMap.unparsed(["Alt+1", "nonsense+x"]) == ["nonsense+x"])
        // A custom key may take Enter.
        #expect(ListKeyMap(customKeys: ["Return"]).key(for: KeyPress(name: "Return")) == .custom(1))
    }

    @Test func controlCharactersAndUnknownShortcutsAreNotTyped() {
        #expect(key("x", "x", .control) == nil)
        #expect(key("Delete", "\u{7f}") == nil)
        #expect(key("F5") == nil)
    }
}
