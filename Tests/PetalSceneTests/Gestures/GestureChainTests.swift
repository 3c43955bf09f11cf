import PetalCore
import Testing

@testable import PetalScene

/// Submenus pushed and popped, and menus the overlay moved inwards at an edge.
@Suite struct GestureChainTests {
    typealias F = GestureFixtures

    /// What the recorded mark does anywhere: up to `apps`, right to `web`, down to `firefox`.
    func expectTheMark(_ events: [GestureEvent], corners: [Point]) {
        #expect(
            events == [
                .highlight(level: 0, item: "n"),
                .openSubmenu(level: 0, item: "n", at: corners[0]),
                .highlight(level: 1, item: "web"),
                .openSubmenu(level: 1, item: "web", at: corners[1]),
                .highlight(level: 2, item: "firefox"),
                .activate(level: 2, item: "firefox"),
            ])
    }

    @Test func onX11TheWarpedPointerAndTheStrokeMoveWithASubmenuMovedInwards() {
        // Each submenu is drawn 60 px lower than asked (the top edge), and
        // the pointer is warped 60 px down with it: the samples after a warp
        // come 60 px lower.
        var player = GesturePlayer(GestureRecognizer(levels: [F.main]))
        player.edgeOffset = Point(x: 0, y: 60)
        player.warps = true
        player.play(Recordings.pressed(Recordings.upRightDown))
        expectTheMark(player.events, corners: [Point(x: 601, y: 202), Point(x: 802, y: 254)])
        #expect(
            player.recognizer.levels.map(\.centre) == [F.main.centre, Point(x: 601, y: 262), Point(x: 802, y: 314)])
    }

    @Test func samplesReadBeforeAWarpAreNotAJumpBack() {
        // As above, but the display had read three more samples before each
        // warp took effect: they come after it, 60 px too high. Read as they
        // come, the first would aim up in `apps` (`files`) before the mark goes on.
        var player = GesturePlayer(GestureRecognizer(levels: [F.main]))
        player.edgeOffset = Point(x: 0, y: 60)
        player.warps = true
        player.samplesBeforeEachWarp = 3
        player.play(Recordings.pressed(Recordings.upRightDown))
        expectTheMark(player.events, corners: [Point(x: 601, y: 202), Point(x: 802, y: 254)])
        #expect(player.recognizer.pointer == Point(x: 804, y: 506))
    }

    @Test func aSampleInTheNewPlaceEndsTheWaitForOldOnes() {
        var recognizer = GestureRecognizer(levels: [F.main])
        _ = recognizer.motion(to: F.point(0, 100), time: 0)
        #expect(recognizer.move(level: 0, to: Point(x: 600, y: 460), pointerWarped: true) == [])
        // Read before the warp: moved with it, still east of the centre.
        #expect(recognizer.motion(to: F.point(0, 104), time: 0.01) == [])
        #expect(recognizer.pointer == Point(x: 704, y: 460))
        // The warp's own motion, in the new place, then the hand goes on
        // north: from (600, 460), (700, 400) is north-east, no longer moved.
        #expect(recognizer.motion(to: Point(x: 704, y: 460), time: 0.02) == [])
        #expect(recognizer.motion(to: Point(x: 700, y: 400), time: 0.03) == [.highlight(level: 0, item: "ne")])
        #expect(recognizer.pointer == Point(x: 700, y: 400))
    }

    @Test func waitingForOldSamplesEndsSoonAfterTheWarp() {
        var recognizer = GestureRecognizer(levels: [F.main])
        _ = recognizer.motion(to: F.point(0, 100), time: 0)
        _ = recognizer.move(level: 0, to: Point(x: 600, y: 460), pointerWarped: true)
        _ = recognizer.motion(to: F.point(0, 100), time: 1)
        // Long after the first sample that followed the warp, the old place is taken as it comes.
        #expect(recognizer.motion(to: F.point(0, 100), time: 1.2) == [.highlight(level: 0, item: "ne")])
    }

    @Test func onWaylandTheStrokeKeepsItsOriginWhenASubmenuMovesInwards() {
        // The pointer stays where it is: seen from the drawn centre it would
        // aim 60 px up at once (`files`); seen from the stroke's origin it is
        // in the dead zone, and the mark goes on as anywhere else.
        var player = GesturePlayer(GestureRecognizer(levels: [F.main]))
        player.edgeOffset = Point(x: 0, y: 60)
        player.play(Recordings.pressed(Recordings.upRightDown))
        expectTheMark(player.events, corners: [Point(x: 601, y: 202), Point(x: 802, y: 194)])
        #expect(
            player.recognizer.levels.map(\.centre) == [F.main.centre, Point(x: 601, y: 262), Point(x: 802, y: 254)])
    }

    @Test func onWaylandDirectionsComeFromTheDrawnCentreOnceTheStrokeEnds() {
        var player = GesturePlayer(GestureRecognizer(levels: [F.main]))
        player.edgeOffset = Point(x: 0, y: 60)
        // Up, a pause opens `apps` (drawn at (600, 259)), and release where it opened.
        let samples = Recordings.path([.line(0, -200, ms: 160), .rest(ms: 150, tremble: 2)])
        player.play(Recordings.pressed(samples).dropLast() + [.release(600, 199, ms: 320)])
        #expect(F.choices(player.events) == [.openSubmenu(level: 0, item: "n", at: Point(x: 600, y: 199))])
        #expect(player.recognizer.levels.last?.centre == Point(x: 600, y: 259))
        // 40 px right of the drawn centre is `web`; from the stroke's origin it
        // would have been down-right (`draw`).
        #expect(player.recognizer.motion(to: Point(x: 640, y: 259), time: 2) == [.highlight(level: 1, item: "web")])
    }

    @Test func hoverKeepsItsOriginInAMovedSubmenuUntilAPress() {
        var recognizer = GestureRecognizer(levels: [F.main], mode: .hover(confirm: false))
        _ = recognizer.motion(to: Point(x: 600, y: 400), time: 0)
        _ = recognizer.motion(to: Point(x: 600, y: 250), time: 0.1)
        #expect(recognizer.tick(time: 0.2) == [.openSubmenu(level: 0, item: "n", at: Point(x: 600, y: 250))])
        var apps = F.apps
        apps.centre = Point(x: 600, y: 310)
        #expect(recognizer.push(apps) == [])
        #expect(recognizer.motion(to: Point(x: 650, y: 250), time: 0.3) == [.highlight(level: 1, item: "web")])
        // A click aims at what is drawn: from (600, 310), (650, 250) is up-right.
        _ = recognizer.press(at: Point(x: 650, y: 250), time: 0.4)
        #expect(recognizer.highlighted == "mail")
    }

    @Test func movingAParentMovesNeitherThePointerNorTheHighlight() {
        var recognizer = GestureRecognizer(levels: [F.main, F.apps])
        _ = recognizer.motion(to: F.point(0, 100), time: 0)
        #expect(recognizer.highlighted == "web")
        #expect(recognizer.move(level: 0, to: Point(x: 500, y: 400), pointerWarped: true) == [])
        #expect(recognizer.pointer == F.point(0, 100))
        #expect(recognizer.levels[0].centre == Point(x: 500, y: 400))
        #expect(recognizer.move(level: 5, to: .zero, pointerWarped: true) == [])
    }

    @Test func withNoGestureGoingOnDirectionsFollowTheDrawnCentreAtOnce() {
        var recognizer = GestureRecognizer(levels: [F.main])
        _ = recognizer.motion(to: Point(x: 600, y: 300), time: 0)
        #expect(
            recognizer.move(level: 0, to: Point(x: 600, y: 250), pointerWarped: false) == [
                .highlight(level: 0, item: "s")
            ])
        // Warped along, the pointer keeps its place in the menu.
        #expect(recognizer.move(level: 0, to: Point(x: 700, y: 250), pointerWarped: true) == [])
        #expect(recognizer.pointer == Point(x: 700, y: 300))
    }

    @Test func poppingASubmenuGivesTheHighlightBackToTheParent() {
        var recognizer = GestureRecognizer(levels: [F.main])
        _ = recognizer.motion(to: F.point(90, 100), time: 0)
        _ = recognizer.press(at: F.point(90, 100), time: 0.1)
        #expect(recognizer.release(at: F.point(90, 100), time: 0.2) == [.activate(level: 0, item: "n")])
        var apps = F.apps
        apps.centre = F.point(90, 100)
        #expect(recognizer.push(apps) == [])
        #expect(recognizer.motion(to: F.point(90, 200), time: 0.3) == [.highlight(level: 1, item: "files")])
        #expect(recognizer.pop() == [.highlight(level: 0, item: "n")])
        #expect(recognizer.pop() == [])
        #expect(recognizer.levels.count == 1)
    }

    @Test func aSubmenuThatDidNotOpenGivesTheHighlightBack() {
        var player = GesturePlayer(GestureRecognizer(levels: [F.main]))
        player.pushesSubmenus = false
        player.play([.press(600, 400, ms: 0), .motion(600, 300, ms: 50), .motion(600, 220, ms: 100)])
        player.runTimer(until: 1)
        #expect(player.events.last == .openSubmenu(level: 0, item: "n", at: Point(x: 600, y: 220)))
        #expect(player.recognizer.motion(to: Point(x: 700, y: 220), time: 1.1) == [])
        #expect(player.recognizer.submenuDidNotOpen() == [.highlight(level: 0, item: "ne")])
        #expect(player.recognizer.submenuDidNotOpen() == [])
    }

    @Test func aSubmenuOpenedByAKeyHighlightsItsOpenerNotWhereThePointerAimedInTheParent() {
        // The pointer aims west in main (far from it, as from a corner); a key opens n's submenu.
        var recognizer = GestureRecognizer(levels: [F.main])
        #expect(recognizer.motion(to: F.point(180, 400), time: 0) == [.highlight(level: 0, item: "w")])
        var apps = F.apps
        apps.centre = F.point(90, 100)
        let events = recognizer.push(apps, from: "n")
        #expect(events.first == .highlight(level: 0, item: "n"), "\(events)")
        #expect(!events.contains(.highlight(level: 0, item: "w")))
        #expect(recognizer.levels.count == 2)
    }
}
