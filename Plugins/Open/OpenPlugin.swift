import PetalJSON
import PetalPlugin

/// `open.uri`: opens a URI (or an absolute path, as `file://`) with the
/// desktop's handler, if its scheme is allowed.
///
/// Settings (`plugins.settings.open`): `schemes` (the schemes allowed, default
/// http, https, mailto, tel, sms, file, ftp) and `opener` (the program, default xdg-open).
///
/// Synchronous: its one wait is for the opener to start, on its own worker.
public struct OpenPlugin: SynchronousPlugin {
    public static let name = "open"
    public static let version = petalPluginVersion
    public static let actions = [PluginAction("open.uri", title: "Open", icon: "document-open")]

    private let host: PluginHost

    public init(host: PluginHost) { self.host = host }

    public func perform(_ action: String, params: Parameters, invocation: Invocation) throws -> JSONObject {
        try params.rejectUnknown(["uri", "selected"])
        let settings = Settings(plugin: Self.name, host: host)
        let target = try OpenTarget(
            try params.requiredString("uri"),
            allowedSchemes: try settings.strings("schemes") ?? OpenTarget.defaultSchemes,
            setting: settings.path("schemes"))
        try host.open(target.uri, plugin: Self.name)
        return [:]
    }
}
