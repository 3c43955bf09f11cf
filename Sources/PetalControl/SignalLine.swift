import DBus
import DBusJSON
import PetalAPI
import PetalCore
import PetalJSON

/// How `petalctl watch` prints a signal: `Member key=value …` on one line, or
/// one JSON object `{"signal": Member, key: value, …}` with `--json`.
enum SignalLine {
    /// The names of each known signal's arguments, by member: Petal's own as
    /// declared, the standard ones' shorter than their declarations'.
    private static let argumentNames: [String: [String]] = {
        var names: [String: [String]] = [:]
        for signal in PetalBus.Menu.signals { names[signal.name.rawValue] = signal.arguments.map(\.name) }
        names[BusDaemonInterface.nameOwnerChanged.name.rawValue] = ["name", "old", "new"]
        names[PropertiesInterface.propertiesChanged.name.rawValue] = ["interface", "changed", "invalidated"]
        names[ObjectManagerInterface.interfacesAdded.name.rawValue] = ["path", "interfaces"]
        names[ObjectManagerInterface.interfacesRemoved.name.rawValue] = ["path", "interfaces"]
        return names
    }()

    /// The menu whose signal `message` is, by the object it comes from (the
    /// root is `main`'s): for the Menu interface's own signals and its
    /// `PropertiesChanged`; nil for any other (the Menus interface's, the
    /// ObjectManager's, the bus's).
    static func menu(of message: Message) -> String? {
        guard let text = message.path, let path = try? ObjectPath(text) else { return nil }
        let values = { (try? message.argumentsWithoutDescriptors()) ?? [] }
        let ofMenu =
            message.interface == PetalBus.Menu.interface.rawValue
            || (PropertiesInterface.propertiesChanged.matches(message)
                && values().first == .string(PetalBus.Menu.interface.rawValue))
        return ofMenu ? PetalBus.menuName(at: path) : nil
    }

    /// The signal's fields in order, named after its declared arguments
    /// (`arg0`, `arg1`… for a signal this petalctl does not know), after
    /// `menu` for a menu's signal (``menu(of:)``).
    static func fields(of message: Message) -> (member: String, fields: JSONObject) {
        let member = message.member ?? "?"
        let values = (try? message.argumentsWithoutDescriptors()) ?? []
        let names = argumentNames[member] ?? values.indices.map { "arg\($0)" }
        let interfacesAdded = ObjectManagerInterface.interfacesAdded.matches(message)
        var fields = JSONObject()
        if let menu = menu(of: message) { fields["menu"] = .string(menu) }
        for (name, value) in zip(names, values) {
            // Only the interfaces' names of InterfacesAdded matter here, not their properties.
            if interfacesAdded, name == "interfaces", case .object(let interfaces) = DBusJSON.json(value) {
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
        if member == PropertiesInterface.propertiesChanged.name.rawValue, case .object(let changed)? = fields["changed"]
        {
            let menu = fields["menu"].map { ["menu=\(word($0))"] } ?? []
            return ([member] + menu + changed.map { "\($0.key)=\(word($0.value))" }).joined(separator: " ")
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
