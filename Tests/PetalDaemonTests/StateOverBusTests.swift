import DBus
import TestSupport
import Testing

/// docs/dbus-api.md#the-state-machine through the bus: every call of the table, the signals each change
/// emits, in order, and the replies.
@Suite struct StateOverBusTests {
    @Test func toggleWalksTheWholeCycleAndAnnouncesEachChange() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let changes = try await daemon.client.signals(
            MatchRule(
                path: RunningDaemon.path, interface: RunningDaemon.menu, member: "StateChanged"))
        var iterator = changes.makeAsyncIterator()

        #expect(try await daemon.menu("Toggle") == [.string("expanding")])
        #expect(try await iterator.next()?.arguments() == [.string("expanding"), .string("collapsed")])
        #expect(try await iterator.next()?.arguments() == [.string("expanded"), .string("expanding")])
        #expect(try await daemon.state() == "expanded")

        #expect(try await daemon.menu("Toggle") == [.string("collapsing")])
        #expect(try await iterator.next()?.arguments() == [.string("collapsing"), .string("expanded")])
        #expect(try await iterator.next()?.arguments() == [.string("collapsed"), .string("collapsing")])
        #expect(try await daemon.state() == "collapsed")
    }

    // MARK: The table, cell by cell

    /// docs/dbus-api.md#the-state-machine's table: the state each call leaves behind, by call and by state.
    static let table: [String: [String: String]] = [
        "Toggle": [
            "collapsed": "expanding", "expanding": "expanding", "expanded": "collapsing", "collapsing": "collapsing",
        ],
        "Open": [
            "collapsed": "expanding", "expanding": "expanding", "expanded": "expanded", "collapsing": "collapsing",
        ],
        "Close": [
            "collapsed": "collapsed", "expanding": "expanding", "expanded": "collapsing", "collapsing": "collapsing",
        ],
    ]

    /// Each call in each state returns the state after it; a change is announced
    /// (StateChanged, then PropertiesChanged for State) before the reply, and an
    /// ignored or no-op call emits nothing. A 60-second animation holds a
    /// transitional state still while the call is made; the states on either side
    /// of it are reached at once with a zero duration.
    @Test(arguments: ["Toggle", "Open", "Close"], ["collapsed", "expanding", "expanded", "collapsing"])
    func callInState(_ call: String, _ state: String) async throws {
        let opening = state == "expanded" || state == "collapsing" ? "0" : "60"
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_OPEN": opening, "PETAL_TEST_CLOSE": "60"])
        defer { daemon.stop() }
        try await bring(daemon, to: state)
        let recorder = try await SignalRecorder(daemon)
        let expected = try #require(Self.table[call]?[state])

        #expect(try await daemon.menu(MemberName(call)) == [.string(expected)])

        let announced = recorder.all.filter(isMenuSignal).map(summary)
        if expected == state {
            #expect(announced == [], "\(call) in \(state) must emit nothing")
        } else {
            #expect(announced == ["StateChanged \(expected) from \(state)", "State = \(expected)"])
        }
        #expect(try await daemon.state() == expected)
    }

    /// Brings a daemon whose opening takes 0 s (for expanded and collapsing) or
    /// 60 s (otherwise), and whose closing takes 60 s, to `state`.
    private func bring(_ daemon: RunningDaemon, to state: String) async throws {
        switch state {
        case "expanding":
            try #require(try await daemon.menu("Open") == [.string("expanding")])
        case "expanded":
            try #require(try await daemon.menu("Open") == [.string("expanded")])
        case "collapsing":
            try #require(try await daemon.menu("Open") == [.string("expanded")])
            try #require(try await daemon.menu("Close") == [.string("collapsing")])
        default:
            break
        }
    }

    // MARK: Zero durations

    /// A zero duration still passes through the intermediate state: one Toggle
    /// returns the settled state and announces both changes, each StateChanged
    /// followed by PropertiesChanged carrying that change's new State.
    @Test func zeroDurationsPassThroughTheIntermediateState() async throws {
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_OPEN": "0", "PETAL_TEST_CLOSE": "0"])
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)

        #expect(try await daemon.menu("Toggle") == [.string("expanded")])
        #expect(
            recorder.all.filter(isMenuSignal).map(summary) == [
                "StateChanged expanding from collapsed", "State = expanding",
                "StateChanged expanded from expanding", "State = expanded",
            ])
        #expect(try await daemon.state() == "expanded")

        let mark = recorder.mark
        #expect(try await daemon.menu("Toggle") == [.string("collapsed")])
        #expect(
            recorder.all.dropFirst(mark).filter(isMenuSignal).map(summary) == [
                "StateChanged collapsing from expanded", "State = collapsing",
                "StateChanged collapsed from collapsing", "State = collapsed",
            ])
    }

    /// With animations that take time, the timer's change is announced the same
    /// way: StateChanged, then PropertiesChanged with the new State, once each.
    @Test func timedChangesAreAnnouncedOnceEachInOrder() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)

        #expect(try await daemon.menu("Open") == [.string("expanding")])
        try await recorder.wait(for: "PropertiesChanged") { $0.changedProperties["State"] == .string("expanded") }
        #expect(try await daemon.menu("Close") == [.string("collapsing")])
        try await recorder.wait(for: "PropertiesChanged") { $0.changedProperties["State"] == .string("collapsed") }

        #expect(
            recorder.all.filter(isMenuSignal).map(summary) == [
                "StateChanged expanding from collapsed", "State = expanding",
                "StateChanged expanded from expanding", "State = expanded",
                "StateChanged collapsing from expanded", "State = collapsing",
                "StateChanged collapsed from collapsing", "State = collapsed",
            ])
    }

    /// `StateChanged s from s`, or `State = s` for a PropertiesChanged of State.
    /// Whether `signal` is the Menu interface's: the Menus interface's `ActiveMenu` is tested on its own.
    private func isMenuSignal(_ signal: BusSignal) -> Bool {
        signal.member == "StateChanged" || signal.changedProperties["ActiveMenu"] == nil
    }

    private func summary(_ signal: BusSignal) -> String {
        if signal.member == "StateChanged" { return "StateChanged \(signal.stateChange.joined(separator: " from "))" }
        let changed = signal.changedProperties
        if let state = changed["State"]?.stringValue { return "State = \(state)" }
        return "\(signal.member) \(changed.keys.sorted())"
    }
}
