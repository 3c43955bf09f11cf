import PetalCore
import Testing

struct MenuStateTests {
    @Test func rawValuesAreTheSpecNames() {
        #expect(MenuState.allCases.map(\.rawValue) == ["collapsed", "expanding", "expanded", "collapsing"])
        #expect(MenuCommand.allCases.map(\.rawValue) == ["toggle", "open", "close"])
    }

    @Test func onlyIntermediateStatesAreTransitioning() {
        #expect(MenuState.allCases.filter(\.isTransitioning) == [.expanding, .collapsing])
    }

    @Test func transitionEqualityAndDescription() {
        let change = StateTransition(from: .collapsed, to: .expanding)
        #expect(change == StateTransition(from: .collapsed, to: .expanding))
        #expect(change != StateTransition(from: .expanding, to: .collapsed))
        #expect(change.description == "collapsed→expanding")
    }

    /// The highlight goes whenever a menu starts opening or closing, and only then.
    @Test func everyChangeButTheEndOfOpeningForgetsTheHighlight() {
        let all = MenuState.allCases.flatMap { from in MenuState.allCases.map { StateTransition(from: from, to: $0) } }
        for change in all {
            #expect(change.clearsHighlight == (change.to != .expanded), "\(change)")
        }
        #expect(StateTransition(from: .collapsed, to: .expanding).clearsHighlight)
        #expect(StateTransition(from: .expanded, to: .collapsing).clearsHighlight)
        #expect(StateTransition(from: .expanding, to: .collapsing).clearsHighlight, "a chain closed as another opens")
        #expect(!StateTransition(from: .expanding, to: .expanded).clearsHighlight, "keys typed while it opens count")
    }
}
