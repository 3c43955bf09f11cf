import DBus

/// A method call waiting for its answer, as the service sees it: a D-Bus
/// ``MethodCall`` in petald, a recorded one in in-process tests.
protocol PendingCall: AnyObject, Sendable {
    /// The caller's unique bus name.
    var sender: String { get }
    /// Whether the call has been answered.
    var isAnswered: Bool { get }
    /// Answers with values; false if already answered.
    @discardableResult func reply(_ values: [DBusValue]) -> Bool
    /// Answers with an error; false if already answered.
    @discardableResult func fail(_ error: DBusError) -> Bool
}

extension MethodCall: PendingCall {}

/// Where the service's signals go: the ``ObjectServer`` in petald, a
/// recorder in in-process tests. Called on the service's scheduler.
protocol SignalSink: AnyObject {
    /// Emits `member` of `interface` from `path`; `reusable` signals may be sent as copies of one built before.
    func emit(_ member: MemberName, of interface: InterfaceName, at path: ObjectPath, _ values: [DBusValue], reusable: Bool)
    /// Emits `PropertiesChanged` for the named properties, read as they are now.
    func emitPropertiesChanged(at path: ObjectPath, interface: InterfaceName, _ names: [String])
    /// Emits `PropertiesChanged` with the given values.
    func emitPropertiesChanged(at path: ObjectPath, interface: InterfaceName, values: [(String, DBusValue)], reusable: Bool)
}

extension ObjectServer: SignalSink {}

extension SignalSink {
    /// Emits `member` of `interface` from `path`, built anew.
    func emit(_ member: MemberName, of interface: InterfaceName, at path: ObjectPath, _ values: [DBusValue]) {
        emit(member, of: interface, at: path, values, reusable: false)
    }
}
