import DBus

/// A method call waiting for its answer, as the service sees it: a D-Bus
/// call being served (``DBusReply``) in petald, a recorded one in in-process
/// tests. `Value` is what its method declares it returns.
protocol PendingCall<Value>: Sendable {
    associatedtype Value: Sendable
    /// The caller's unique bus name.
    var sender: String { get }
    /// Whether the call has been answered.
    var isAnswered: Bool { get }
    /// Answers with `value`; false if already answered.
    @discardableResult func reply(_ value: Value) -> Bool
    /// Answers with an error; false if already answered.
    @discardableResult func fail(_ error: DBusError) -> Bool
    /// ``reply(_:)`` from the calling thread, whichever it is, without a hop to the loop.
    @discardableResult func replyHere(_ value: Value) -> Bool
    /// ``fail(_:)`` from the calling thread, whichever it is, without a hop to the loop.
    @discardableResult func failHere(_ error: DBusError) -> Bool
}

extension PendingCall {
    /// A call with no cheaper way answers as ``reply(_:)`` does.
    @discardableResult func replyHere(_ value: Value) -> Bool { reply(value) }
    /// A call with no cheaper way answers as ``fail(_:)`` does.
    @discardableResult func failHere(_ error: DBusError) -> Bool { fail(error) }
}

extension DBusReply: PendingCall {}

/// Where the service's signals go: the ``ObjectServer`` in petald, a
/// recorder in in-process tests. Called on the service's scheduler.
protocol SignalSink: AnyObject {
    /// Emits `member` of `interface` from `path`; `reusable` signals may be sent as copies of one built before.
    func emit(
        _ member: MemberName, of interface: InterfaceName, at path: ObjectPath, _ values: [DBusValue], reusable: Bool)
    /// Emits `PropertiesChanged` for the named properties, read as they are now.
    func emitPropertiesChanged(at path: ObjectPath, interface: InterfaceName, _ names: [String])
    /// Emits `PropertiesChanged` with the given values.
    func emitPropertiesChanged(
        at path: ObjectPath, interface: InterfaceName, values: [(key: String, value: DBusValue)], reusable: Bool)
}

extension ObjectServer: SignalSink {}

extension SignalSink {
    /// Emits `signal` from `path` with `arguments`, typed by its declaration.
    func emit<each Argument: DBusArgumentValue>(
        _ signal: DBusSignalDeclaration<repeat each Argument>, at path: ObjectPath, _ arguments: repeat each Argument,
        reusable: Bool = false
    ) {
        emit(signal.name, of: signal.interface, at: path, signal.values(repeat each arguments), reusable: reusable)
    }

    /// Emits `PropertiesChanged` for `properties` (of one interface) of the object at `path`, read as they are now.
    func emitPropertiesChanged(at path: ObjectPath, _ properties: [any DBusPropertyMember]) {
        guard let interface = properties.first?.interface else { return }
        emitPropertiesChanged(at: path, interface: interface, properties.map(\.name.rawValue))
    }

    /// Emits `PropertiesChanged` announcing `value` for `property` of the object at `path`.
    func emitChange<Value>(
        of property: DBusPropertyDeclaration<Value>, at path: ObjectPath, to value: Value, reusable: Bool = false
    ) {
        emitPropertiesChanged(
            at: path, interface: property.interface, values: [property.change(to: value)],
            reusable: reusable)
    }
}

/// A sink that drops every signal: for a service built only to describe its
/// interfaces (`petald --introspect`).
final class DiscardedSignals: SignalSink {
    func emit(
        _ member: MemberName, of interface: InterfaceName, at path: ObjectPath, _ values: [DBusValue], reusable: Bool
    ) {}
    func emitPropertiesChanged(at path: ObjectPath, interface: InterfaceName, _ names: [String]) {}
    func emitPropertiesChanged(
        at path: ObjectPath, interface: InterfaceName, values: [(key: String, value: DBusValue)], reusable: Bool
    ) {}
}

/// A call nobody waits on: the actions a `Submit` starts, whose ends are
/// announced with `ActionFinished` only.
struct DetachedCall<Value: Sendable>: PendingCall {
    let sender: String
    var isAnswered: Bool { false }
    @discardableResult func reply(_ value: Value) -> Bool { true }
    @discardableResult func fail(_ error: DBusError) -> Bool { true }
}
