import Glibc
import PetalJSON
import PetalPluginABI
import Synchronization

/// Builds the C table for plugin type `P`, a ``SynchronousPlugin`` or an
/// async ``Plugin``; return it from the entry point:
///
/// ```swift
/// @_cdecl("petal_plugin_entry_v1")
/// public func petalPluginEntry() -> UnsafeRawPointer { export(HelloPlugin.self) }
/// ```
///
/// The table is built once per type and lives for the rest of the process.
/// Its `invoke` runs a ``SynchronousPlugin``'s `perform(_:params:invocation:)`
/// to its end on the calling thread, and a ``Plugin``'s async `perform` in a
/// task that starts there (docs/plugins.md#synchronous-or-async).
///
/// A library exports one plugin; a program may link up to eight plugins
/// and export each (petald links Petal's own plugins so). Each table finds
/// its plugin through the state its `init` returns.
public func export<P: Plugin>(_ type: P.Type) -> UnsafeRawPointer {
    Exported.all.withLock { all in
        if let made = all.first(where: { $0.type == ObjectIdentifier(P.self) }) { return UnsafeRawPointer(made.table) }
        precondition(
            all.count < Exported.initializers.count,
            "export(\(P.self)): a program may export at most \(Exported.initializers.count) plugins")
        let made = Exported(P.self, initialize: Exported.initializers[all.count])
        all.append(made)
        return UnsafeRawPointer(made.table)
    }
}

/// The plugin an exported library made in `init`, in the form it was written.
private enum Performer: Sendable {
    /// A ``SynchronousPlugin``: `perform` runs inside `invoke`, on its thread.
    case synchronous(any SynchronousPlugin)
    /// A ``Plugin``: `perform` runs in a task that starts inside `invoke`, on its thread.
    case asynchronous(any Plugin)
}

/// One plugin type this program exports, its C table, and its running invocations.
///
/// Unchecked Sendable: its table is written once before the daemon sees it; the rest is behind Mutexes.
final class Exported: @unchecked Sendable {
    /// Every type exported, in the order of their first export; never shrinks.
    static let all = Mutex<[Exported]>([])

    let type: ObjectIdentifier
    let table: UnsafeMutablePointer<petal_plugin>
    private let make: (PluginHost) throws -> Performer
    private let performer = Mutex<Performer?>(nil)
    private let running = RunningInvocations()

    fileprivate init<P: Plugin>(_ type: P.Type, initialize: Initializer) {
        self.type = ObjectIdentifier(P.self)
        // Decided once, here, rather than by a cast at each invocation.
        if let synchronous = P.self as? any SynchronousPlugin.Type {
            make = { .synchronous(try synchronous.init(host: $0)) }
        } else {
            make = { .asynchronous(try P(host: $0)) }
        }
        let actions = UnsafeMutablePointer<petal_action>.allocate(capacity: max(P.actions.count, 1))
        for (index, action) in P.actions.enumerated() {
            actions[index] = petal_action(
                id: UnsafePointer(strdup(action.id)), title: UnsafePointer(strdup(action.title)),
                icon: UnsafePointer(strdup(action.icon)))
        }
        table = .allocate(capacity: 1)
        table.initialize(
            to: petal_plugin(
                struct_size: UInt32(MemoryLayout<petal_plugin>.size),
                abi_major: UInt16(PETAL_PLUGIN_ABI_MAJOR), abi_minor: UInt16(PETAL_PLUGIN_ABI_MINOR),
                name: UnsafePointer(strdup(P.name)), version: UnsafePointer(strdup(P.version)),
                actions: UnsafePointer(actions), action_count: P.actions.count,
                init: initialize,
                invoke: { state, id, action, params, complete, context in
                    guard let state else {
                        let finish = Completion(complete: complete!, context: context)
                        return finish(.failure(.failed("the plugin was not initialised")))
                    }
                    Exported.of(state).invoke(
                        id, action: String(cString: action!), params: params, complete: complete!, context: context)
                },
                cancel: { state, id in state.map { Exported.of($0).running.cancel(id) } },
                deinit: nil))
    }

    /// The exported plugin whose `init` returned `state`.
    static func of(_ state: UnsafeMutableRawPointer) -> Exported {
        Unmanaged<Exported>.fromOpaque(state).takeUnretainedValue()
    }

    /// The `init` of the exported type at `index` of ``all``.
    private static func start(
        _ index: Int, _ host: UnsafePointer<petal_host>?, _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
        _ failure: UnsafeMutablePointer<UnsafePointer<CChar>?>?
    ) -> Int32 {
        let exported = all.withLock { $0[index] }
        let status = exported.start(host!, failure: failure)
        if status == 0 { state?.pointee = Unmanaged.passUnretained(exported).toOpaque() }
        return status
    }

    typealias Initializer =
        @convention(c) (
            UnsafePointer<petal_host>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
            UnsafeMutablePointer<UnsafePointer<CChar>?>?
        ) -> Int32

    /// One C `init` per exported type: a C function cannot capture which
    /// type it starts, and `init` is the one call that has no state to say it.
    static let initializers: [Initializer] = [
        { start(0, $0, $1, $2) }, { start(1, $0, $1, $2) }, { start(2, $0, $1, $2) }, { start(3, $0, $1, $2) },
        { start(4, $0, $1, $2) }, { start(5, $0, $1, $2) }, { start(6, $0, $1, $2) }, { start(7, $0, $1, $2) },
    ]

    private func start(_ host: UnsafePointer<petal_host>, failure: UnsafeMutablePointer<UnsafePointer<CChar>?>?)
        -> Int32
    {
        do {
            let made = try make(PluginHost(host))
            performer.withLock { $0 = made }
            return 0
        } catch {
            // The reason alone: the daemon says "its init failed: …" around it, and an error name would be noise.
            let reason = (error as? PluginError)?.message ?? "\(error)"
            failure?.pointee = UnsafePointer(strdup(reason))  // kept: the daemon reads it after we return
            return 1
        }
    }

    /// Runs one invocation on the calling thread, the plugin's worker: a
    /// synchronous `perform` to its end, an async one until it first suspends.
    /// Either way the completion is made once, when `perform` has returned or thrown.
    private func invoke(
        _ id: UInt64, action: String, params: UnsafePointer<CChar>?,
        complete: petal_complete_fn, context: UnsafeMutableRawPointer?
    ) {
        let finish = Completion(complete: complete, context: context)
        guard let performer = performer.withLock({ $0 }) else {
            return finish(.failure(.failed("the plugin was not initialised")))
        }
        let text = params.map { String(cString: $0) } ?? "{}"
        guard case .object(let object)? = try? JSONValue.parse(text) else {
            return finish(.failure(.invalidParams("the parameters are not a JSON object: \(text.prefix(200))")))
        }
        let params = Parameters(object)
        let invocation = running.begin(id)
        switch performer {
        case .synchronous(let plugin):
            let outcome: Result<JSONObject, PluginError>
            do {
                outcome = .success(try plugin.perform(action, params: params, invocation: invocation))
            } catch {
                outcome = .failure(PluginError(thrown: error))
            }
            running.end(id)
            finish(outcome)
        case .asynchronous(let plugin):
            let run: @Sendable () async -> Void = { [running] in
                let outcome: Result<JSONObject, PluginError>
                do {
                    outcome = .success(try await plugin.perform(action, params: params))
                } catch {
                    outcome = .failure(PluginError(thrown: error))
                }
                running.end(id)
                finish(outcome)
            }
            #if compiler(>=6.2)
                // Runs the task here, on the worker, up to its first suspension: a
                // perform that never suspends is done before this returns.
                invocation.attach(Task.immediate(operation: run))
            #else
                invocation.attach(Task.detached(operation: run))
            #endif
        }
    }
}

/// The daemon's completion callback for one invocation.
///
/// Unchecked Sendable: the daemon's completion may be called from any thread, once.
private struct Completion: @unchecked Sendable {
    let complete: petal_complete_fn
    let context: UnsafeMutableRawPointer?

    func callAsFunction(_ outcome: Result<JSONObject, PluginError>) {
        switch outcome {
        case .success(let result):
            complete(context, JSONValue.object(result).jsonText, nil, nil)
        case .failure(let error):
            complete(context, nil, error.name, error.message)
        }
    }
}
