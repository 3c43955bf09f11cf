import PetalCore
import Testing

@testable import PetalScene

@Suite struct HoverAndTurboTests {
    typealias F = GestureFixtures

    func motions(_ legs: [Recordings.Leg]) -> [RecordedInput] {
        Recordings.path(legs).map { .motion($0.0, $0.1, ms: $0.2) }
    }

    @Test func restingOnAnItemActivatesItOnce() {
        var player = GesturePlayer(GestureRecognizer(levels: [F.main], mode: .hover(confirm: false)))
        player.play(motions([.line(-150, 0, ms: 120), .rest(ms: 300, tremble: 3)]))
        player.runTimer(until: 10)
        #expect(player.events == [.highlight(level: 0, item: "w"), .activate(level: 0, item: "w")])
        #expect(player.wakeUps == 1)
    }

    @Test func movingOnDoesNotActivateWhatItPassesThrough() {
        var player = GesturePlayer(GestureRecognizer(levels: [F.main], mode: .hover(confirm: false)))
        // Round the circle, never slower than 10 px in 100 ms.
        player.play(motions([.line(-150, 0, ms: 80), .line(150, -150, ms: 80), .line(150, 150, ms: 80)]))
        #expect(player.events.filter { if case .activate = $0 { true } else { false } } == [])
    }

    @Test func aPointerThatHasNotMovedChoosesNothing() {
        // The menu opened away from the pointer: its first position aims at
        // an item, and the pointer then rests there.
        var player = GesturePlayer(GestureRecognizer(levels: [F.main], mode: .hover(confirm: false)))
        player.play([.motion(450, 400, ms: 0), .motion(452, 401, ms: 30)])
        player.runTimer(until: 10)
        #expect(player.events == [.highlight(level: 0, item: "w")])
        #expect(player.wakeUps == 0)
    }

    @Test func restingOnASubmenuItemOpensItWhereThePointerIs() {
        var player = GesturePlayer(GestureRecognizer(levels: [F.main], mode: .hover(confirm: true)))
        player.play(motions([.line(0, -150, ms: 120), .rest(ms: 300, tremble: 1)]))
        player.runTimer(until: 10)
        guard case .openSubmenu(0, "n", let at)? = player.events.first(where: { $0 != .highlight(level: 0, item: "n") })
        else {
            Issue.record("opened nothing: \(player.events)")
            return
        }
        #expect(at.distance(to: Point(x: 600, y: 250)) < 2)
        // In the submenu the pointer rests in the dead zone: nothing more.
        #expect(player.wakeUps == 1)
        #expect(player.recognizer.levels.count == 2)
    }

    @Test func withConfirmAnActionWaitsForAClick() {
        var player = GesturePlayer(GestureRecognizer(levels: [F.main], mode: .hover(confirm: true)))
        player.play(motions([.line(-150, 0, ms: 120), .rest(ms: 300, tremble: 3)]))
        player.runTimer(until: 10)
        #expect(player.events == [.highlight(level: 0, item: "w")])
        #expect(player.wakeUps == 0)
        player.play([.press(450, 400, ms: 10_000), .release(450, 400, ms: 10_050)])
        #expect(player.events.last == .activate(level: 0, item: "w"))
    }

    @Test func turboActivatesWhatTheModifierIsReleasedOn() {
        var player = GesturePlayer(GestureRecognizer(levels: [F.main], start: .modifierHeld))
        player.play(motions([.line(150, -150, ms: 120)]) + [.modifierReleased(ms: 200)])
        #expect(player.events == [.highlight(level: 0, item: "ne"), .activate(level: 0, item: "ne")])
    }

    @Test func turboMarksThroughSubmenusAsTheButtonDoes() {
        var player = GesturePlayer(GestureRecognizer(levels: [F.main], start: .modifierHeld))
        player.play(
            [.motion(600, 400, ms: 0)] + Recordings.upRightDown.map { .motion($0.0, $0.1, ms: $0.2) }
                + [.modifierReleased(ms: 600)])
        #expect(player.events.last == .activate(level: 2, item: "firefox"))
        #expect(player.recognizer.levels.count == 3)
    }

    @Test func aModifierReleasedBeforeAStrokeLeavesTheMenuOpen() {
        // The pointer aims at an item but has not moved 15 px: the release
        // of the key that opened the menu chooses nothing.
        var player = GesturePlayer(GestureRecognizer(levels: [F.main], start: .modifierHeld))
        player.play([.motion(450, 400, ms: 0), .motion(460, 400, ms: 20), .modifierReleased(ms: 100)])
        #expect(player.events == [.highlight(level: 0, item: "w")])
        // Released in the dead zone after a stroke: nothing either.
        var back = GesturePlayer(GestureRecognizer(levels: [F.main], start: .modifierHeld))
        back.play(motions([.line(-150, 0, ms: 80), .line(145, 0, ms: 80)]) + [.modifierReleased(ms: 300)])
        #expect(back.events == [.highlight(level: 0, item: "w"), .highlight(level: 0, item: nil)])
        // Turbo is over: the menu goes on in pie mode.
        back.play([.press(600, 300, ms: 1000), .release(600, 300, ms: 1050)])
        #expect(back.events.last == .activate(level: 0, item: "n"))
    }

    @Test func aClickDuringTurboEndsIt() {
        var recognizer = GestureRecognizer(levels: [F.main], start: .modifierHeld)
        _ = recognizer.motion(to: F.point(0, 100), time: 0)
        _ = recognizer.press(at: F.point(0, 100), time: 0.1)
        #expect(recognizer.release(at: F.point(0, 100), time: 0.2) == [.activate(level: 0, item: "e")])
        #expect(recognizer.modifierReleased(time: 0.3) == [])
    }
}
