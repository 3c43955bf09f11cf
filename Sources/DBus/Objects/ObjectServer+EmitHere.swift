extension ObjectServer {
    /// Emits a signal of `interface` from the object at `path` on the calling
    /// thread, whichever it is (``DBusConnection/sendHere(_:)``), where
    /// ``emit(_:of:at:_:reusable:)`` must be called on the loop.
    ///
    /// The served objects are the loop's, so nothing is checked against them:
    /// for a signal whose values a typed declaration made, from an object
    /// that is always served.
    public func emitHere(_ member: MemberName, of interface: InterfaceName, at path: ObjectPath, _ values: [DBusValue])
    {
        do {
            connection.sendHere(try Message.signal(path: path, interface: interface, member: member, values))
        } catch {
            log("cannot emit \(interface).\(member) from \(path): \(error)")
        }
    }
}
