/// Signals and property changes through declarations, so that what an
/// object emits has the types its interface declares by construction.
extension ObjectServer {
    /// Emits `signal` from the object at `path` with `arguments`; a
    /// `reusable` one is built once and sent as copies (see
    /// ``emit(_:of:at:_:reusable:)``).
    public func emit<each Argument: DBusArgumentValue>(
        _ signal: DBusSignalDeclaration<repeat each Argument>, at path: ObjectPath, _ arguments: repeat each Argument,
        reusable: Bool = false
    ) {
        emit(signal.name, of: signal.interface, at: path, signal.values(repeat each arguments), reusable: reusable)
    }

    /// Emits `PropertiesChanged` for `properties` of the object at `path`,
    /// read as they are now: all must belong to one interface.
    public func emitPropertiesChanged(at path: ObjectPath, _ properties: [any DBusPropertyMember]) {
        guard let interface = properties.first?.interface else { return }
        precondition(
            properties.allSatisfy { $0.interface == interface },
            "one PropertiesChanged names the properties of one interface")
        emitPropertiesChanged(at: path, interface: interface, properties.map(\.name.rawValue))
    }

    /// Emits `PropertiesChanged` announcing `value` for `property` of the
    /// object at `path`, for a change whose value when it is emitted is no
    /// longer the one to announce.
    public func emitChange<Value>(
        of property: DBusPropertyDeclaration<Value>, at path: ObjectPath, to value: Value, reusable: Bool = false
    ) {
        emitPropertiesChanged(
            at: path, interface: property.interface, values: [property.change(to: value)],
            reusable: reusable)
    }
}
