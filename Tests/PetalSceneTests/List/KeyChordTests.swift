import Testing

@testable import PetalScene

/// A picker's custom keys in GTK's accelerator syntax (docs/overlay.md, "The list layout").
@Suite struct KeyChordTests {
    @Test func plusSyntaxNamesModifiersThenTheKey() {
        #expect(KeyChord(parsing: "Alt+1") == KeyChord(key: "1", modifiers: .alt))
        #expect(KeyChord(parsing: "Control+Delete") == KeyChord(key: "delete", modifiers: .control))
        #expect(KeyChord(parsing: "ctrl+shift+K") == KeyChord(key: "k", modifiers: [.control, .shift]))
        #expect(KeyChord(parsing: "F5") == KeyChord(key: "f5"))
        #expect(KeyChord(parsing: "Super+Return") == KeyChord(key: "return", modifiers: .superKey))
    }

    @Test func gtksAngleBracketSyntaxIsTakenToo() {
        #expect(KeyChord(parsing: "<Alt>1") == KeyChord(key: "1", modifiers: .alt))
        #expect(KeyChord(parsing: "<Control><Shift>k") == KeyChord(key: "k", modifiers: [.control, .shift]))
        #expect(KeyChord(parsing: "<Primary>Delete") == KeyChord(key: "delete", modifiers: .control))
    }

    @Test func thePlusKeyItselfIsPlus() {
        #expect(KeyChord(parsing: "Alt++") == KeyChord(key: "plus", modifiers: .alt))
        #expect(KeyChord(parsing: "+") == KeyChord(key: "plus"))
    }

    @Test func namesThatAreNotKeysAreRefused() {
        for name in ["", "Alt+", "Wobble+1", "<Alt", "<Wobble>1", "Alt+ +1", "a b", "Control++x"] {
            #expect(KeyChord(parsing: name) == nil, "\(name)")
        }
    }

    @Test func aPressMatchesWithExactlyItsModifiers() {
        let chord = KeyChord(parsing: "Alt+1")!
        #expect(chord.matches(KeyPress(name: "1", character: "1", modifiers: .alt)))
        #expect(!chord.matches(KeyPress(name: "1", character: "1", modifiers: [])))
        #expect(!chord.matches(KeyPress(name: "1", character: "1", modifiers: [.alt, .control])))
        #expect(!chord.matches(KeyPress(name: "2", character: "2", modifiers: .alt)))
    }

    @Test func caseOfTheKeyDoesNotCountButShiftOnALetterDoes() {
        let chord = KeyChord(parsing: "Control+k")!
        #expect(chord.matches(KeyPress(name: "K", modifiers: .control)))
        #expect(!chord.matches(KeyPress(name: "K", modifiers: [.control, .shift])))
        // Shift may be what types a symbol: it is not counted when the chord does not name it.
        #expect(KeyChord(parsing: "Alt+question")!.matches(KeyPress(name: "question", modifiers: [.alt, .shift])))
    }
}
