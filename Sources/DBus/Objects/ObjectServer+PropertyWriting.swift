/// `GetAll` replies and `PropertiesChanged` signals written straight from
/// the properties' Swift values (``DBusWireValue``), as `InterfacesAdded`
/// is, when every property they carry can be: a menu's `Items` of 100,000
/// rows then makes no ``DBusValue`` tree to write and throw away.
extension ObjectServer {
    /// Whether every property of `interface` writes itself into messages.
    static func writesDirectly(_ interface: DBusInterface) -> Bool {
        interface.properties.allSatisfy { $0.wire != nil }
    }

    /// The reply to the `GetAll` call `message`: every property of `interface`
    /// of the object registered with `context`, each written from its value.
    static func getAllReply(
        to message: Message, _ interface: DBusInterface, context: (any Sendable)?
    ) throws -> Message {
        let header = WireWriter.Header.methodReturn(to: message.sender, answering: message.serial)
        return try Message.encoded(
            WireWriter.message(header, signature: Array("a{sv}".utf8)) { writer in
                try appendProperties(interface.properties, context: context, to: &writer)
            })
    }

    /// `PropertiesChanged` of `interface` at `path` carrying the values of
    /// `changed` and the names of `invalidated`, written from the values.
    static func propertiesChangedSignal(
        at path: ObjectPath, interface: InterfaceName, changed: [DBusProperty], invalidated: [String],
        context: (any Sendable)?
    ) throws -> Message {
        let header = WireWriter.Header.signal(
            path: path, interface: PropertiesInterface.name, member: PropertiesInterface.propertiesChanged.name)
        return try Message.encoded(
            WireWriter.message(header, signature: Array("sa{sv}as".utf8)) { writer in
                try writer.write(interface.rawValue)
                try appendProperties(changed, context: context, to: &writer)
                try writer.write(array: invalidated)
            })
    }

    /// An `a{sv}` of `properties` by name, each value in its variant.
    private static func appendProperties(
        _ properties: [DBusProperty], context: (any Sendable)?, to writer: inout WireWriter
    ) throws {
        let array = writer.beginArray(alignedTo: 8)
        for property in properties {
            writer.beginEntry()
            try writer.appendString(property.name.rawValue)
            // Inside the a{sv}: the array and its entry.
            try property.appendVariant(for: context, to: &writer, depth: 2)
        }
        try writer.endArray(array)
    }
}

extension MethodCall {
    /// Answers with `reply`, a method return written for this call; false
    /// if the call was answered already.
    @discardableResult
    func reply(encoded reply: @autoclosure () throws -> Message) -> Bool {
        guard claim() else { return false }
        guard !message.noReplyExpected else { return true }
        do {
            connection.send(try reply())
        } catch {
            connection.send(message.makeError(.failed("the reply could not be built: \(error)")))
        }
        return true
    }
}
