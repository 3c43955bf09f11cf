import DBus
import PetalCore
import PetalJSON
import PetalPluginRuntime

/// Something an item or `Trigger` can run: a plugin's action, or a test's.
///
/// # Implementation requirements
/// - ``start(_:finish:)`` is called on the daemon's event loop and must
///   return at once: the work runs on a thread of its own (a plugin's
///   worker, a task), never on the loop.
/// - `finish` is called exactly once, from any thread, with the result or an
///   ``ActionError``; calls after the first are ignored. A result must be at
///   most ``ActionParams/maximumJSONBytes`` as JSON: the action measures it,
///   on its own thread, and fails otherwise.
/// - The returned ``ActionCancellation`` is called at most once, on the loop,
///   when the daemon stops waiting (a timeout, a stop); it must not block
///   either. `finish` may still be called afterwards, and is then dropped.
public protocol Action: Sendable {
    /// The action id, e.g. `message.notify`.
    var id: String { get }
    /// A title for menus and `petalctl actions`.
    var title: String { get }
    /// A freedesktop icon name; may be empty.
    var icon: String { get }

    /// Starts a run with `params` and returns how to cancel it.
    func start(_ params: ActionParams, finish: @escaping @Sendable (ActionOutcome) -> Void) -> ActionCancellation
}

extension Action {
    public var icon: String { "" }
}

/// An action written as an async function: each run is a detached task,
/// cancelled with the run, whose result is measured on the task's thread.
///
/// Long-running work should check `Task.isCancelled`; report a bad parameter
/// with ``ActionError/invalidParams(_:)`` naming it, and any other failure
/// with ``ActionError/failed(_:)``; other thrown errors become `ActionFailed`.
public protocol AsyncAction: Action {
    /// Runs the action with parameters as a JSON object and returns its result.
    func perform(_ params: JSONObject) async throws -> JSONObject
}

extension AsyncAction {
    public func start(_ params: ActionParams, finish: @escaping @Sendable (ActionOutcome) -> Void) -> ActionCancellation
    {
        let task = Task.detached {
            let outcome: ActionOutcome
            do {
                outcome = ActionError.checkSize(of: try await perform(params.object), from: "action \(id)")
            } catch let error as ActionError {
                outcome = .failure(error)
            } catch is CancellationError {
                outcome = .failure(.failed("the action was cancelled"))
            } catch {
                outcome = .failure(.failed("\(error)"))
            }
            finish(outcome)
        }
        return ActionCancellation { task.cancel() }
    }
}

extension ActionError {
    /// `result`, or the failure saying `source` returned more than an action may (docs/dbus-api.md, "Limits and faults").
    static func checkSize(of result: JSONObject, from source: String) -> ActionOutcome {
        let size = JSONValue.object(result).jsonText.utf8.count
        guard size <= ActionParams.maximumJSONBytes else {
            return .failure(
                .failed(
                    "\(source) returned a result of \(size) bytes as JSON; the limit is \(ActionParams.maximumJSONBytes) bytes"
                ))
        }
        return .success(result)
    }
}
