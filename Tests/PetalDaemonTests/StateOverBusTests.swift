import DBus
import Testing
import TestSupport

/// SPEC §1 through the bus: every call of the table, the signals each change
/// emits, in order, and the replies.
@Suite struct StateOverBusTests {
    @Test func toggleWalksTheWholeCycleAndAnnouncesEachChange() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let changes = try await daemon.client.signals(MatchRule(
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
}
