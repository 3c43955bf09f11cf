/// The menu state machine of docs/dbus-api.md#the-state-machine, with no I/O: the daemon feeds it commands,
/// asks it for the `deadline` of the running animation, schedules a timer for it,
/// and calls `advance()` when the timer fires. Every method returns the state
/// changes it made, in order, so the caller can emit exactly one signal per change.
///
/// | call   | collapsed   | expanding | expanded     | collapsing |
/// |--------|-------------|-----------|--------------|------------|
/// | toggle | → expanding | ignored   | → collapsing | ignored    |
/// | open   | → expanding | no-op     | no-op        | ignored    |
/// | close  | no-op       | ignored   | → collapsing | no-op      |
public struct MenuMachine: Sendable {
    /// The current state; starts `collapsed`.
    public private(set) var state: MenuState = .collapsed

    /// How long `expanding` lasts. Changing it (a reload) affects the next opening,
    /// not the running one.
    public var openDuration: Duration

    /// How long `collapsing` lasts. Changing it (a reload) affects the next closing,
    /// not the running one.
    public var closeDuration: Duration

    /// When the running transition completes, on `clock`'s time line; nil when idle.
    public private(set) var deadline: Duration?

    private let clock: any MenuClock

    /// Creates a collapsed machine. Negative durations act as zero.
    public init(openDuration: Duration, closeDuration: Duration, clock: any MenuClock) {
        self.openDuration = openDuration
        self.closeDuration = closeDuration
        self.clock = clock
    }

    /// Whether the menu is fully open, the only state in which items can be activated.
    public var isExpanded: Bool { state == .expanded }

    /// Applies `command` according to the table. A transition whose deadline has
    /// already passed is completed first (as if its timer had fired), so a command
    /// racing a late timer sees the settled state. A command that starts a transition
    /// with a zero duration also completes it, returning both changes.
    /// Ignored and no-op commands return no transitions (or only the catch-up).
    public mutating func handle(_ command: MenuCommand) -> [StateTransition] {
        var changes = advance()
        switch (command, state) {
        case (.toggle, .collapsed), (.open, .collapsed):
            changes += begin(.expanding, lasting: openDuration)
        case (.toggle, .expanded), (.close, .expanded):
            changes += begin(.collapsing, lasting: closeDuration)
        case (.toggle, .expanding), (.toggle, .collapsing),  // ignored
            (.open, .expanding), (.open, .expanded),  // no-op
            (.open, .collapsing),  // ignored
            (.close, .collapsed), (.close, .collapsing),  // no-op
            (.close, .expanding):  // ignored
            break
        }
        return changes
    }

    /// Closes the menu whether it is opening or open: the one case of
    /// `expanding → collapsing`, when another chain of menus opens or a menu
    /// above it closes (it is not a mashed button, so it is not ignored).
    /// Collapsed and collapsing menus are left as they are.
    public mutating func interrupt() -> [StateTransition] {
        var changes = advance()
        if state == .expanding || state == .expanded { changes += begin(.collapsing, lasting: closeDuration) }
        return changes
    }

    /// The activation rule: activating an item closes the menu; same as `.close`.
    public mutating func closeAfterActivation() -> [StateTransition] {
        handle(.close)
    }

    /// Completes the running transition if its deadline is at or before `clock.now`
    /// (`expanding → expanded`, `collapsing → collapsed`); otherwise returns `[]`.
    public mutating func advance() -> [StateTransition] {
        guard let due = deadline, due <= clock.now else { return [] }
        let from = state
        switch from {
        case .expanding: state = .expanded
        case .collapsing: state = .collapsed
        case .collapsed, .expanded: break  // unreachable: deadline is nil when idle
        }
        deadline = nil
        return from == state ? [] : [StateTransition(from: from, to: state)]
    }

    private mutating func begin(_ next: MenuState, lasting duration: Duration) -> [StateTransition] {
        let change = StateTransition(from: state, to: next)
        state = next
        deadline = clock.now + max(duration, .zero)
        return [change] + advance()
    }
}
