import DBus
import PetalCore
import PetalJSON

/// Something an item or `Trigger` can run: a plugin's action, or a test's.
///
/// # Implementation requirements
/// - ``start(_:finish:)`` is called on the daemon's event loop and must
///   return at once: the work runs on a thread of its own (a plugin's
///   worker, a task), never on the loop.
/// - `finish` is called exactly once, from any thread, with the result or an
///   ``ActionError``; calls after the first are ignored. A result must be at
///   most ``ParamsCoding/maximumJSONBytes`` as JSON: the action measures it,
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

/// How one run of an action ended, from its own point of view.
public typealias ActionOutcome = Result<JSONObject, ActionError>

/// What stops a run the daemon no longer waits for.
public struct ActionCancellation: Sendable {
    private let body: @Sendable () -> Void

    /// A cancellation that runs `body`.
    public init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    /// A cancellation with nothing to stop.
    public static let none = ActionCancellation {}

    /// Asks the run to stop.
    public func callAsFunction() { body() }
}

/// An action's parameters, turned into JSON once: the object for Swift
/// actions, its text for plugins, which the C ABI hands JSON text.
public struct ActionParams: Sendable {
    /// The parameters as a JSON object.
    public let object: JSONObject
    /// `object` as JSON text.
    public let text: String
    /// The invocation's id, as ActionStarted announced it; set by the dispatcher.
    public internal(set) var invocation: UInt32 = 0

    /// Parameters `object`, serialised once here.
    public init(_ object: JSONObject) {
        self.object = object
        text = JSONValue.object(object).jsonText
    }
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
    public func start(_ params: ActionParams, finish: @escaping @Sendable (ActionOutcome) -> Void) -> ActionCancellation {
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

/// How an action reports failure, from the plugin's completion to the
/// caller's reply: its name is the D-Bus error name the caller sees.
public struct ActionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error name clients see.
    public let name: PetalError.Name
    /// What was wrong, and what would be right.
    public let message: String

    /// A failure with a specific Petal error name.
    public init(_ name: PetalError.Name, _ message: String) {
        self.name = name
        self.message = message
    }

    /// A parameter was missing, of the wrong type or out of range.
    public static func invalidParams(_ message: String) -> ActionError { ActionError(.invalidParams, message) }
    /// The action could not do its work.
    public static func failed(_ message: String) -> ActionError { ActionError(.actionFailed, message) }

    /// `result`, or the failure saying `source` returned more than SPEC §2 allows.
    static func checkSize(of result: JSONObject, from source: String) -> ActionOutcome {
        let size = JSONValue.object(result).jsonText.utf8.count
        guard size <= ParamsCoding.maximumJSONBytes else {
            return .failure(.failed(
                "\(source) returned a result of \(size) bytes as JSON; the limit is \(ParamsCoding.maximumJSONBytes) bytes"))
        }
        return .success(result)
    }

    /// The error the caller's reply carries.
    var dbusError: DBusError { PetalError.make(name, message) }

    public var description: String { "\(name.errorName): \(message)" }
}
