import PetalCore
import Testing

@testable import PetalScene

@Suite struct MarkingTests {
    typealias F = GestureFixtures

    func player(_ start: GestureStart = .released) -> GesturePlayer {
        GesturePlayer(GestureRecognizer(levels: [F.main], start: start))
    }

    @Test func aRecordedMarkGoesThroughThreeMenusByItsTurns() {
        var player = player()
        player.play(Recordings.pressed(Recordings.upRightDown))
        #expect(
            player.events == [
                .highlight(level: 0, item: "n"),
                // Each corner is the last sample before the turn.
                .openSubmenu(level: 0, item: "n", at: Point(x: 601, y: 202)),
                .highlight(level: 1, item: "web"),
                .openSubmenu(level: 1, item: "web", at: Point(x: 802, y: 194)),
                .highlight(level: 2, item: "firefox"),
                .activate(level: 2, item: "firefox"),
            ])
        #expect(
            player.recognizer.levels.map(\.centre) == [F.main.centre, Point(x: 601, y: 202), Point(x: 802, y: 194)])
        #expect(player.wakeUps == 0)
    }

    @Test func aMarkGoesThroughThreeMenusByItsPauses() {
        var player = player()
        let samples = Recordings.path([
            .line(0, -200, ms: 160), .rest(ms: 150, tremble: 2),
            .line(200, 0, ms: 160), .rest(ms: 150, tremble: 2),
            .line(0, 180, ms: 160),
        ])
        player.play(Recordings.pressed(samples))
        let chosen = F.choices(player.events)
        #expect(chosen.count == 3)
        // Each submenu opens where the pointer rests, within its tremble.
        guard chosen.count == 3, case .openSubmenu(0, "n", let first) = chosen[0],
            case .openSubmenu(1, "web", let second) = chosen[1]
        else {
            Issue.record("opened \(chosen)")
            return
        }
        #expect(first.distance(to: Point(x: 600, y: 200)) < 3)
        #expect(second.distance(to: Point(x: 800, y: 200)) < 5)
        #expect(chosen[2] == .activate(level: 2, item: "firefox"))
        // One wake-up per pause, none while the pointer trembled.
        #expect(player.wakeUps == 2)
    }

    @Test func aPauseOpensOnlyAfterPauseMsWithoutMotionPastTheJitter() {
        var recognizer = GestureRecognizer(levels: [F.main])
        _ = recognizer.press(at: F.main.centre, time: 0)
        #expect(recognizer.motion(to: Point(x: 600, y: 320), time: 0.05) == [.highlight(level: 0, item: "n")])
        #expect(recognizer.motion(to: Point(x: 600, y: 240), time: 0.1) == [])
        // 160 px: from now a pause counts.
        _ = recognizer.motion(to: Point(x: 600, y: 240), time: 0.1)
        #expect(recognizer.nextTick == 0.1 + 0.1)
        // 9 px of tremble is no motion: the pause goes on.
        _ = recognizer.motion(to: Point(x: 609, y: 240), time: 0.15)
        #expect(recognizer.nextTick == 0.2)
        #expect(recognizer.tick(time: 0.199) == [])
        // 11 px is: the pause starts again.
        _ = recognizer.motion(to: Point(x: 600, y: 229), time: 0.19)
        #expect(recognizer.nextTick == 0.19 + 0.1)
        #expect(recognizer.tick(time: 0.2) == [])
        #expect(recognizer.tick(time: 0.19 + 0.1) == [.openSubmenu(level: 0, item: "n", at: Point(x: 600, y: 229))])
        #expect(recognizer.nextTick == nil)
    }

    @Test func noTimerRunsWhileAPauseCannotOpenAnything() {
        var recognizer = GestureRecognizer(levels: [F.main])
        // Pointing without the button: pie mode, no pauses.
        _ = recognizer.motion(to: Point(x: 600, y: 200), time: 0)
        _ = recognizer.motion(to: Point(x: 600, y: 180), time: 0.01)
        #expect(recognizer.nextTick == nil)
        // A stroke under 150 px on a submenu item.
        _ = recognizer.press(at: F.main.centre, time: 1)
        _ = recognizer.motion(to: Point(x: 600, y: 300), time: 1.05)
        _ = recognizer.motion(to: Point(x: 600, y: 260), time: 1.1)
        #expect(recognizer.nextTick == nil)
        // A long stroke on an action item.
        _ = recognizer.motion(to: Point(x: 760, y: 400), time: 1.2)
        _ = recognizer.motion(to: Point(x: 790, y: 400), time: 1.25)
        #expect(recognizer.highlighted == "e")
        #expect(recognizer.nextTick == nil)
        var player = GesturePlayer(recognizer)
        player.play([.motion(791, 401, ms: 1300), .release(791, 401, ms: 5000)])
        #expect(player.wakeUps == 0)
        #expect(player.events == [.activate(level: 0, item: "e")])
    }

    @Test func aTurnOnAnActionItemOpensNothingAndTheStrokeMustGrowAgain() {
        // North-east opens a submenu. Right 200 px (east, an action), up
        // 100 px (north-east), left 100 px: the first corner opens nothing,
        // and the second comes 100 px after it, too soon to count.
        let level = F.level(["e", "ne", "n", "nw", "w", "sw", "s", "se"], submenus: ["ne"])
        var player = GesturePlayer(GestureRecognizer(levels: [level]))
        let samples = Recordings.path([.line(200, 0, ms: 120), .line(0, -100, ms: 80), .line(-100, 0, ms: 80)])
        player.play(Recordings.pressed(samples).dropLast())
        #expect(player.events == [.highlight(level: 0, item: "e"), .highlight(level: 0, item: "ne")])
        guard case .stroking(let stroke, byButton: true) = player.recognizer.phase else {
            Issue.record("no stroke")
            return
        }
        #expect(stroke.start.distance(to: Point(x: 800, y: 400)) < 10)
        // Had the stroke gone on from the press, 224 px long, it would have turned there.
        var unbroken = GesturePlayer(GestureRecognizer(levels: [level]))
        unbroken.play(
            Recordings.pressed(Recordings.path([.line(200, -100, ms: 120), .line(-100, 0, ms: 80)])).dropLast())
        #expect(F.choices(unbroken.events).count == 1)
    }

    @Test func pressingAndMovingFifteenPixelsIsStillAClick() {
        var recognizer = GestureRecognizer(levels: [F.main])
        _ = recognizer.press(at: F.main.centre, time: 0)
        _ = recognizer.motion(to: Point(x: 615, y: 400), time: 0.05)
        #expect(recognizer.release(at: Point(x: 605, y: 400), time: 0.1) == [.toggle])
        // Past 15 px it is a stroke: back in the dead zone it chooses nothing.
        _ = recognizer.press(at: F.main.centre, time: 1)
        _ = recognizer.motion(to: Point(x: 615.1, y: 400), time: 1.05)
        #expect(recognizer.release(at: Point(x: 605, y: 400), time: 1.1) == [])
    }

    @Test func releasingWithNothingHighlightedKeepsTheChainOpen() {
        var player = player()
        // Out west with a disabled item there, and back to the centre.
        player.recognizer = GestureRecognizer(levels: [F.level(["e", "n", "w", "s"], disabled: ["w"])])
        player.play(Recordings.pressed(Recordings.path([.line(-120, 0, ms: 80)])))
        #expect(player.events == [])
        player.play(Recordings.pressed(Recordings.path([.line(-100, -100, ms: 80), .line(100, 100, ms: 80)])))
        #expect(F.choices(player.events) == [])
        // It is still open: a click chooses.
        player.play([.press(600, 300, ms: 1000), .release(600, 300, ms: 1050)])
        #expect(player.events.last == .activate(level: 0, item: "n"))
    }

    @Test func aMarkReleasedBeforeItsSubmenuCameChoosesWhenItComes() {
        var player = player()
        player.pushesSubmenus = false
        // Up and pause: `apps` is asked for; the mark goes on right and ends
        // before the overlay has the submenu's items.
        let samples = Recordings.path([.line(0, -200, ms: 160), .rest(ms: 150, tremble: 2), .line(150, 0, ms: 80)])
        player.play(Recordings.pressed(samples))
        #expect(F.choices(player.events) == [.openSubmenu(level: 0, item: "n", at: Point(x: 600, y: 199))])
        #expect(player.recognizer.nextTick == nil)
        var apps = F.apps
        apps.centre = Point(x: 600, y: 200)
        #expect(
            player.recognizer.push(apps) == [.highlight(level: 1, item: "web"), .activate(level: 1, item: "web")])
    }

    @Test func aMenuOpenedUnderThePressedPointerIsNotClickedByTheRelease() {
        var still = player(.buttonHeld(at: F.main.centre))
        still.play([.motion(604, 398, ms: 30), .release(604, 398, ms: 90)])
        #expect(still.events == [])
        var dragged = player(.buttonHeld(at: F.main.centre))
        dragged.play(Array(Recordings.pressed(Recordings.upRightDown).dropFirst()))
        #expect(dragged.events.last == .activate(level: 2, item: "firefox"))
    }
}
