import PetalCore
import PetalJSON

/// Something an item or `Trigger` can run: a plugin's action, or a test's.
///
/// # Implementation requirements
/// - `perform` runs off the daemon's event loop and may take as long as it
///   needs; the daemon enforces `actions.timeout` and then cancels the task,
///   so long-running work should check `Task.isCancelled`.
/// - Report a bad parameter with ``ActionError/invalidParams(_:)`` naming it,
///   and any other failure with ``ActionError/failed(_:)`` or a specific
///   ``ActionError``; other thrown errors become `ActionFailed`.
public protocol Action: Sendable {
    /// The action id, e.g. `message.notify`.
    var id: String { get }
    /// A title for menus and `petalctl actions`.
    var title: String { get }
    /// A freedesktop icon name; may be empty.
    var icon: String { get }

    /// Runs the action with parameters as a JSON object and returns its result.
    func perform(_ params: JSONObject) async throws -> JSONObject
}

extension Action {
    public var icon: String { "" }
}

/// How an action reports failure; each case maps to a Petal error name.
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

    public var description: String { "\(name.errorName): \(message)" }
}
