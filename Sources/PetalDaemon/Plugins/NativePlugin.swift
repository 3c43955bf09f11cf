import Glibc
import PetalCore
import PetalJSON
import PetalPluginABI
import Synchronization

/// A plugin loaded from a shared library: its C table, its state from
/// `init`, and the quarantine that watches it while its code runs.
final class NativePlugin: @unchecked Sendable {
    let name: String
    let version: String
    let path: String
    let identity: PluginIdentity
    private let table: UnsafePointer<petal_plugin>
    private var state: UnsafeMutableRawPointer?
    private let quarantine: Quarantine
    private let nextInvocation = Atomic<UInt64>(1)
    /// Orders the calls into the plugin: cancel after invoke, nothing after deinit.
    private let gate = PluginGate()

    init(table: UnsafePointer<petal_plugin>, file identity: PluginIdentity, quarantine: Quarantine) {
        self.table = table
        self.identity = identity
        self.path = identity.path
        self.quarantine = quarantine
        name = String(cString: table.pointee.name)
        version = table.pointee.version.map { String(cString: $0) } ?? ""
    }

    /// The actions the table declares, in order.
    var declaredActions: [(id: String, title: String, icon: String)] {
        (0..<table.pointee.action_count).map { index in
            let action = table.pointee.actions[index]
            return (action.id.map { String(cString: $0) } ?? "",
                    action.title.map { String(cString: $0) } ?? "",
                    action.icon.map { String(cString: $0) } ?? "")
        }
    }

    /// Calls the plugin's `init`; returns nil on success or the reason it gave.
    func initialize(host: UnsafePointer<petal_host>) -> String? {
        guard let start = table.pointee.`init` else { return nil }
        var failure: UnsafePointer<CChar>?
        let status = quarantine.whileRunning(identity) { start(host, &state, &failure) }
        guard status != 0 else { return nil }
        return failure.map { String(cString: $0) } ?? "its init returned \(status) without a reason"
    }

    /// Calls the plugin's `deinit`, once, when the daemon stops: after every
    /// `invoke` and `cancel` already inside the plugin has returned, and with
    /// the gate closed so that none is made after it.
    func finish(log: Logger) {
        let drained = gate.close(within: .seconds(5))
        guard let deinitialize = table.pointee.deinit else { return }
        guard drained else {
            return log.warning("plugin \(name): its deinit is not called, since a call into it has not returned within 5 s")
        }
        quarantine.whileRunning(identity) { deinitialize(state) }
    }

    /// The daemon-side actions that invoke this plugin.
    func actions() -> [any Action] {
        declaredActions.map { NativeAction(plugin: self, id: $0.id, title: $0.title, icon: $0.icon) }
    }

    /// Invokes `action` and waits for its single completion; cancelling the task cancels the invocation.
    ///
    /// The plugin's `cancel(id)` comes only after its `invoke(id)` has
    /// returned: a cancellation that arrives sooner waits for it, and one that
    /// arrives before `invoke` is called means `invoke` is not called at all.
    func invoke(_ action: String, params: JSONObject) async throws -> JSONObject {
        let id = nextInvocation.add(1, ordering: .relaxed).oldValue
        let completion = InvocationCompletion(plugin: name, action: action, quarantine: quarantine, identity: identity)
        gate.begin(id)
        defer { gate.end(id) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                completion.start(continuation)
                let context = PendingCompletions.register(completion)
                let text = JSONValue.object(params).jsonText
                let refusal = gate.invoke(id, {
                    quarantine.enter(identity)
                    table.pointee.invoke(state, id, action, text, { context, result, errorName, message in
                        PendingCompletions.take(context)?.complete(result: result, errorName: errorName, message: message)
                    }, context)
                }, cancel: { table.pointee.cancel?(state, id) })
                if let refusal {
                    _ = PendingCompletions.take(context)
                    completion.fail(refusal)
                }
            }
        } onCancel: {
            completion.cancel()
            if gate.cancel(id) { sendCancel(id) }
        }
    }

    private func sendCancel(_ id: UInt64) {
        guard let cancel = table.pointee.cancel else { return }
        gate.call { cancel(state, id) }
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

    /// Lists `completion` until its first completion; returns the context to pass to the plugin.
    static func register(_ completion: InvocationCompletion) -> UnsafeMutableRawPointer {
        state.withLock { state in
            let token = state.next
            state.next += 1
            state.pending[token] = completion
            return UnsafeMutableRawPointer(bitPattern: token)!
        }
    }

    /// The completion for `context` the first time; nil (logging it) afterwards.
    static func take(_ context: UnsafeMutableRawPointer?) -> InvocationCompletion? {
        let token = UInt(bitPattern: context)
        let (completion, again) = state.withLock { state -> (InvocationCompletion?, (description: String, log: Logger)?) in
            guard let completion = state.pending.removeValue(forKey: token) else { return (nil, state.recent[token]) }
            state.recent[token] = (completion.description, completion.log)
            state.recentOrder.append(token)
            if state.recentOrder.count > recentLimit { state.recent.removeValue(forKey: state.recentOrder.removeFirst()) }
            return (completion, nil)
        }
        if completion == nil {
            let what = again.map(\.description) ?? "an invocation"
            (again?.log ?? Logger()).warning(
                "\(what) was completed more than once; the extra completion is ignored (the plugin must complete each invocation exactly once)")
        }
        return completion
    }
}

/// One invocation's completion: resumes its task exactly once, and leaves the
/// quarantine's record when the plugin is done. Late or second completions are dropped.
private final class InvocationCompletion: @unchecked Sendable {
    private let plugin: String
    private let action: String
    private let quarantine: Quarantine
    private let identity: PluginIdentity
    private let continuation = Mutex<CheckedContinuation<JSONObject, any Error>?>(nil)
    private let finished = Atomic<Bool>(false)

    init(plugin: String, action: String, quarantine: Quarantine, identity: PluginIdentity) {
        self.plugin = plugin
        self.action = action
        self.quarantine = quarantine
        self.identity = identity
    }

    /// `plugin twice, action twice.go`, for the log.
    var description: String { "plugin \(plugin), action \(action)" }
    var log: Logger { quarantine.log }

    func start(_ continuation: CheckedContinuation<JSONObject, any Error>) {
        self.continuation.withLock { $0 = continuation }
    }

    func complete(result: UnsafePointer<CChar>?, errorName: UnsafePointer<CChar>?, message: UnsafePointer<CChar>?) {
        if !finished.exchange(true, ordering: .acquiringAndReleasing) { quarantine.leave(identity) }
        guard let continuation = continuation.withLock({ $0.take() }) else {
            quarantine.log.debug("plugin \(plugin) completed \(action) after it had already finished; dropped")
            return
        }
        if let errorName {
            let name = PetalError.Name(rawValue: String(cString: errorName)) ?? .actionFailed
            let text = message.map { String(cString: $0) } ?? ""
            continuation.resume(throwing: ActionError(name == .invalidParams ? .invalidParams : .actionFailed, text))
            return
        }
        // Measured here, on the plugin's thread, from the text's length: a huge result
        // is refused without being parsed, let alone re-serialised on the loop.
        let limit = ParamsCoding.maximumJSONBytes
        if let result, strnlen(result, limit + 1) > limit {
            continuation.resume(throwing: ActionError.failed(
                "plugin \(plugin) returned a result for \(action) of more than \(limit) bytes as JSON; the limit is \(limit) bytes"))
            return
        }
        let text = result.map { String(cString: $0) } ?? "{}"
        guard case .object(let object)? = try? JSONValue.parse(text) else {
            continuation.resume(throwing: ActionError.failed(
                "plugin \(plugin) returned a result for \(action) that is not a JSON object: \(text.prefix(120))"))
            return
        }
        continuation.resume(returning: object)
    }

    func cancel() {
        continuation.withLock { $0.take() }?.resume(throwing: CancellationError())
    }

    /// Ends the invocation without the plugin, which was never invoked.
    func fail(_ error: ActionError) {
        continuation.withLock { $0.take() }?.resume(throwing: error)
    }
}

/// An action served by a native plugin.
struct NativeAction: Action {
    let plugin: NativePlugin
    let id: String
    let title: String
    let icon: String

    func perform(_ params: JSONObject) async throws -> JSONObject {
        try await plugin.invoke(id, params: params)
    }
}
