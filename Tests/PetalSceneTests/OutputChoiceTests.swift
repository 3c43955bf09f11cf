import PetalCore
import Testing

@testable import PetalScene

/// Which output a menu goes on: the named one, else the one under the
/// pointer, else the focused one, else the first.
@Suite struct OutputChoiceTests {
    static let left = OutputGeometry(name: "eDP-1", frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
    static let right = OutputGeometry(name: "HDMI-A-1", frame: Rect(x: 1920, y: 0, width: 2560, height: 1440), scale: 2)
    static let above = OutputGeometry(name: "DP-2", frame: Rect(x: 0, y: -1200, width: 1600, height: 1200))
    static let outputs = [left, right, above]

    static func choose(named: String? = nil, pointer: Point? = nil, focused: String? = nil) -> OutputChoice? {
        OutputGeometry.choose(among: outputs, named: named, pointer: pointer, focused: focused)
    }

    @Test func theNamedOutputWinsOverThePointerAndTheFocus() {
        let choice = Self.choose(named: "DP-2", pointer: Point(x: 2000, y: 10), focused: "eDP-1")
        #expect(choice == OutputChoice(output: Self.above, unknownName: nil))
    }

    @Test func anUnknownNameIsAsNotGivenAndIsReported() {
        let choice = Self.choose(named: "VGA-9", pointer: Point(x: 2000, y: 10), focused: "eDP-1")
        #expect(choice?.output == Self.right)
        #expect(choice?.unknownName == "VGA-9")
        #expect(Self.choose(named: "VGA-9")?.output == Self.left)
        #expect(Self.choose(named: "")?.unknownName == nil, "an empty name is not given")
    }

    @Test func theOutputUnderThePointerWinsOverTheFocus() {
        #expect(Self.choose(pointer: Point(x: 2000, y: 1400), focused: "eDP-1")?.output == Self.right)
        #expect(Self.choose(pointer: Point(x: 10, y: -5), focused: "eDP-1")?.output == Self.above)
        // Edges: the left and top edges are an output's, the right and bottom ones the next one's.
        #expect(Self.choose(pointer: Point(x: 1920, y: 0))?.output == Self.right)
        #expect(Self.choose(pointer: Point(x: 1919.5, y: 0))?.output == Self.left)
    }

    @Test func withThePointerOnNoOutputTheFocusedOneIsChosen() {
        #expect(Self.choose(pointer: Point(x: 1700, y: -100), focused: "HDMI-A-1")?.output == Self.right)
        #expect(Self.choose(focused: "DP-2")?.output == Self.above)
    }

    @Test func elseTheFirst() {
        #expect(Self.choose()?.output == Self.left)
        #expect(Self.choose(pointer: Point(x: -10, y: 5000), focused: "gone")?.output == Self.left)
        #expect(OutputGeometry.choose(among: [], named: "eDP-1", pointer: .zero, focused: "eDP-1") == nil)
    }

    @Test func twoOutputsWithOneNameGiveTheFirst() {
        let twin = OutputGeometry(name: "eDP-1", frame: Rect(x: 5000, y: 0, width: 800, height: 600))
        let choice = OutputGeometry.choose(
            among: [Self.right, twin, Self.left], named: "eDP-1", pointer: nil, focused: nil)
        #expect(choice?.output == twin)
    }
}
