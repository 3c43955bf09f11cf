import DBus
import DBusJSON
import PetalCore
import PetalJSON
import PetalPluginRuntime

/// Converts action parameters (`a{sv}` on D-Bus) to JSON objects and action
/// results back, enforcing docs/dbus-api.md's size caps.
enum ParamsCoding {
    /// Parameters and results may be at most this many bytes as JSON.
    static let maximumJSONBytes = ActionParams.maximumJSONBytes
    /// Parameters larger than this in the message are refused before they are decoded.
    static let maximumWireBytes = Limits.paramsWireBytes

    /// The refusal of parameters that take `bytes` in the message.
    @Sendable static func tooLarge(_ bytes: Int) -> DBusError {
        PetalError.make(
            .invalidParams,
            "parameters take \(bytes) bytes in the message; the limit is \(maximumWireBytes) bytes (and \(maximumJSONBytes) bytes as JSON)"
        )
    }

    /// The JSON object for an `a{sv}` of parameters.
    ///
    /// - Throws: `InvalidParams` naming the key whose value has no JSON form
    ///   (a file descriptor, a dictionary with non-string keys), or when the
    ///   whole is over 64 KiB as JSON.
    static func params(from params: DBusVariantDictionary) throws(DBusError) -> ActionParams {
        var object = JSONObject()
        for (key, value) in params.entries {
            object[key] = try json(value, key: key)
        }
        // Serialised once: the text measured here is the text the plugin gets.
        let converted = ActionParams(object)
        let size = converted.text.utf8.count
        guard size <= maximumJSONBytes else {
            throw PetalError.make(
                .invalidParams,
                "parameters are \(size) bytes as JSON; the limit is \(maximumJSONBytes) bytes")
        }
        return converted
    }

    /// The JSON form of a parameter, after checking it has one: DBusJSON alone
    /// would turn a file descriptor into a number and non-string keys into strings.
    private static func json(_ value: DBusValue, key: String) throws(DBusError) -> JSONValue {
        try checkHasJSONForm(value, key: key)
        return DBusJSON.json(value)
    }

    private static func checkHasJSONForm(_ value: DBusValue, key: String) throws(DBusError) {
        switch value {
        case .unixFD:
            throw PetalError.make(
                .invalidParams, "parameter \"\(key)\" is a file descriptor; actions take JSON values only")
        case .dictEntry:
            throw PetalError.make(.invalidParams, "parameter \"\(key)\" is a bare dict entry")
        case .array(.dictEntry(.string, _), _):
            for (name, member) in value.stringKeyedEntries ?? [] { try checkHasJSONForm(member, key: "\(key).\(name)") }
        case .array(.dictEntry(let keyType, _), _):
            throw PetalError.make(
                .invalidParams,
                "parameter \"\(key)\" is a dictionary keyed by \(keyType); only string keys (a{s…}) have a JSON form")
        case .array(_, let elements), .structure(let elements):
            for element in elements { try checkHasJSONForm(element, key: key) }
        case .variant(let inner):
            try checkHasJSONForm(inner, key: key)
        default:
            return
        }
    }

    /// The `a{sv}` for an action's result, which the action has already
    /// measured against ``maximumJSONBytes`` on its own thread.
    ///
    /// Each member takes its natural D-Bus form (``DBusJSON/naturalValue(_:)``).
    static func result(from object: JSONObject) -> DBusVariantDictionary {
        DBusJSON.dictionary(object)
    }
}
