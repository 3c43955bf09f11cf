import PetalCore
import Testing

private let second = Duration.seconds(1)

/// A machine with 1 s durations brought into `state` on a manual clock.
private func machine(in state: MenuState) -> (MenuMachine, ManualClock) {
    let clock = ManualClock()
    var machine = MenuMachine(openDuration: second, closeDuration: second, clock: clock)
    func settle() {
        clock.advance(by: second)
        _ = machine.advance()
    }
    switch state {
    case .collapsed: break
    case .expanding: _ = machine.handle(.toggle)
    case .expanded:
        _ = machine.handle(.toggle)
        settle()
    case .collapsing:
        _ = machine.handle(.toggle)
        settle()
        _ = machine.handle(.toggle)
    }
    return (machine, clock)
}

private func t(_ from: MenuState, _ to: MenuState) -> StateTransition {
    StateTransition(from: from, to: to)
}

struct MenuMachineTests {
    @Test func startsCollapsedAndIdle() {
        let machine = MenuMachine(openDuration: second, closeDuration: second, clock: ManualClock())
        #expect(machine.state == .collapsed)
        #expect(machine.deadline == nil)
        #expect(!machine.isExpanded)
    }

    @Test(arguments: MenuState.allCases)
    func helperReachesState(_ state: MenuState) {
        #expect(machine(in: state).0.state == state)
    }

    /// One cell of the docs/dbus-api.md#the-state-machine table.
    struct Cell: Sendable, CustomTestStringConvertible {
        let from: MenuState
        let command: MenuCommand
        let to: MenuState
        let expected: [StateTransition]
        init(_ from: MenuState, _ command: MenuCommand, _ to: MenuState, _ expected: [StateTransition]) {
            (self.from, self.command, self.to, self.expected) = (from, command, to, expected)
        }
        var testDescription: String { "\(command) in \(from)" }
    }

    /// docs/dbus-api.md#the-state-machine table: (state, command) → (resulting state, returned transitions).
    static let table: [Cell] = [
        Cell(.collapsed, .toggle, .expanding, [t(.collapsed, .expanding)]),
        Cell(.collapsed, .open, .expanding, [t(.collapsed, .expanding)]),
        Cell(.collapsed, .close, .collapsed, []),
        Cell(.expanding, .toggle, .expanding, []),
        Cell(.expanding, .open, .expanding, []),
        Cell(.expanding, .close, .expanding, []),
        Cell(.expanded, .toggle, .collapsing, [t(.expanded, .collapsing)]),
        Cell(.expanded, .open, .expanded, []),
        Cell(.expanded, .close, .collapsing, [t(.expanded, .collapsing)]),
        Cell(.collapsing, .toggle, .collapsing, []),
        Cell(.collapsing, .open, .collapsing, []),
        Cell(.collapsing, .close, .collapsing, []),
    ]

    @Test func tableCoversEveryCell() {
        let cells = Set(Self.table.map { "\($0.from)/\($0.command)" })
        #expect(cells.count == MenuState.allCases.count * MenuCommand.allCases.count)
    }

    @Test(arguments: table)
    func tableCell(_ cell: Cell) {
        var (machine, clock) = machine(in: cell.from)
        let deadlineBefore = machine.deadline
        let changes = machine.handle(cell.command)
        #expect(changes == cell.expected)
        #expect(machine.state == cell.to)
        if cell.expected.isEmpty {
            #expect(machine.deadline == deadlineBefore, "an ignored call keeps the deadline")
        } else {
            #expect(machine.deadline == clock.now + second)
        }
    }

    @Test func openingCompletesExactlyAtTheDeadline() {
        let clock = ManualClock(start: .seconds(50))
        var machine = MenuMachine(openDuration: .milliseconds(300), closeDuration: second, clock: clock)
        #expect(machine.handle(.open) == [t(.collapsed, .expanding)])
        #expect(machine.deadline == .seconds(50) + .milliseconds(300))
        clock.advance(by: .milliseconds(300) - .nanoseconds(1))
        #expect(machine.advance() == [])
        #expect(machine.state == .expanding)
        clock.advance(by: .nanoseconds(1))
        #expect(machine.advance() == [t(.expanding, .expanded)])
        #expect(machine.state == .expanded)
        #expect(machine.isExpanded)
        #expect(machine.deadline == nil)
        #expect(machine.advance() == [], "nothing left to complete")
    }

    @Test func closingCompletesExactlyAtTheDeadline() {
        var (machine, clock) = machine(in: .expanded)
        machine.closeDuration = .milliseconds(250)
        #expect(machine.handle(.close) == [t(.expanded, .collapsing)])
        clock.advance(by: .milliseconds(250) - .nanoseconds(1))
        #expect(machine.advance() == [])
        #expect(machine.state == .collapsing)
        clock.advance(by: .nanoseconds(1))
        #expect(machine.advance() == [t(.collapsing, .collapsed)])
        #expect(machine.state == .collapsed)
        #expect(machine.deadline == nil)
    }

    @Test func zeroOpenDurationPassesThroughExpanding() {
        var machine = MenuMachine(openDuration: .zero, closeDuration: second, clock: ManualClock())
        #expect(machine.handle(.toggle) == [t(.collapsed, .expanding), t(.expanding, .expanded)])
        #expect(machine.state == .expanded)
        #expect(machine.deadline == nil)
    }

    @Test func zeroCloseDurationPassesThroughCollapsing() {
        var (machine, _) = machine(in: .expanded)
        machine.closeDuration = .zero
        #expect(machine.handle(.toggle) == [t(.expanded, .collapsing), t(.collapsing, .collapsed)])
        #expect(machine.state == .collapsed)
        #expect(machine.deadline == nil)
    }

    @Test func negativeDurationActsAsZero() {
        var machine = MenuMachine(openDuration: .seconds(-5), closeDuration: second, clock: ManualClock())
        #expect(machine.handle(.open) == [t(.collapsed, .expanding), t(.expanding, .expanded)])
    }

    @Test(arguments: MenuCommand.allCases)
    func callDuringTransitionIsIgnoredAndKeepsDeadline(_ command: MenuCommand) {
        var (machine, clock) = machine(in: .expanding)
        let deadline = machine.deadline
        clock.advance(by: .milliseconds(400))
        #expect(machine.handle(command) == [])
        #expect(machine.state == .expanding)
        #expect(machine.deadline == deadline)
        clock.advance(by: .milliseconds(600))
        #expect(machine.advance() == [t(.expanding, .expanded)])
    }

    @Test func changingDurationsMidTransitionKeepsTheRunningDeadline() {
        var (machine, clock) = machine(in: .expanding)
        let deadline = machine.deadline
        machine.openDuration = .seconds(10)
        machine.closeDuration = .zero
        #expect(machine.deadline == deadline)
        clock.advance(by: second)
        #expect(machine.advance() == [t(.expanding, .expanded)])
        // The new durations apply to the next transitions.
        #expect(machine.handle(.close) == [t(.expanded, .collapsing), t(.collapsing, .collapsed)])
        #expect(machine.handle(.open) == [t(.collapsed, .expanding)])
        #expect(machine.deadline == clock.now + .seconds(10))
    }

    @Test func commandAfterAnOverdueDeadlineCompletesTheTransitionFirst() {
        var (machine, clock) = machine(in: .expanding)
        clock.advance(by: .seconds(2))  // the timer is late
        #expect(machine.handle(.toggle) == [t(.expanding, .expanded), t(.expanded, .collapsing)])
        #expect(machine.state == .collapsing)
        #expect(machine.deadline == clock.now + second)
    }

    @Test func closeAfterActivationClosesOnlyAnExpandedMenu() {
        var (expanded, _) = machine(in: .expanded)
        #expect(expanded.closeAfterActivation() == [t(.expanded, .collapsing)])
        for state in [MenuState.collapsed, .expanding, .collapsing] {
            var (other, _) = machine(in: state)
            #expect(other.closeAfterActivation() == [])
            #expect(other.state == state)
        }
    }

    @Test func fullCycleWithTheMonotonicClock() {
        var machine = MenuMachine(openDuration: .zero, closeDuration: .zero, clock: MonotonicClock())
        #expect(machine.handle(.toggle).map(\.to) == [.expanding, .expanded])
        #expect(machine.handle(.toggle).map(\.to) == [.collapsing, .collapsed])
    }
}
