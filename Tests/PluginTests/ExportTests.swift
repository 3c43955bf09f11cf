import Foundation
import PetalPluginABI
import Synchronization
import Testing

@testable import PetalPlugin

/// A plugin this test process exports: it refuses to load when its settings say so, and
/// its actions say which thread they ran on, fail, or wait to be cancelled.
/// Only `import PetalPlugin` is needed for `JSONObject`.
private struct ProbePlugin: SynchronousPlugin {
    static let name = "probe"
    static let version = "1.0.0"
    static let actions = [
        PluginAction("probe.thread", title: "Which thread"),
        PluginAction("probe.fail", title: "Fail"),
        PluginAction("probe.wait", title: "Wait to be cancelled"),
    ]
    /// The invocations `probe.wait` is running, so that a test cancels one that runs.
    static let waiting = Mutex<Set<UInt64>>([])

    init(host: PluginHost) throws {
        if let reason = host.settings["refuse"]?.stringValue { throw PluginError.failed(reason) }
    }

    func perform(_ action: String, params: Parameters, invocation: Invocation) throws -> JSONObject {
        switch action {
        case "probe.thread":
            return [
                "thread": .int(Int64(bitPattern: UInt64(pthread_self()))), "invocation": .int(Int64(invocation.id)),
            ]
        case "probe.fail":
            if try params.bool("invalid") == true {
                throw PluginError.invalidParams(#"the parameter "invalid" is true"#)
            }
            throw ProbeFailure()
        default:
            Self.waiting.withLock { _ = $0.insert(invocation.id) }
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(5)
            while !invocation.isCancelled && clock.now < deadline { usleep(1000) }
            try invocation.checkCancellation()
            return ["cancelled": false]
        }
    }
}

/// A second plugin type this process exports, as petald exports each of its own.
private struct EchoPlugin: SynchronousPlugin {
    static let name = "echo"
    static let version = "2.0.0"
    static let actions = [PluginAction("echo.say", title: "Say")]

    init(host: PluginHost) throws {}

    func perform(_ action: String, params: Parameters, invocation: Invocation) throws -> JSONObject {
        ["said": .string(try params.string("text") ?? "")]
    }
}

private struct ProbeFailure: Error, CustomStringConvertible {
    var description: String { "the probe failed on purpose" }
}

/// What the completion function was called with, for one invocation.
private final class Completions: Sendable {
    struct Call: Equatable {
        var result: String?
        var errorName: String?
        var message: String?
    }

    let calls = Mutex<[Call]>([])

    /// The `petal_complete_fn` that records into the `Completions` its context points at.
    static let complete: petal_complete_fn = { context, result, errorName, message in
        func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        Unmanaged<Completions>.fromOpaque(context!).takeUnretainedValue().calls.withLock {
            $0.append(Call(result: text(result), errorName: text(errorName), message: text(message)))
        }
    }

    /// Waits up to `limit` for the first call.
    func first(within limit: Duration = .seconds(10)) -> Call? {
        let deadline = ContinuousClock.now + limit
        while calls.withLock({ $0.isEmpty }) && ContinuousClock.now < deadline { usleep(1000) }
        return calls.withLock { $0.first }
    }
}

/// The C table `export` builds, called as petald calls it: `init`, then
/// `invoke` on a thread of the caller's, and `cancel`. One at a time: a
/// waiting `probe.wait` holds the thread it runs on, which for the awaited
/// one is a cooperative thread, of which this machine may have two.
@Suite(.serialized) struct ExportTests {
    /// Built once, at the first call: `export` keeps its table.
    static var table: UnsafeMutablePointer<petal_plugin> {
        UnsafeMutableRawPointer(mutating: export(ProbePlugin.self)).assumingMemoryBound(to: petal_plugin.self)
    }

    /// The state the last successful `init` returned, which `invoke` and `cancel` are given (its bit pattern).
    private static let state = Mutex<UInt>(0)

    /// The state `init` returned, as the daemon passes it back.
    static var initializedState: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: state.withLock { $0 }) }

    /// Calls the probe table's `init` with a host table whose settings are `settings`; returns its status and reason.
    static func start(settings: String = "{}") -> (status: Int32, reason: String?) {
        let (status, state, reason) = initialize(table, settings: settings)
        if status == 0 { Self.state.withLock { $0 = UInt(bitPattern: state) } }
        return (status, reason)
    }

    /// Calls `table`'s `init` as petald does, with a host table whose settings
    /// are `settings`; returns its status, the state it returned, and its reason.
    static func initialize(_ table: UnsafeMutablePointer<petal_plugin>, settings: String = "{}") -> (
        status: Int32, state: UnsafeMutableRawPointer?, reason: String?
    ) {
        let host = UnsafeMutablePointer<petal_host>.allocate(capacity: 1)  // kept: the plugin may keep it
        host.initialize(to: petal_host())
        host.pointee.struct_size = UInt32(MemoryLayout<petal_host>.size)
        host.pointee.settings_json = UnsafePointer(strdup(settings))
        var state: UnsafeMutableRawPointer?
        var failure: UnsafePointer<CChar>?
        let status = table.pointee.`init`!(host, &state, &failure)
        return (status, state, failure.map { String(cString: $0) })
    }

    /// Calls `invoke` for invocation `id` on the calling thread; the completion is recorded in `into`.
    fileprivate static func invoke(
        _ id: UInt64, _ action: String, _ params: String = "{}", into completions: Completions
    ) {
        table.pointee.invoke(
            initializedState, id, action, params, Completions.complete, Unmanaged.passUnretained(completions).toOpaque()
        )
    }

    /// petald shows "its init failed: REASON": the reason alone, with no error name in front.
    @Test func anInitErrorReachesTheDaemonAsItsReasonAlone() {
        let (status, reason) = Self.start(
            settings: #"{"refuse": "no frobnicator is configured; set plugins.settings.probe.frobnicator"}"#)
        #expect(status != 0)
        #expect(reason == "no frobnicator is configured; set plugins.settings.probe.frobnicator")
    }

    /// No task and no hop: the result is the completion, made on the thread
    /// that called `invoke` (petald's worker for the plugin) before it returns.
    @Test func aSynchronousPerformCompletesOnTheInvokingThreadBeforeInvokeReturns() throws {
        #expect(Self.start().status == 0)
        let completions = Completions()
        let thread = Int64(bitPattern: UInt64(pthread_self()))
        Self.invoke(101, "probe.thread", into: completions)
        let calls = completions.calls.withLock { $0 }
        try #require(calls.count == 1, "completed \(calls.count) times by the time invoke returned")
        let result = try JSONValue.parse(try #require(calls[0].result))
        #expect(result["thread"] == .int(thread), "ran on another thread: \(result)")
        #expect(result["invocation"] == .int(101))
        #expect(calls[0].errorName == nil)
    }

    @Test func errorsCompleteOnceWithTheirNames() {
        #expect(Self.start().status == 0)
        let cases: [(action: String, params: String, name: String, message: String)] = [
            ("probe.fail", #"{"invalid": true}"#, "InvalidParams", #"the parameter "invalid" is true"#),
            ("probe.fail", "{}", "ActionFailed", "the probe failed on purpose"),
            (
                "probe.fail", #"{"invalid": "yes"}"#, "InvalidParams",
                #"the parameter "invalid" must be a boolean, not string "yes""#
            ),
            ("probe.thread", "[1]", "InvalidParams", "the parameters are not a JSON object: [1]"),
        ]
        for (index, item) in cases.enumerated() {
            let completions = Completions()
            Self.invoke(200 + UInt64(index), item.action, item.params, into: completions)
            #expect(
                completions.calls.withLock { $0 } == [.init(result: nil, errorName: item.name, message: item.message)],
                "\(item.action) \(item.params)")
        }
    }

    /// The ABI lets a host call `cancel` from another thread while `invoke`
    /// runs; the SDK then sets the invocation's flag, which a synchronous
    /// perform checks. (petald itself cancels after `invoke` has returned.)
    @Test func aCancelFromAnotherThreadReachesARunningSynchronousPerform() throws {
        #expect(Self.start().status == 0)
        let completions = Completions()
        let started = ContinuousClock.now
        let invoking = Thread { Self.invoke(301, "probe.wait", into: completions) }
        invoking.start()
        while !ProbePlugin.waiting.withLock({ $0.contains(301) }) && ContinuousClock.now - started < .seconds(5) {
            usleep(1000)
        }
        Self.table.pointee.cancel!(Self.initializedState, 301)
        let call = try #require(completions.first())
        #expect(
            ContinuousClock.now - started < .seconds(4), "perform did not see its cancellation; it waited out its 5 s")
        #expect(call == .init(result: nil, errorName: "ActionFailed", message: "the action was cancelled"))
        usleep(50_000)
        #expect(completions.calls.withLock { $0.count } == 1)
        // A cancel for an invocation that has ended, or was never made, is ignored.
        Self.table.pointee.cancel!(Self.initializedState, 301)
        Self.table.pointee.cancel!(Self.initializedState, 999_999)
    }

    /// Awaited (as a test of a plugin would), a synchronous plugin's perform
    /// sees its task's cancellation through the invocation's flag.
    @Test func anAwaitedSynchronousPluginSeesItsTaskCancelled() async throws {
        let host = UnsafeMutablePointer<petal_host>.allocate(capacity: 1)
        host.initialize(to: petal_host())
        host.pointee.struct_size = UInt32(MemoryLayout<petal_host>.size)
        let plugin = try ProbePlugin(host: PluginHost(host))
        let started = ContinuousClock.now
        let task = Task.detached { try await plugin.perform("probe.wait", params: Parameters([:])) }
        // Cancelled from a Dispatch thread, not from this task: the perform
        // blocks a cooperative thread, and the suite may hold the others.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { task.cancel() }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(ContinuousClock.now - started < .seconds(4))
    }

    /// A program may export several plugin types (petald links Petal's own):
    /// each gets a table of its own, the same one at every export, and each
    /// table's `invoke` reaches its own plugin through the state its `init` returned.
    @Test func eachTypeExportedHasItsOwnTable() throws {
        #expect(Self.start().status == 0)
        let echo = UnsafeMutableRawPointer(mutating: export(EchoPlugin.self)).assumingMemoryBound(to: petal_plugin.self)
        #expect(UnsafeRawPointer(echo) == export(EchoPlugin.self))
        #expect(echo != Self.table)
        #expect(String(cString: echo.pointee.name) == "echo" && String(cString: Self.table.pointee.name) == "probe")
        let (status, state, _) = Self.initialize(echo)
        #expect(status == 0)
        #expect(state != nil && state != Self.initializedState)

        let said = Completions()
        echo.pointee.invoke(
            state, 1, "echo.say", #"{"text": "hi"}"#, Completions.complete, Unmanaged.passUnretained(said).toOpaque())
        #expect(said.calls.withLock { $0 } == [.init(result: #"{"said":"hi"}"#)])
        let probed = Completions()
        Self.invoke(2, "probe.fail", into: probed)
        #expect(probed.calls.withLock { $0.first?.message } == "the probe failed on purpose")

        // Without the state of a successful init, there is no plugin to run.
        let uninitialised = Completions()
        echo.pointee.invoke(
            nil, 3, "echo.say", "{}", Completions.complete, Unmanaged.passUnretained(uninitialised).toOpaque())
        #expect(
            uninitialised.calls.withLock { $0 }
                == [.init(result: nil, errorName: "ActionFailed", message: "the plugin was not initialised")])
    }
}
