import DBus

/// Petal's own D-Bus errors, `org.petal.Petal1.Error.<Name>` (SPEC §2).
public enum PetalError {
    /// The prefix of every Petal error name.
    public static let prefix = "org.petal.Petal1.Error."

    /// The error names clients may see.
    public enum Name: String, Sendable, CaseIterable {
        case unknownItem = "UnknownItem"
        case unknownAction = "UnknownAction"
        case notExpanded = "NotExpanded"
        case itemDisabled = "ItemDisabled"
        case invalidParams = "InvalidParams"
        case actionFailed = "ActionFailed"
        case timeout = "Timeout"
        case busy = "Busy"
        case cancelled = "Cancelled"
        case invalidConfig = "InvalidConfig"
        case stateNotSaved = "StateNotSaved"

        /// The full D-Bus error name.
        public var errorName: String { PetalError.prefix + rawValue }
    }

    /// A D-Bus error with Petal's name and a message a person can act on.
    public static func make(_ name: Name, _ message: String) -> DBusError {
        DBusError(name.errorName, message)
    }
}
