import Glibc
import PetalJSON
import PetalPluginABI
import Synchronization

/// Builds the C table for plugin type `P`; return it from the entry point:
///
/// ```swift
/// @_cdecl("petal_plugin_entry_v1")
/// public func petalPluginEntry() -> UnsafeRawPointer { export(HelloPlugin.self) }
/// ```
///
/// The table is built once and lives for the rest of the process.
public func export<P: Plugin>(_ type: P.Type) -> UnsafeRawPointer {
    Exported.shared.withLock { exported in
        if let exported { return UnsafeRawPointer(exported.table) }
        let made = Exported(P.self)
        exported = made
        return UnsafeRawPointer(made.table)
    }
}

/// The one plugin this library exports, its C table, and its running invocations.
final class Exported: @unchecked Sendable {
    static let shared = Mutex<Exported?>(nil)

    let table: UnsafeMutablePointer<petal_plugin>
    private let make: (PluginHost) throws -> any Plugin
    private let instance = Mutex<(any Plugin)?>(nil)
    private let tasks = Mutex<[UInt64: Task<Void, Never>]>([:])

    fileprivate init<P: Plugin>(_ type: P.Type) {
        make = { try P(host: $0) }
        let actions = UnsafeMutablePointer<petal_action>.allocate(capacity: max(P.actions.count, 1))
        for (index, action) in P.actions.enumerated() {
            actions[index] = petal_action(
                id: UnsafePointer(strdup(action.id)), title: UnsafePointer(strdup(action.title)),
                icon: UnsafePointer(strdup(action.icon)))
        }
        table = .allocate(capacity: 1)
        table.initialize(to: petal_plugin(
            struct_size: UInt32(MemoryLayout<petal_plugin>.size),
            abi_major: UInt16(PETAL_PLUGIN_ABI_MAJOR), abi_minor: UInt16(PETAL_PLUGIN_ABI_MINOR),
            name: UnsafePointer(strdup(P.name)), version: UnsafePointer(strdup(P.version)),
            actions: UnsafePointer(actions), action_count: P.actions.count,
            init: { host, _, failure in Exported.current.start(host!, failure: failure) },
            invoke: { _, id, action, params, complete, context in
                Exported.current.invoke(id, action: String(cString: action!), params: params, complete: complete!, context: context)
            },
            cancel: { _, id in Exported.current.cancel(id) },
            deinit: nil))
    }

    static var current: Exported { shared.withLock { $0! } }

    private func start(_ host: UnsafePointer<petal_host>, failure: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32 {
        do {
            let plugin = try make(PluginHost(host))
            instance.withLock { $0 = plugin }
            return 0
        } catch {
            // The reason alone: the daemon says "its init failed: …" around it, and an error name would be noise.
            let reason = (error as? PluginError)?.message ?? "\(error)"
            failure?.pointee = UnsafePointer(strdup(reason))  // kept: the daemon reads it after we return
            return 1
        }
    }

    private func invoke(
        _ id: UInt64, action: String, params: UnsafePointer<CChar>?,
        complete: petal_complete_fn, context: UnsafeMutableRawPointer?
    ) {
        let finish = Completion(complete: complete, context: context)
        guard let plugin = instance.withLock({ $0 }) else {
            return finish(.failure(.failed("the plugin was not initialised")))
        }
        let text = params.map { String(cString: $0) } ?? "{}"
        guard case .object(let object)? = try? JSONValue.parse(text) else {
            return finish(.failure(.invalidParams("the parameters are not a JSON object: \(text.prefix(200))")))
        }
        // Registered under the lock the task itself takes to deregister, so it cannot finish first.
        tasks.withLock { tasks in tasks[id] = Task.detached { [self] in
            let outcome: Result<JSONObject, PluginError>
            do {
                outcome = .success(try await plugin.perform(action, params: Parameters(object)))
            } catch let error as PluginError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(.failed("\(error)"))
            }
            _ = self.tasks.withLock { $0.removeValue(forKey: id) }
            finish(outcome)
        } }
    }

    private func cancel(_ id: UInt64) {
        tasks.withLock { $0[id] }?.cancel()
    }
}

/// The daemon's completion callback for one invocation.
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
