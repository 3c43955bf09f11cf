import DBus
import Synchronization
import TestSupport
import Testing

/// A server and a client connection on the shared private bus: the server
/// serves objects, the client calls them.
///
/// ``withTestService(_:)`` creates one and closes both connections when the test ends.
struct TestService: Sendable {
    /// Serves the objects under test.
    let server: DBusConnection
    /// Calls the server, as a separate bus client would.
    let client: DBusConnection

    /// The server's unique bus name, the destination of every call.
    var name: BusName { BusName(valid: server.uniqueName) }

    /// Serves `interfaces` at `path` on the server's loop thread.
    func register(_ interfaces: [DBusInterface], at path: ObjectPath = .example) throws {
        try server.loop.performAndWait { server.objectServer.register(interfaces, at: path) }
    }

    /// Calls `member` on the server from the client and returns the reply's values.
    func call(
        _ interface: InterfaceName, _ member: MemberName, _ arguments: [DBusValue] = [],
        at path: ObjectPath = .example, timeout: Duration = DBusConnection.defaultCallTimeout
    ) async throws -> [DBusValue] {
        try await client.call(
            destination: name, path: path, interface: interface, member: member,
            arguments, timeout: timeout)
    }

    /// Sends a prepared call message to the server from the client and returns its reply.
    func send(_ message: Message) async throws -> Message {
        try await client.call(message)
    }

    /// A method call addressed to the server, to adjust before ``send(_:)``.
    func message(
        _ interface: InterfaceName?, _ member: MemberName, _ arguments: [DBusValue] = [],
        at path: ObjectPath = .example
    ) throws -> Message {
        let message = Message.methodCall(destination: name, path: path, interface: interface, member: member)
        try message.append(arguments)
        return message
    }

    /// `org.freedesktop.DBus.Properties.Get`, unwrapped from its variant.
    func property(_ interface: InterfaceName, _ name: String, at path: ObjectPath = .example) async throws -> DBusValue?
    {
        try await call(.properties, "Get", [.string(interface.rawValue), .string(name)], at: path).first?.unwrapped
    }

    /// `org.freedesktop.DBus.Properties.Set` with `value` wrapped in a variant.
    func setProperty(_ interface: InterfaceName, _ name: String, _ value: DBusValue, at path: ObjectPath = .example)
        async throws
    {
        _ = try await call(.properties, "Set", [.string(interface.rawValue), .string(name), .variant(value)], at: path)
    }
}

/// Runs `body` with a fresh server and client on the shared private bus, closing both afterwards.
func withTestService<T>(_ body: (TestService) async throws -> T) async throws -> T {
    let address = PrivateBus.shared.address
    let server = try DBusConnection.connect(to: .address(address))
    defer { server.close() }
    let client = try DBusConnection.connect(to: .address(address))
    defer { client.close() }
    return try await body(TestService(server: server, client: client))
}

// MARK: - Small shared state for handlers

/// A counter that handlers on the loop thread bump and tests read.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    /// Adds one and returns the new count.
    @discardableResult
    func increment() -> Int { count.add(1, ordering: .relaxed).newValue }

    /// The current count.
    var value: Int { count.load(ordering: .relaxed) }
}

/// A value shared between a test and handlers on other threads.
final class Shared<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) { storage = Mutex(value) }

    /// The current value.
    var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    /// Changes the value under the lock and returns what `change` returns.
    func update<R: Sendable>(_ change: (inout Value) -> R) -> R { storage.withLock { change(&$0) } }
}

// MARK: - Names used throughout the tests

extension ObjectPath {
    /// `/org/example`, where the tests serve their object.
    static let example: ObjectPath = "/org/example"
}

extension InterfaceName {
    /// `org.freedesktop.DBus.Properties`.
    static let properties: InterfaceName = "org.freedesktop.DBus.Properties"
    /// `org.freedesktop.DBus.Introspectable`.
    static let introspectable: InterfaceName = "org.freedesktop.DBus.Introspectable"
    /// `org.freedesktop.DBus.Peer`.
    static let peer: InterfaceName = "org.freedesktop.DBus.Peer"
}

extension BusName {
    /// A name known to be valid, such as a unique name the bus gave.
    init(valid text: String) {
        do { try self.init(text) } catch { fatalError("\(text) is not a bus name: \(error)") }
    }
}

/// A well-known bus name no other test uses, e.g. `org.example.Test.N1a2b3c4d`.
func uniqueWellKnownName(_ label: String) -> BusName {
    BusName(valid: "org.example.Test.\(label)_\(UInt32.random(in: 0 ... .max))")
}
