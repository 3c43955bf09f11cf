import PetalCore
import Spelling
import Testing

/// "Did you mean": the closest known word within the edit distance allowed.
@Suite struct SpellingTests {
    @Test func aNeighbourSwapIsOneEdit() {
        #expect(Spelling.editDistance(Array("opne".unicodeScalars), Array("open".unicodeScalars)) == 1)
        #expect(Spelling.editDistance(Array("comand".unicodeScalars), Array("command".unicodeScalars)) == 1)
        #expect(Spelling.editDistance(Array("pwr".unicodeScalars), Array("power".unicodeScalars)) == 2)
        #expect(Spelling.editDistance([], Array("abc".unicodeScalars)) == 3)
        #expect(Spelling.editDistance(Array("abc".unicodeScalars), []) == 3)
        #expect(Spelling.editDistance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
    }

    @Test func shortWordsAllowOneEditLongerOnesTwo() {
        #expect(Spelling.closest(to: "tilte", among: ["title", "icon"]) == "title")
        #expect(Spelling.closest(to: "icn", among: ["title", "icon"]) == "icon")
        #expect(Spelling.closest(to: "ik", among: ["title", "icon"]) == nil, "two edits from a short word")
        #expect(Spelling.closest(to: "comand.run", among: ["command.run", "camera.open"]) == "command.run")
    }

    @Test func aGivenDistanceWinsOverTheLengthRule() {
        #expect(Spelling.closest(to: "pwr", among: ["main", "apps", "power"], maximumDistance: 2) == "power")
        #expect(Spelling.closest(to: "pwr", among: ["main", "apps", "power"]) == nil)
        #expect(Spelling.closest(to: "xyzzy", among: ["main", "apps", "power"], maximumDistance: 2) == nil)
    }

    @Test func caseIsIgnoredButAnExactWordIsNoGuess() {
        #expect(Spelling.closest(to: "Title", among: ["title"]) == "title")
        #expect(Spelling.closest(to: "title", among: ["title"]) == nil)
    }

    @Test func theFirstOfEquallyCloseWordsWins() {
        #expect(Spelling.closest(to: "bat", among: ["cat", "hat"]) == "cat")
        #expect(Spelling.closest(to: "bat", among: ["hat", "cat"]) == "hat")
    }

    @Test func longWordsAreNotCompared() {
        let long = String(repeating: "a", count: Spelling.longestCompared + 1)
        #expect(Spelling.closest(to: long, among: [long + "b"], maximumDistance: 5) == nil)
    }

    @Test func theSuggestionIsWordedOrEmpty() {
        #expect(Spelling.suggestion(for: "tilte", among: ["title"]) == #" (did you mean "title"?)"#)
        #expect(Spelling.suggestion(for: "zzz", among: ["title"]) == "")
    }
}
