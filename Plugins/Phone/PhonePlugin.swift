import PetalJSON
import PetalPlugin

/// `phone.call`: opens a `tel:` URI for a plausible phone number
/// (``PhoneNumber``: an optional "+" and 3 to 15 digits).
///
/// Synchronous: its one wait is for the opener to start, on its own worker.
public struct PhonePlugin: SynchronousPlugin {
    public static let name = "phone"
    public static let version = petalPluginVersion
    public static let actions = [PluginAction("phone.call", title: "Call", icon: "call-start")]

    private let host: PluginHost

    public init(host: PluginHost) { self.host = host }

    public func perform(_ action: String, params: Parameters, invocation: Invocation) throws -> JSONObject {
        try params.rejectUnknown(["number", "selected"])
        let number = try PhoneNumber(try params.requiredString("number"))
        try host.open("tel:\(number.dialable)", plugin: Self.name)
        return [:]
    }
}
