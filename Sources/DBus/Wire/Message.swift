import CDBus

/// The four kinds of D-Bus message.
public enum MessageType: Int32, Sendable {
    case methodCall = 1
    case methodReturn = 2
    case error = 3
    case signal = 4
}

/// A D-Bus message: a header and a body of typed values.
///
/// A message is built by one owner and treated as read-only once it has been
/// sent or handed to another thread; libdbus counts its references atomically.
///
/// Unchecked Sendable: built by one owner and read-only once sent or handed over; libdbus counts its references atomically.
public final class Message: @unchecked Sendable {
    /// The libdbus message; one reference is owned by this object.
    let pointer: OpaquePointer

    /// Takes over a reference the caller already owns.
    init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Adds a reference of our own to a message libdbus lends us.
    init(retaining pointer: OpaquePointer) {
        self.pointer = dbus_message_ref(pointer)
    }

    deinit { dbus_message_unref(pointer) }

    /// A method call to `member` of `interface` on the object at `path` of `destination`.
    public static func methodCall(
        destination: BusName?, path: ObjectPath, interface: InterfaceName?, member: MemberName
    ) -> Message {
        guard
            let raw = dbus_message_new_method_call(
                destination?.rawValue, path.rawValue, interface?.rawValue, member.rawValue)
        else { outOfMemory() }
        return Message(adopting: raw)
    }

    /// A signal `member` of `interface`, emitted from the object at `path`.
    public static func signal(path: ObjectPath, interface: InterfaceName, member: MemberName) -> Message {
        guard let raw = dbus_message_new_signal(path.rawValue, interface.rawValue, member.rawValue)
        else { outOfMemory() }
        return Message(adopting: raw)
    }

    /// An unsent replica of this message: the same header and body, without
    /// a serial, so it can be sent again (libdbus's `dbus_message_copy`).
    public func copy() -> Message {
        guard let raw = dbus_message_copy(pointer) else { outOfMemory() }
        return Message(adopting: raw)
    }

    /// An empty method return answering this call.
    public func makeReturn() -> Message {
        guard let raw = dbus_message_new_method_return(pointer) else { outOfMemory() }
        return Message(adopting: raw)
    }

    /// An error reply answering this call.
    public func makeError(_ error: DBusError) -> Message {
        let name = ErrorName.isValid(error.name) ? error.name : DBusError.Name.failed
        let text = error.message.holdsNUL ? error.message.replacingNUL() : error.message
        guard let raw = dbus_message_new_error(pointer, name, text) else { outOfMemory() }
        return Message(adopting: raw)
    }

    // MARK: Header

    /// What kind of message this is.
    public var type: MessageType { MessageType(rawValue: dbus_message_get_type(pointer)) ?? .methodCall }
    /// The object path, for calls and signals.
    public var path: String? { string(dbus_message_get_path(pointer)) }
    /// The interface, for calls (optional there) and signals.
    public var interface: String? { string(dbus_message_get_interface(pointer)) }
    /// The member name, for calls and signals.
    public var member: String? { string(dbus_message_get_member(pointer)) }
    /// The error name, for error replies.
    public var errorName: String? { string(dbus_message_get_error_name(pointer)) }
    /// The unique name of the sender, as the bus stamped it.
    public var sender: String? { string(dbus_message_get_sender(pointer)) }
    /// The destination bus name.
    public var destination: String? { string(dbus_message_get_destination(pointer)) }
    /// The signature of the body, "" when it is empty.
    public var signature: String { string(dbus_message_get_signature(pointer)) ?? "" }
    /// The serial the sender gave this message.
    public var serial: UInt32 { dbus_message_get_serial(pointer) }
    /// For replies: the serial of the call answered.
    public var replySerial: UInt32 { dbus_message_get_reply_serial(pointer) }

    /// Whether the caller asked for no reply (NO_REPLY_EXPECTED).
    public var noReplyExpected: Bool {
        get { dbus_message_get_no_reply(pointer) != 0 }
        set { dbus_message_set_no_reply(pointer, newValue ? LibDBus.true : LibDBus.false) }
    }

    /// Whether the body's signature is exactly `expected`, compared without copying.
    public func hasSignature(_ expected: String) -> Bool {
        // withCString reads a native string in place; passing the String copies it.
        expected.withCString { dbus_message_has_signature(pointer, $0) != 0 }
    }

    /// The error carried by an error reply, or nil for any other message.
    public var error: DBusError? {
        guard type == .error else { return nil }
        let text = (try? argumentsWithoutDescriptors().first?.stringValue) ?? nil
        return DBusError(errorName ?? DBusError.Name.failed, text ?? "")
    }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

extension String {
    func replacingNUL() -> String {
        String(decoding: utf8.map { $0 == 0 ? UInt8(ascii: "?") : $0 }, as: UTF8.self)
    }
}

/// libdbus reports allocation failure by returning NULL; there is nothing sane to do then.
func outOfMemory() -> Never {
    fatalError("libdbus could not allocate memory")
}

extension Message {
    /// The message whose wire form `WireWriter` wrote, read and checked by
    /// libdbus as it reads what it receives, and unsent: libdbus gives it
    /// the connection's next serial when it is sent.
    static func encoded(_ bytes: [UInt8]) throws -> Message {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        let read = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { dbus_message_demarshal($0.baseAddress, Int32($0.count), &error) }
        }
        guard let read else {
            defer { dbus_error_free(&error) }
            throw DBusValueError(message: "libdbus refuses the message: \(DBusConnection.text(of: error))")
        }
        defer { dbus_message_unref(read) }
        // A copy has no serial; the one read has the writer's placeholder.
        guard let unsent = dbus_message_copy(read) else { outOfMemory() }
        return Message(adopting: unsent)
    }

    /// A signal `member` of `interface` from the object at `path`, carrying
    /// `values`: written in one pass (see `WireWriter`) when they hold
    /// containers or are several; one basic value, or values with a Unix
    /// file descriptor, are written through libdbus's iterators, which is
    /// then cheaper than reading the message back.
    ///
    /// - Throws: ``DBusValueError`` for values a message cannot carry, as ``append(_:)`` does.
    public static func signal(
        path: ObjectPath, interface: InterfaceName, member: MemberName, _ values: [DBusValue]
    ) throws -> Message {
        if WireWriter.pays(for: values) {
            do {
                return try encoded(
                    WireWriter.message(.signal(path: path, interface: interface, member: member), values))
            } catch is WireWriter.CarriesDescriptor {}
        }
        let message = signal(path: path, interface: interface, member: member)
        try message.append(values)
        return message
    }

    /// A method return answering this call with `values`, written as
    /// ``signal(path:interface:member:_:)`` writes a signal.
    ///
    /// - Throws: ``DBusValueError`` for values a message cannot carry, as ``append(_:)`` does.
    public func makeReturn(_ values: [DBusValue]) throws -> Message {
        if WireWriter.pays(for: values) {
            do {
                return try Self.encoded(WireWriter.message(.methodReturn(to: sender, answering: serial), values))
            } catch is WireWriter.CarriesDescriptor {}
        }
        let reply = makeReturn()
        try reply.append(values)
        return reply
    }
}

extension Message {
    /// The message as libdbus would put it on the wire, with serial 1 when it
    /// has none yet: what tests compare `WireWriter`'s bytes with.
    func marshaled() -> [UInt8] {
        let message = serial == 0 ? copy() : self
        if message.serial == 0 { dbus_message_set_serial(message.pointer, 1) }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(message.pointer, &buffer, &length) != 0, let buffer else { outOfMemory() }
        defer { dbus_free(buffer) }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }
}
