import PetalJSON
import PetalPlugin

/// `message.notify` shows a desktop notification through
/// `org.freedesktop.Notifications`; `message.compose` opens a `mailto:` or
/// `sms:` URI with the desktop's handler.
public struct MessagePlugin: Plugin {
    public static let name = "message"
    public static let version = petalPluginVersion
    public static let actions = [
        PluginAction("message.notify", title: "Notify", icon: "dialog-information"),
        PluginAction("message.compose", title: "Message", icon: "mail-message-new"),
    ]

    private let host: PluginHost

    public init(host: PluginHost) { self.host = host }

    public func perform(_ action: String, params: Parameters) async throws -> JSONObject {
        switch action {
        case "message.notify":
            return try await notify(try Notification(params))
        case "message.compose":
            try await host.open(try ComposeURI(params).text, plugin: Self.name)
            return [:]
        default:
            throw PluginError.failed("the message plugin has no action \(action)")
        }
    }

    /// Sends `notification`; returns `{"id": N}`, the server's id for it.
    private func notify(_ notification: Notification) async throws -> JSONObject {
        let reply: [JSONValue]
        do {
            reply = try await host.callMethod(
                destination: Notification.service, path: Notification.path, interface: Notification.service,
                method: "Notify", signature: Notification.signature, arguments: notification.arguments)
        } catch let error as DBusCallError {
            throw Notification.failure(error)
        }
        guard let id = reply.first?.int64Value else {
            throw PluginError.failed(
                "the notification daemon answered Notify with \(JSONValue.array(reply)) instead of an id")
        }
        return ["id": .int(id)]
    }
}
