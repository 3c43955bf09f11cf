/// One interface of one remote object, as a client sees it: methods to call,
/// properties to read and write, and signals to follow.
///
/// A proxy holds no state of the remote object; every read asks the peer.
public struct DBusProxy: Sendable {
    /// The connection calls go out on.
    public let connection: DBusConnection
    /// The peer: a well-known or unique name; nil on a peer-to-peer connection.
    public let destination: BusName?
    /// The remote object.
    public let path: ObjectPath
    /// The interface this proxy speaks.
    public let interface: InterfaceName
    /// How long a call may take before it fails with `NoReply`.
    public var timeout: Duration

    /// A proxy for `interface` of the object at `path` owned by `destination`.
    public init(
        connection: DBusConnection, destination: BusName?, path: ObjectPath, interface: InterfaceName,
        timeout: Duration = DBusConnection.defaultCallTimeout
    ) {
        self.connection = connection
        self.destination = destination
        self.path = path
        self.interface = interface
        self.timeout = timeout
    }

    /// Calls `member` and returns the reply's values.
    ///
    /// - Throws: ``DBusError`` carrying the peer's error name.
    public func call(_ member: MemberName, _ arguments: [DBusValue] = []) async throws -> [DBusValue] {
        try await connection.call(
            destination: destination, path: path, interface: interface, member: member,
            arguments, timeout: timeout)
    }

    /// Calls `member` without asking for a reply (NO_REPLY_EXPECTED).
    public func send(_ member: MemberName, _ arguments: [DBusValue] = []) throws {
        let message = Message.methodCall(destination: destination, path: path, interface: interface, member: member)
        try message.append(arguments)
        message.noReplyExpected = true
        connection.send(message)
    }

    /// The value of property `name`, unwrapped from its variant.
    public func property(_ name: String) async throws -> DBusValue {
        let reply = try await properties("Get", [.string(interface.rawValue), .string(name)])
        guard let value = reply.first else { throw DBusError.failed("Get(\(name)) returned no value") }
        return value.unwrapped
    }

    /// Every property of the interface, by name.
    public func allProperties() async throws -> [String: DBusValue] {
        let reply = try await properties("GetAll", [.string(interface.rawValue)])
        guard let entries = reply.first?.stringKeyedEntries else {
            throw DBusError.failed("GetAll returned \(reply.first.map { "\($0.type)" } ?? "nothing"), not a{sv}")
        }
        return Dictionary(entries.map { ($0.key, $0.value.unwrapped) }, uniquingKeysWith: { _, last in last })
    }

    /// Sets property `name` to `value`.
    public func setProperty(_ name: String, _ value: DBusValue) async throws {
        _ = try await properties("Set", [.string(interface.rawValue), .string(name), .variant(value)])
    }

    /// The rule that selects this interface's signal `member` (every signal when nil) from the object.
    public func signalRule(_ member: MemberName? = nil) -> MatchRule {
        MatchRule(sender: destination?.rawValue, path: path, interface: interface, member: member)
    }

    private func properties(_ member: MemberName, _ arguments: [DBusValue]) async throws -> [DBusValue] {
        try await connection.call(
            destination: destination, path: path, interface: StandardInterfaces.properties,
            member: member, arguments, timeout: timeout)
    }
}
