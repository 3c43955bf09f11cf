import DBus
import DBusJSON
import PetalCore
import PetalJSON

/// How `petalctl watch` prints a signal: `Member key=value …` on one line, or
/// one JSON object `{"signal": Member, key: value, …}` with `--json`.
enum SignalLine {
    /// The signal's fields in order, named after SPEC §2's arguments.
    static func fields(of message: Message) -> (member: String, fields: JSONObject) {
        let member = message.member ?? "?"
        let values = (try? message.argumentsWithoutDescriptors()) ?? []
        let names: [String]
        switch member {
        case "StateChanged": names = ["state", "previous"]
        case "ActionStarted": names = ["invocation", "action", "item"]
        case "ActionFinished": names = ["invocation", "action", "success", "error", "message"]
        case "NameOwnerChanged": names = ["name", "old", "new"]
        case "PropertiesChanged": names = ["interface", "changed", "invalidated"]
        case "InterfacesAdded": names = ["path", "interfaces"]
        case "InterfacesRemoved": names = ["path", "interfaces"]
        default: names = values.indices.map { "arg\($0)" }
        }
        var fields = JSONObject()
        for (name, value) in zip(names, values) {
            // Only the interfaces' names of InterfacesAdded matter here, not their properties.
            if member == "InterfacesAdded", name == "interfaces", case .object(let interfaces) = DBusJSON.json(value) {
                fields[name] = .array(interfaces.keys.map(JSONValue.string))
            } else {
                fields[name] = DBusJSON.json(value)
            }
        }
        return (member, fields)
    }

    static func json(_ message: Message) -> String {
        let (member, fields) = fields(of: message)
        return JSONValue.object(JSONObject([("signal", .string(member))] + fields.map { ($0.key, $0.value) })).jsonText
    }

    static func text(_ message: Message) -> String {
        let (member, fields) = fields(of: message)
        if member == "PropertiesChanged", case .object(let changed)? = fields["changed"] {
            return ([member] + changed.map { "\($0.key)=\(word($0.value))" }).joined(separator: " ")
        }
        return ([member] + fields.map { "\($0.key)=\(word($0.value))" }).joined(separator: " ")
    }

    /// A value as one shell-friendly word: strings bare unless they hold
    /// spaces or quotes (then JSON-quoted), everything else as JSON.
    private static func word(_ value: JSONValue) -> String {
        guard let text = value.stringValue else { return value.jsonText }
        return text.contains(where: { $0 == " " || $0 == "\"" || $0 == "\n" || $0 == "\t" }) ? value.jsonText : text
    }
}
