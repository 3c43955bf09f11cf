import PetalJSON

/// An action's parameters: a JSON object with typed accessors whose errors
/// name the parameter and say what was expected.
public struct Parameters: Sendable {
    /// The parameters as the daemon passed them.
    public let object: JSONObject

    /// Wraps a JSON object.
    public init(_ object: JSONObject) { self.object = object }

    /// Decodes all parameters into a `Decodable` type; a missing or mistyped
    /// key becomes ``PluginError/invalidParams(_:)`` naming it.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        do {
            return try T(from: JSONValueDecoder(value: .object(object), path: []))
        } catch let error as PluginError {
            throw error
        } catch let error as DecodingError {
            throw PluginError.invalidParams(JSONValueDecoder.describe(error))
        }
    }

    /// The string parameter `key`, or nil when absent.
    public func string(_ key: String) throws -> String? {
        try typed(key, "a string") { $0.stringValue }
    }

    /// The boolean parameter `key`, or nil when absent.
    public func bool(_ key: String) throws -> Bool? {
        try typed(key, "a boolean") { $0.boolValue }
    }

    /// The integer parameter `key`, or nil when absent.
    public func integer(_ key: String) throws -> Int64? {
        try typed(key, "an integer") { $0.int64Value }
    }

    /// The number parameter `key` (an integer or not), or nil when absent.
    public func number(_ key: String) throws -> Double? {
        try typed(key, "a number") { $0.doubleValue }
    }

    /// The string parameter `key`, which must be present and not empty.
    public func requiredString(_ key: String) throws -> String {
        guard let value = try string(key), !value.isEmpty else {
            throw PluginError.invalidParams("the parameter \"\(key)\" is required: a non-empty string")
        }
        return value
    }

    /// Refuses any parameter not in `known`, naming it.
    public func rejectUnknown(_ known: Set<String>) throws {
        if let unknown = object.keys.first(where: { !known.contains($0) }) {
            throw PluginError.invalidParams(
                "unknown parameter \"\(unknown)\"; this action takes \(known.sorted().joined(separator: ", "))")
        }
    }

    private func typed<T>(_ key: String, _ expected: String, _ read: (JSONValue) -> T?) throws -> T? {
        guard let value = object[key], value != .null else { return nil }
        guard let typed = read(value) else {
            throw PluginError.invalidParams("the parameter \"\(key)\" must be \(expected), not \(value.typeName) \(value)")
        }
        return typed
    }
}
