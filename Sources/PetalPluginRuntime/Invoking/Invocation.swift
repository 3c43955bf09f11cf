import DBus
import PetalAPI
import PetalCore
import PetalJSON

// What one invocation of an action carries in and out, in petald and in a
// `petal-plugin-host` alike: the parameters, the outcome, the cancellation.

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
    public package(set) var invocation: UInt32 = 0

    /// Parameters and results may be at most this many bytes as JSON
    /// (docs/dbus-api.md, "Limits and faults").
    package static let maximumJSONBytes = Limits.paramsJSONBytes

    /// Parameters `object`, serialised once here.
    public init(_ object: JSONObject) {
        self.object = object
        text = JSONValue.object(object).jsonText
    }
}

/// How an action reports failure, from the plugin's completion to the
/// caller's reply: its name is the D-Bus error name the caller sees.
public struct ActionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error name clients see.
    public let name: PetalBus.ErrorName
    /// What was wrong, and what would be right.
    public let message: String

    /// A failure with a specific Petal error name.
    public init(_ name: PetalBus.ErrorName, _ message: String) {
        self.name = name
        self.message = message
    }

    /// A parameter was missing, of the wrong type or out of range.
    public static func invalidParams(_ message: String) -> ActionError { ActionError(.invalidParams, message) }
    /// The action could not do its work.
    public static func failed(_ message: String) -> ActionError { ActionError(.actionFailed, message) }

    /// The error the caller's reply carries.
    package var dbusError: DBusError { DBusError(name.errorName, message) }

    public var description: String { "\(name.errorName): \(message)" }
}
