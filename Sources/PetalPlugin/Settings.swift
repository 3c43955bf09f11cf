import PetalJSON

/// A plugin's settings (`plugins.settings.<plugin>` of the configuration) with
/// typed accessors. A value of the wrong type is a configuration mistake, so it
/// fails the action with ``PluginError/failed(_:)`` naming the setting's full
/// path and what it should be.
///
/// Its `description` is the settings' JSON text, so `print(settings)` shows
/// `{"opener":"xdg-open"}`.
public struct Settings: Sendable, CustomStringConvertible {
    /// The plugin's name, for the paths in messages.
    public let plugin: String
    /// The settings object as configured.
    public let object: JSONObject

    /// Wraps `object`, the settings of `plugin`.
    public init(plugin: String, _ object: JSONObject) {
        self.plugin = plugin
        self.object = object
    }

    /// The settings as compact JSON text, e.g. `{"opener":"xdg-open"}`.
    public var description: String { JSONValue.object(object).jsonText }

    /// Reads the settings the host hands to `plugin`.
    public init(plugin: String, host: PluginHost) {
        self.init(plugin: plugin, host.settings)
    }

    /// The full configuration path of setting `key`, e.g. `plugins.settings.camera.app`.
    public func path(_ key: String) -> String { "plugins.settings.\(plugin).\(key)" }

    /// The string setting `key`, or nil when absent.
    public func string(_ key: String) throws -> String? {
        try typed(key, "a string") { $0.stringValue }
    }

    /// The number setting `key`, or nil when absent.
    public func number(_ key: String) throws -> Double? {
        try typed(key, "a number") { $0.doubleValue }
    }

    /// The setting `key` as a list of strings, or nil when absent.
    public func strings(_ key: String) throws -> [String]? {
        try typed(key, "an array of strings") { value in
            guard let elements = value.arrayValue else { return nil }
            let strings = elements.compactMap(\.stringValue)
            return strings.count == elements.count ? strings : nil
        }
    }

    /// The setting `key` as a command line: one program name (a string) or an
    /// argv (a non-empty array of strings whose first element is not empty);
    /// nil when absent.
    public func command(_ key: String) throws -> [String]? {
        try typed(key, "a program name or a non-empty array of strings (an argv)") { value in
            if let name = value.stringValue { return name.isEmpty ? nil : [name] }
            guard let argv = try? strings(key), let first = argv.first, !first.isEmpty else { return nil }
            return argv
        }
    }

    private func typed<T>(_ key: String, _ expected: String, _ read: (JSONValue) -> T?) throws -> T? {
        guard let value = object[key], value != .null else { return nil }
        guard let typed = read(value) else {
            throw PluginError.failed(
                "the setting \(path(key)) must be \(expected), not \(value.typeName) \(value); fix it in the configuration"
            )
        }
        return typed
    }
}
