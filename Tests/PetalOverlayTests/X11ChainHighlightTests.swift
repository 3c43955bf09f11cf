import Foundation
import TestSupport
import Testing

/// What a pie chain's parents show as highlighted (docs/overlay.md, "Pie
/// gestures"): the item their submenu opened from, not where the pointer
/// aimed before the submenu came.
@Suite(.serialized) struct X11ChainHighlightTests {
    typealias Pie = X11PieGestureTests

    @Test func aSubmenuOpenedByAKeyLeavesItsOpenerHighlightedInTheParent() async throws {
        let (session, display) = try await Pie().session()
        defer { session.stop() }
        try await Pie().show(session)
        // Far up, towards red (100°): in a pie menu the pointer's direction highlights red.
        let up = Pie.towards(100, 250, from: Pie.centre)
        try await display.movePointer(toX: up.0, y: up.1)
        try await session.waitForHighlighted("red")
        // 4 is hub, the fourth item: its submenu opens, the pointer still far up.
        try await display.press(.digit(4))
        try await session.waitForHighlighted("hub")
        // The ring and the label of a highlight follow Highlighted: red shows neither.
        _ = try await display.screenshot(savingAs: "chain-highlight")
    }
}
