import PetalJSON

extension PluginHost {
    /// The program that opens URIs: the plugin's `opener` setting, else `xdg-open`.
    public var opener: [String] {
        if let configured = settings["opener"] {
            if let text = configured.stringValue, !text.isEmpty { return [text] }
            if let parts = configured.arrayValue?.compactMap(\.stringValue), !parts.isEmpty { return parts }
        }
        return ["xdg-open"]
    }

    /// Opens `uri` with the desktop's handler (``opener`` followed by the URI).
    ///
    /// - Parameter plugin: the plugin's name, for the error that says how to configure another opener.
    /// - Throws: ``PluginError/failed(_:)`` naming the program looked for and the setting that picks another.
    @discardableResult
    public func open(_ uri: String, plugin: String) async throws -> JSONObject {
        let command = opener + [uri]
        do {
            return try await launch(command)
        } catch let error as PluginError {
            throw PluginError.failed(
                "cannot open \(uri): \(error.message). Install \(command[0]) (xdg-utils), or set plugins.settings.\(plugin).opener to another program in the configuration")
        }
    }
}
