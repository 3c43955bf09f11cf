import PetalJSON
import PetalPlugin

/// A `message.notify` request: its parameters checked and turned into the
/// arguments of `org.freedesktop.Notifications.Notify`
/// (Desktop Notifications Specification 1.2).
struct Notification: Equatable {
    /// How urgent the notification is: the spec's `urgency` hint, a byte.
    enum Urgency: UInt8, CaseIterable {
        case low = 0
        case normal = 1
        case critical = 2

        /// The name used in parameters: `low`, `normal` or `critical`.
        var name: String { "\(self)" }
    }

    static let service = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    static let signature = "susssasa{sv}i"
    /// The parameters `message.notify` takes (toggles add `selected`).
    static let parameters: Set<String> = ["summary", "body", "icon", "urgency", "timeout", "selected"]

    var summary: String
    var body = ""
    var icon = ""
    var urgency = Urgency.normal
    /// Milliseconds until it expires; -1 lets the server choose, 0 never expires.
    var timeout: Int32 = -1

    /// Reads and checks the parameters.
    ///
    /// - Throws: ``PluginError/invalidParams(_:)`` naming the parameter that is missing or wrong.
    init(_ params: Parameters) throws {
        try params.rejectUnknown(Self.parameters)
        summary = try params.requiredString("summary")
        body = try params.string("body") ?? ""
        icon = try params.string("icon") ?? ""
        if let name = try params.string("urgency") {
            guard let urgency = Urgency.allCases.first(where: { $0.name == name }) else {
                throw PluginError.invalidParams(
                    "the parameter \"urgency\" is \"\(name)\"; it must be low, normal or critical")
            }
            self.urgency = urgency
        }
        if let milliseconds = try params.integer("timeout") {
            guard milliseconds >= -1, let timeout = Int32(exactly: milliseconds) else {
                throw PluginError.invalidParams(
                    "the parameter \"timeout\" is \(milliseconds); it must be milliseconds from 0 to \(Int32.max), or -1 for the notification server's default"
                )
            }
            self.timeout = timeout
        }
    }

    /// The arguments of `Notify`, as the host writes them (variants as `[signature, value]`).
    var arguments: [JSONValue] {
        [
            .string("Petal"), .int(0), .string(icon), .string(summary), .string(body), .array([]),
            .object(["urgency": .array([.string("y"), .int(Int64(urgency.rawValue))])]), .int(Int64(timeout)),
        ]
    }

    /// What to report when `Notify` failed with `error`.
    static func failure(_ error: DBusCallError) -> PluginError {
        switch error.name {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return .failed(
                "no notification daemon is running: nothing on the bus owns \(service). Start one (your desktop's, or e.g. dunst or mako) and try again"
            )
        default:
            return .failed(
                "the notification daemon (\(service)) refused the notification: \(error.name): \(error.message)")
        }
    }
}
