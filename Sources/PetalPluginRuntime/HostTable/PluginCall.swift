import DBus
import DBusJSON
import PetalJSON

/// The D-Bus messages of a `petal_host` table: the call a plugin makes, and
/// the JSON of a signal it gets.
package enum PluginCall {
    /// The message for `call_method` from its arguments; `args` nil means none.
    package static func message(
        destination: String, path: String, interface: String, method: String, signature: String, args: String?
    ) throws(DBusError) -> Message {
        let types: [DBusType]
        let arguments: JSONValue
        let message: Message
        do {
            message = Message.methodCall(
                destination: try BusName(destination), path: try ObjectPath(path),
                interface: try InterfaceName(interface), member: try MemberName(method))
            types = try DBusSignature(signature).types
            arguments = try args.map { try JSONValue.parse($0) } ?? .array([])
        } catch {
            throw DBusError.invalidArgs("call_method: \(error)")
        }
        guard case .array(let values) = arguments, values.count == types.count else {
            throw DBusError.invalidArgs(
                "call_method: args_json must be an array of \(types.count) values for signature \"\(signature)\"")
        }
        var converted: [DBusValue] = []
        for (value, type) in zip(values, types) { converted.append(try DBusJSON.value(value, as: type)) }
        do {
            try message.append(converted)
        } catch {
            throw DBusError.invalidArgs("call_method: \(error)")
        }
        return message
    }

    /// A signal's arguments as the JSON array its handler gets.
    package static func argumentsJSON(_ message: Message) -> String {
        let values = (try? message.argumentsWithoutDescriptors()) ?? []
        return JSONValue.array(values.map(DBusJSON.json)).jsonText
    }
}
