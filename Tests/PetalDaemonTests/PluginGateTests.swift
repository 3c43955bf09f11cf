import Glibc
import Synchronization
import Testing

@testable import PetalDaemon
@testable import PetalPluginRuntime

/// The order of calls into a plugin, whatever thread each comes from.
@Suite struct PluginGateTests {
    private final class Calls: Sendable {
        private let lines = Mutex<[String]>([])
        func note(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func aCancellationBeforeInvokeMeansNoInvoke() {
        let gate = PluginGate()
        let calls = Calls()
        gate.begin(1)
        #expect(gate.cancel(1) == false, "nothing to cancel in the plugin yet")
        let refusal = gate.invoke(1, { calls.note("invoke") }, cancel: { calls.note("cancel") })
        #expect(refusal?.message.contains("cancelled before it started") == true)
        #expect(calls.all.isEmpty)
    }

    @Test func aCancellationDuringInvokeIsSentWhenItReturns() {
        let gate = PluginGate()
        let calls = Calls()
        gate.begin(2)
        let refusal = gate.invoke(
            2,
            {
                calls.note("invoke")
                #expect(gate.cancel(2) == false, "held until invoke returns")
                calls.note("invoke returns")
            }, cancel: { calls.note("cancel") })
        #expect(refusal == nil)
        #expect(calls.all == ["invoke", "invoke returns", "cancel"])
    }

    @Test func aCancellationAfterInvokeGoesStraightIn() {
        let gate = PluginGate()
        gate.begin(3)
        #expect(gate.invoke(3, {}, cancel: {}) == nil)
        #expect(gate.cancel(3) == true)
        gate.end(3)
        #expect(gate.cancel(3) == false, "a finished invocation has nothing to cancel")
    }

    @Test func anOutcomeThatArrivesInsideInvokeLeavesNothingTracked() {
        // Every plugin that completes at once does this: its completion ends
        // the invocation before invoke has returned.
        let gate = PluginGate()
        gate.begin(6)
        #expect(gate.invoke(6, { gate.end(6) }, cancel: {}) == nil)
        #expect(gate.trackedCount == 0, "the entry is forgotten once both are done, whichever is last")
        gate.begin(7)
        #expect(gate.invoke(7, {}, cancel: {}) == nil)
        gate.end(7)
        #expect(gate.trackedCount == 0)
    }

    @Test func aCancellationBeforeInvokeIsForgottenOnceTheWorkerSeesIt() {
        let gate = PluginGate()
        gate.begin(8)
        #expect(gate.cancel(8) == false)
        gate.end(8)
        #expect(gate.trackedCount == 1, "the worker has not seen it yet: invoke must still be refused")
        #expect(gate.invoke(8, {}, cancel: {}) != nil)
        #expect(gate.trackedCount == 0)
    }

    @Test func closingWaitsForCallsInsideAndThenLetsNothingIn() async {
        let gate = PluginGate()
        let calls = Calls()
        gate.begin(4)
        let inside = Task.detached {
            _ = gate.invoke(
                4,
                {
                    calls.note("invoke")
                    usleep(200_000)
                    calls.note("invoked")
                }, cancel: {})
        }
        while calls.all.isEmpty { await Task.yield() }
        #expect(gate.close(within: .seconds(5)))
        calls.note("closed")
        await inside.value
        gate.begin(5)
        #expect(gate.invoke(5, { calls.note("late invoke") }, cancel: {}) != nil)
        #expect(gate.cancel(4) == false)
        gate.call { calls.note("late cancel") }
        #expect(calls.all == ["invoke", "invoked", "closed"])
    }
}
