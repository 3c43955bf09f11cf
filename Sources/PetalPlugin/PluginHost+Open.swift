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
            throw Self.cannotOpen(uri, with: command[0], plugin: plugin, error)
        }
    }

    /// The synchronous form of ``open(_:plugin:)``, for a ``SynchronousPlugin``'s
    /// `perform`: blocks the plugin's worker until the opener has started, as
    /// the synchronous ``launch(_:environment:directory:)`` does.
    @discardableResult
    public func open(_ uri: String, plugin: String) throws -> JSONObject {
        let command = opener + [uri]
        do {
            return try launch(command)
        } catch let error as PluginError {
            throw Self.cannotOpen(uri, with: command[0], plugin: plugin, error)
        }
    }

    private static func cannotOpen(_ uri: String, with program: String, plugin: String, _ error: PluginError)
        -> PluginError
    {
        .failed(
            "cannot open \(uri): \(error.message). Install \(program) (xdg-utils), or set plugins.settings.\(plugin).opener to another program in the configuration"
        )
    }
}
