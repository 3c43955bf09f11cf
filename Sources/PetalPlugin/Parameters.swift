import PetalJSON

/// An action's parameters: a JSON object with typed accessors whose errors
/// name the parameter and say what was expected.
///
/// Its `description` is the parameters' JSON text, so `print(params)` or
/// `"\(params)"` shows `{"name":"Ann"}`.
public struct Parameters: Sendable, CustomStringConvertible {
    /// The parameters as the daemon passed them.
    public let object: JSONObject

    /// Wraps a JSON object.
    public init(_ object: JSONObject) { self.object = object }

    /// The parameters as compact JSON text, e.g. `{"name":"Ann"}`.
    public var description: String { JSONValue.object(object).jsonText }

    /// What ``decode(_:unknown:)`` does with a parameter the type never reads.
    public enum UnknownKeys: Sendable {
        /// Refuse it with ``PluginError/invalidParams(_:)`` naming it: the
        /// default, since a misspelt key would otherwise be dropped in silence.
        case refuse
        /// Ignore it.
        case accept
    }

    /// Decodes all parameters into a `Decodable` type.
    ///
    /// A missing or mistyped member becomes ``PluginError/invalidParams(_:)``
    /// naming it (`the parameter "name" is required`, `the parameter "count"
    /// must be a whole number from 0 to 255, not string "3"`). So does, unless
    /// `unknown` is `.accept`, a member the type never reads, in nested objects
    /// too (`unknown parameter "nmae"; this action takes name`). A member
    /// counts as read when the type decodes it or asks whether it is present,
    /// as optional properties do. A toggle item adds `selected` (a boolean) to
    /// its action's parameters: declare `let selected: Bool?` in a type whose
    /// action may be used by a toggle.
    ///
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - unknown: whether members the type never reads are refused (the default) or ignored.
    public func decode<T: Decodable>(_ type: T.Type = T.self, unknown: UnknownKeys = .refuse) throws -> T {
        let usage = KeyUsage()
        let decoded: T
        do {
            decoded = try T(from: JSONValueDecoder(value: .object(object), path: [], usage: usage))
        } catch let error as PluginError {
            throw error
        } catch let error as DecodingError {
            throw PluginError.invalidParams(JSONValueDecoder.describe(error))
        }
        if unknown == .refuse, let found = usage.firstUnread() {
            throw PluginError.invalidParams(Self.unknownMessage(found))
        }
        return decoded
    }

    /// `unknown parameters "a", "b"; this action takes name`, or for a nested
    /// object `unknown parameter "hints.loud"; "hints" takes sound, urgency`.
    private static func unknownMessage(_ found: (path: String, unread: [String], known: [String])) -> String {
        let names = found.unread.map { "\"\(found.path.isEmpty ? $0 : found.path + "." + $0)\"" }
        let owner = found.path.isEmpty ? "this action" : "\"\(found.path)\""
        let takes = found.known.isEmpty ? "no parameters" : found.known.joined(separator: ", ")
        return
            "unknown parameter\(names.count == 1 ? "" : "s") \(names.joined(separator: ", ")); \(owner) takes \(takes)"
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
        try typed(key, "a whole number") { $0.int64Value }
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
            throw PluginError.invalidParams(
                "the parameter \"\(key)\" must be \(expected), not \(value.typeName) \(value)")
        }
        return typed
    }
}
