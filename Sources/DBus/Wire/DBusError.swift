/// An error as D-Bus carries it: a name and a message for a person.
///
/// Method handlers throw it to answer with an error reply; a failed call
/// through ``DBusConnection/call(_:timeout:)`` throws it with the name the
/// peer sent.
public struct DBusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error name, e.g. `org.freedesktop.DBus.Error.UnknownMethod`.
    public let name: String
    /// What went wrong, and what would be right.
    public let message: String

    /// An error with the given name and message.
    public init(_ name: String, _ message: String) {
        self.name = name
        self.message = message
    }

    /// `name: message`, the way command-line clients print errors.
    public var description: String { "\(name): \(message)" }
}

extension DBusError {
    /// The standard error names of the D-Bus specification that servers answer with.
    public enum Name {
        public static let failed = "org.freedesktop.DBus.Error.Failed"
        public static let noMemory = "org.freedesktop.DBus.Error.NoMemory"
        public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
        public static let nameHasNoOwner = "org.freedesktop.DBus.Error.NameHasNoOwner"
        public static let noReply = "org.freedesktop.DBus.Error.NoReply"
        public static let timeout = "org.freedesktop.DBus.Error.Timeout"
        public static let disconnected = "org.freedesktop.DBus.Error.Disconnected"
        public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
        public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        public static let invalidSignature = "org.freedesktop.DBus.Error.InvalidSignature"
        public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
        public static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
        public static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
        public static let propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
        public static let notSupported = "org.freedesktop.DBus.Error.NotSupported"
    }

    /// `org.freedesktop.DBus.Error.Failed`, for anything without a better name.
    public static func failed(_ message: String) -> DBusError { DBusError(Name.failed, message) }
    /// `org.freedesktop.DBus.Error.InvalidArgs`.
    public static func invalidArgs(_ message: String) -> DBusError { DBusError(Name.invalidArgs, message) }
    /// `org.freedesktop.DBus.Error.AccessDenied`.
    public static func accessDenied(_ message: String) -> DBusError { DBusError(Name.accessDenied, message) }
}

/// A failure of the connection itself rather than of a remote call.
public struct DBusConnectionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What failed, in words a person can act on.
    public let message: String

    /// A connection error with the given explanation.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
