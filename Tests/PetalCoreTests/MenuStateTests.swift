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
}
