/// Signals from served objects, `PropertiesChanged` among them, each checked
/// against its declaration before it is sent.
extension ObjectServer {
    /// Emits a signal of `interface` from the object at `path`.
    ///
    /// A `reusable` signal is one of few that recur with the same values (a
    /// state change, say): it is built once and later sent as a copy, which
    /// spares libdbus re-marshalling the header after every argument, the
    /// largest part of emitting a small signal. At most 64 are kept.
    public func emit(
        _ member: MemberName, of interface: InterfaceName, at path: ObjectPath, _ values: [DBusValue],
        reusable: Bool = false
    ) {
        precondition(connection.loop.inEventLoop, "ObjectServer.emit called off the loop thread")
        let key = reusable ? SignalTemplateKey(path: path, interface: interface, member: member, values: values) : nil
        if let key, let template = signalTemplates[key] {
            connection.send(template.copy())
            return
        }
        guard declaration(of: member, of: interface, at: path).violation(by: values) == nil else { return }
        let message: Message
        do {
            message = try Message.signal(path: path, interface: interface, member: member, values)
        } catch {
            return log("cannot emit \(interface).\(member) from \(path): \(error)")
        }
        if let key, signalTemplates.count < Self.maximumSignalTemplates { signalTemplates[key] = message.copy() }
        connection.send(message)
    }

    /// What `member` of `interface` at `path` must carry: the served
    /// object's declaration, or nothing at all when it declares no such signal.
    private func declaration(of member: MemberName, of interface: InterfaceName, at path: ObjectPath) -> DeclaredTypes {
        let served = objects[path.rawValue]?.interface(named: interface.rawValue)
        let signal = served?.signal(named: member.rawValue)
        return DeclaredTypes(
            subject: .signal(interface: interface, member: member, path: path, served: served != nil),
            types: signal?.types, enforcement: enforcement, log: log)
    }

    /// Emits `PropertiesChanged` for the named properties of `interface` at `path`,
    /// with new values for those that emit them and names for those that invalidate.
    public func emitPropertiesChanged(at path: ObjectPath, interface: InterfaceName, _ names: [String]) {
        guard let object = objects[path.rawValue], let description = object.interface(named: interface.rawValue)
        else { return }
        let emitted = names.compactMap { description.property(named: $0) }.filter { $0.emitsChange == .true }
        if !emitted.isEmpty, emitted.allSatisfy({ $0.wire != nil }) {
            let invalidated = names.filter { description.property(named: $0)?.emitsChange == .invalidates }
            do {
                connection.send(
                    try Self.propertiesChangedSignal(
                        at: path, interface: interface, changed: emitted, invalidated: invalidated,
                        context: object.context))
            } catch {
                log("cannot emit \(PropertiesInterface.name).PropertiesChanged from \(path): \(error)")
            }
            return
        }
        var changed: [(key: String, value: DBusValue)] = []
        var invalidated: [String] = []
        for name in names {
            guard let property = description.property(named: name) else { continue }
            switch property.emitsChange {
            case .true:
                let value = property.value(for: object.context)
                guard propertyViolation(property, of: interface.rawValue, at: path, value: value) == nil else {
                    continue
                }
                changed.append((name, value))
            case .invalidates: invalidated.append(name)
            case .const, .false: continue
            }
        }
        guard !changed.isEmpty || !invalidated.isEmpty else { return }
        emit(
            PropertiesInterface.propertiesChanged, at: path, interface.rawValue, DBusVariantDictionary(changed),
            invalidated)
    }

    /// Nil when `value` is of `property`'s declared type; otherwise what is
    /// wrong, after logging it (or stopping the process, under `.trap`).
    func propertyViolation(_ property: DBusProperty, of interface: String, at path: ObjectPath, value: DBusValue)
        -> String?
    {
        guard value.type != property.type else { return nil }
        return DeclaredTypes(
            subject: .property(interface: interface, name: property.name, path: path),
            types: [property.type], enforcement: enforcement, log: log
        ).violation(by: [value])
    }

    /// Emits `PropertiesChanged` for `interface` at `path` with the given new values,
    /// for a change whose value at emission time is no longer the one to announce.
    public func emitPropertiesChanged(
        at path: ObjectPath, interface: InterfaceName, values: [(key: String, value: DBusValue)], reusable: Bool = false
    ) {
        emit(
            PropertiesInterface.propertiesChanged, at: path, interface.rawValue, DBusVariantDictionary(values), [],
            reusable: reusable)
    }
}
