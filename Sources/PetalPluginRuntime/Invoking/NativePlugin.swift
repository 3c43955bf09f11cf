import Glibc
import Linux
import PetalAPI
import PetalCore
import PetalJSON
import PetalPluginABI
import Synchronization

/// A plugin loaded from a shared library: its C table, its state from
/// `init`, its worker thread, and its crash slot, which marks the thread
/// around every call into it (see ``Quarantine``).
///
/// `invoke` and `cancel` are called on the plugin's worker thread, never on
/// the event loop, so one plugin's slow `invoke` delays only its own
/// invocations; `deinit` comes at stop, once they have all returned.
///
/// Unchecked Sendable: its C state is used on its worker thread alone, its gate is thread-safe.
package final class NativePlugin: @unchecked Sendable {
    package let name: String
    package let version: String
    package let path: String
    package let identity: PluginIdentity
    /// The library's table; nil while its loading is deferred (``NativePlugin+Deferred.swift``).
    var table: UnsafePointer<petal_plugin>!
    private var state: UnsafeMutableRawPointer?
    let slot: CrashSlot
    let log: Logger
    /// What a deferred plugin loads at its first invocation; taken on the worker.
    var deferral: Deferral?
    /// Why a deferred plugin could not be loaded, once that was tried; on the worker.
    var deferredLoadFailure: String?
    /// The actions a deferred plugin declares before its table is read.
    let actionsInAdvance: [(id: String, title: String, icon: String)]?
    private let nextInvocation = Atomic<UInt64>(1)
    /// Orders the calls into the plugin: cancel after invoke, nothing after deinit.
    private let gate = PluginGate()
    /// Where `invoke` and `cancel` run; started by ``startWorker()`` before `init`.
    private var worker: WorkerThread?

    init(table: UnsafePointer<petal_plugin>, file identity: PluginIdentity, slot: CrashSlot, log: Logger) {
        self.table = table
        self.identity = identity
        self.path = identity.path
        self.slot = slot
        self.log = log
        name = String(cString: table.pointee.name)
        version = table.pointee.version.map { String(cString: $0) } ?? ""
        actionsInAdvance = nil
    }

    /// A plugin whose library is loaded, and its `init` called with `host`,
    /// on its worker just before its first invocation: until then it is
    /// known by what its note and `actions` say (``NativePlugin+Deferred.swift``).
    /// Its table then comes from `linked` when given, else from the file's library.
    package init(
        deferring file: PluginFile, linked: LinkedPlugin?, name: String, version: String,
        actions: [(id: String, title: String, icon: String)], host: UnsafePointer<petal_host>, slot: CrashSlot,
        log: Logger
    ) {
        self.identity = file.identity
        self.path = file.path
        self.slot = slot
        self.log = log
        self.name = name
        self.version = version
        actionsInAdvance = actions
        deferral = Deferral(file: file, linked: linked, host: host)
    }

    /// The actions the table declares, in order.
    package var declaredActions: [(id: String, title: String, icon: String)] {
        if let actionsInAdvance { return actionsInAdvance }
        return (0..<table.pointee.action_count).map { index in
            let action = table.pointee.actions[index]
            return (
                action.id.map { String(cString: $0) } ?? "",
                action.title.map { String(cString: $0) } ?? "",
                action.icon.map { String(cString: $0) } ?? ""
            )
        }
    }

    /// Starts the thread the plugin's invocations run on, `petal-<name>` in `top -H`.
    package func startWorker() throws(SystemCallError) {
        worker = try WorkerThread(name: "petal-\(name)")
    }

    /// Runs `work` on the plugin's worker once everything queued there before it has run.
    package func afterQueuedCalls(_ work: @escaping @Sendable () -> Void) {
        worker?.submit(work)
    }

    /// Calls the plugin's `init`; returns nil on success or the reason it gave.
    package func initialize(host: UnsafePointer<petal_host>) -> String? {
        guard let start = table.pointee.`init` else { return nil }
        var failure: UnsafePointer<CChar>?
        let status = slot.inControl { start(host, &state, &failure) }
        guard status != 0 else { return nil }
        return failure.map { String(cString: $0) } ?? "its init returned \(status) without a reason"
    }

    /// Calls the plugin's `deinit`, once, when the daemon stops: after every
    /// `invoke` and `cancel` already inside the plugin has returned, and with
    /// the gate closed so that none is made after it.
    package func finish(log: Logger) {
        // The cancels of a stop are queued on the worker: let them reach the plugin before the gate closes.
        let queued = worker?.drain(within: .seconds(5)) ?? true
        let drained = gate.close(within: .seconds(5)) && queued
        defer { worker?.stop() }
        guard let deinitialize = table?.pointee.deinit else { return }
        guard drained else {
            return log.warning(
                "plugin \(name): its deinit is not called, since a call into it has not returned within 5 s")
        }
        slot.inControl { deinitialize(state) }
    }

    /// Starts `action` on the worker thread; `finish` gets its single outcome, from any thread.
    ///
    /// The plugin's `cancel(id)` comes only after its `invoke(id)` has
    /// returned: a cancellation that arrives sooner waits for it, and one that
    /// arrives before `invoke` is called means `invoke` is not called at all.
    package func start(
        _ action: String, params: ActionParams, finish: @escaping @Sendable (ActionOutcome) -> Void
    ) -> ActionCancellation {
        let id = nextInvocation.add(1, ordering: .relaxed).oldValue
        let completion = InvocationCompletion(
            plugin: name, action: action, log: log, gate: gate, id: id, finish: finish)
        gate.begin(id)
        let token = PendingCompletions.register(completion)
        let submitted =
            worker?.submit { [self] in
                let refusal = gate.invoke(
                    id,
                    {
                        if let failure = loadIfDeferred() {
                            gate.end(id)
                            PendingCompletions.take(token.context)?.fail(failure)
                            return
                        }
                        slot.inControl {
                            // withCString reads a native string in place; passing the String copies it.
                            action.withCString { actionText in
                                params.text.withCString { paramsText in
                                    table.pointee.invoke(
                                        state, id, actionText, paramsText,
                                        { context, result, errorName, message in
                                            PendingCompletions.take(context)?.complete(
                                                result: result, errorName: errorName, message: message)
                                        }, token.context)
                                }
                            }
                        }
                    }, cancel: { slot.inControl { table?.pointee.cancel?(state, id) } })
                if let refusal, let completion = PendingCompletions.take(token.context) { completion.fail(refusal) }
            } ?? false
        if !submitted, let completion = PendingCompletions.take(token.context) {
            gate.end(id)
            completion.fail(.failed("plugin \(name) is stopping and takes no new invocations"))
        }
        return ActionCancellation { [self] in
            if gate.cancel(id) { worker?.submit { [self] in sendCancel(id) } }
            gate.end(id)
        }
    }

    private func sendCancel(_ id: UInt64) {
        guard let cancel = table?.pointee.cancel else { return }
        gate.call { slot.inControl { cancel(state, id) } }
    }
}

/// The invocations plugins have not completed yet. A plugin gets a token as
/// its `completion_context`, not a pointer to an object: a plugin that
/// completes twice then finds nothing to complete (and the extra call is
/// logged) instead of an object that the first completion released.
private enum PendingCompletions {
    private struct State {
        var next: UInt = 1
        var pending: [UInt: InvocationCompletion] = [:]
        /// The last few completed tokens, to name the plugin in the log when one completes again.
        var recent: [UInt: (description: String, log: Logger)] = [:]
        var recentOrder: [UInt] = []
    }

    private static let state = Mutex(State())
    private static let recentLimit = 256

    /// The number a plugin gets as its `completion_context`.
    struct Token: Sendable {
        let raw: UInt
        var context: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: raw)! }
    }

    /// Lists `completion` until its first completion; returns the token whose context the plugin gets.
    static func register(_ completion: InvocationCompletion) -> Token {
        state.withLock { state in
            let token = state.next
            state.next += 1
            state.pending[token] = completion
            return Token(raw: token)
        }
    }

    /// The completion for `context` the first time; nil (logging it) afterwards.
    static func take(_ context: UnsafeMutableRawPointer?) -> InvocationCompletion? {
        let token = UInt(bitPattern: context)
        let (completion, again) = state.withLock {
            state -> (InvocationCompletion?, (description: String, log: Logger)?) in
            guard let completion = state.pending.removeValue(forKey: token) else { return (nil, state.recent[token]) }
            state.recent[token] = (completion.description, completion.log)
            state.recentOrder.append(token)
            if state.recentOrder.count > recentLimit {
                state.recent.removeValue(forKey: state.recentOrder.removeFirst())
            }
            return (completion, nil)
        }
        if completion == nil {
            let what = again.map(\.description) ?? "an invocation"
            (again?.log ?? Logger()).warning(
                "\(what) was completed more than once; the extra completion is ignored (the plugin must complete each invocation exactly once)"
            )
        }
        return completion
    }
}

/// One invocation's completion: passes its outcome on exactly once. Late or
/// second completions are dropped.
private final class InvocationCompletion: Sendable {
    private let plugin: String
    private let action: String
    let log: Logger
    private let gate: PluginGate
    private let id: UInt64
    private let finish: @Sendable (ActionOutcome) -> Void

    init(
        plugin: String, action: String, log: Logger, gate: PluginGate, id: UInt64,
        finish: @escaping @Sendable (ActionOutcome) -> Void
    ) {
        self.plugin = plugin
        self.action = action
        self.log = log
        self.gate = gate
        self.id = id
        self.finish = finish
    }

    /// `plugin twice, action twice.go`, for the log.
    var description: String { "plugin \(plugin), action \(action)" }

    /// The plugin's one completion, converted here on the plugin's thread.
    func complete(result: UnsafePointer<CChar>?, errorName: UnsafePointer<CChar>?, message: UnsafePointer<CChar>?) {
        gate.end(id)
        finish(outcome(result: result, errorName: errorName, message: message))
    }

    private func outcome(
        result: UnsafePointer<CChar>?, errorName: UnsafePointer<CChar>?, message: UnsafePointer<CChar>?
    ) -> ActionOutcome {
        if let errorName {
            let name = PetalBus.ErrorName(rawValue: String(cString: errorName)) ?? .actionFailed
            let text = message.map { String(cString: $0) } ?? ""
            return .failure(ActionError(name == .invalidParams ? .invalidParams : .actionFailed, text))
        }
        // Measured from the text's length: a huge result is refused without being parsed.
        let limit = ActionParams.maximumJSONBytes
        if let result, strnlen(result, limit + 1) > limit {
            return .failure(
                .failed(
                    "plugin \(plugin) returned a result for \(action) of more than \(limit) bytes as JSON; the limit is \(limit) bytes"
                ))
        }
        let text = result.map { String(cString: $0) } ?? "{}"
        guard case .object(let object)? = try? JSONValue.parse(text) else {
            return .failure(
                .failed(
                    "plugin \(plugin) returned a result for \(action) that is not a JSON object: \(text.prefix(120))"))
        }
        return .success(object)
    }

    /// Ends the invocation without the plugin, which was never invoked.
    func fail(_ error: ActionError) {
        finish(.failure(error))
    }
}
