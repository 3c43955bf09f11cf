import PetalCore
import Testing

@testable import PetalScene

/// Pie mode without strokes: the highlight follows the pointer's direction,
/// clicks choose, keys step.
@Suite struct PointingTests {
    typealias F = GestureFixtures

    @Test func theHighlightFollowsTheDirectionWhereverThePointerIs() {
        var recognizer = GestureRecognizer(levels: [F.main])
        #expect(recognizer.motion(to: F.main.centre, time: 0) == [])
        #expect(recognizer.motion(to: F.point(80, 40), time: 0.01) == [.highlight(level: 0, item: "n")])
        // Far out, beyond the items, even off where the menu is drawn.
        #expect(recognizer.motion(to: F.point(95, 900), time: 0.02) == [])
        #expect(recognizer.motion(to: F.point(140, 900), time: 0.03) == [.highlight(level: 0, item: "nw")])
        // Back into the dead zone: nothing.
        #expect(recognizer.motion(to: F.point(140, 10), time: 0.04) == [.highlight(level: 0, item: nil)])
        #expect(recognizer.highlighted == nil)
    }

    @Test func aClickActivatesTheItemInItsDirection() {
        var recognizer = GestureRecognizer(levels: [F.main])
        _ = recognizer.press(at: F.point(180, 300), time: 0)
        #expect(recognizer.release(at: F.point(182, 305), time: 0.1) == [.activate(level: 0, item: "w")])
        // A submenu item is activated too: its submenu opens on the item.
        _ = recognizer.press(at: F.point(90, 100), time: 1)
        #expect(recognizer.release(at: F.point(90, 100), time: 1.1) == [.activate(level: 0, item: "n")])
    }

    @Test func aClickInTheDeadZoneIsTheCentreButton() {
        var recognizer = GestureRecognizer(levels: [F.main])
        _ = recognizer.press(at: F.point(10, 20), time: 0)
        #expect(recognizer.release(at: F.point(30, 25), time: 0.1) == [.toggle])
        var submenu = GestureRecognizer(levels: [F.main, F.apps])
        _ = submenu.press(at: F.main.centre, time: 0)
        #expect(submenu.release(at: F.main.centre, time: 0.1) == [.back])
    }

    @Test func aClickCountsOnlyWhenPressAndReleaseAimAtTheSameThing() {
        var recognizer = GestureRecognizer(levels: [F.level(["e", "n", "w", "s"], disabled: ["s"])])
        // From the dead zone out to an item, under 15 px apart.
        _ = recognizer.press(at: F.point(90, 25), time: 0)
        #expect(recognizer.release(at: F.point(90, 38), time: 0.1) == [.highlight(level: 0, item: "n")])
        // Across the boundary between two items.
        _ = recognizer.press(at: F.point(44, 100), time: 1)
        #expect(F.choices(recognizer.release(at: F.point(46, 100), time: 1.1)) == [])
        // Towards a disabled item.
        _ = recognizer.press(at: F.point(270, 100), time: 2)
        #expect(F.choices(recognizer.release(at: F.point(270, 100), time: 2.1)) == [])
    }

    @Test func theRightButtonClosesTheChainAndOthersDoNothing() {
        var recognizer = GestureRecognizer(levels: [F.main, F.apps])
        #expect(recognizer.press(.secondary, at: F.point(0, 100), time: 0) == [.close])
        #expect(recognizer.press(.other, at: F.point(0, 100), time: 0) == [])
        #expect(recognizer.release(.secondary, at: F.point(0, 100), time: 0.1) == [])
    }

    @Test func theKeysHighlightUntilThePointerAimsElsewhere() {
        var recognizer = GestureRecognizer(levels: [F.main])
        #expect(recognizer.motion(to: F.point(0, 100), time: 0) == [.highlight(level: 0, item: "e")])
        #expect(recognizer.step(.next) == [.highlight(level: 0, item: "ne")])
        #expect(recognizer.step(.previous) == [.highlight(level: 0, item: "e")])
        #expect(recognizer.step(.previous) == [.highlight(level: 0, item: "se")])
        // Moving within the east item's directions leaves the keys' choice.
        #expect(recognizer.motion(to: F.point(10, 120), time: 0.1) == [])
        #expect(recognizer.highlighted == "se")
        #expect(recognizer.motion(to: F.point(90, 120), time: 0.2) == [.highlight(level: 0, item: "n")])
    }

    @Test func pointingInPieModeNeverNeedsATimer() {
        var player = GesturePlayer(GestureRecognizer(levels: [F.main]))
        player.play(
            Recordings.path([.line(0, -200, ms: 160), .rest(ms: 500, tremble: 2), .line(200, 0, ms: 160)]).map {
                .motion($0.0, $0.1, ms: $0.2)
            })
        player.runTimer(until: 60)
        #expect(player.events == [.highlight(level: 0, item: "n"), .highlight(level: 0, item: "ne")])
        #expect(player.wakeUps == 0)
    }
}
