import CDBus

/// `org.freedesktop.DBus.Introspectable`, `.Properties` and `.Peer`, served
/// for every object from their declarations (``StandardDeclarations.swift``),
/// with the same mechanism as any other interface.
enum StandardInterfaces {
    static let introspectable = IntrospectableInterface.name
    static let properties = PropertiesInterface.name
    static let peer = PeerInterface.name

    /// The standard interfaces of the object at `path`; with no server their
    /// handlers answer Failed (used to print introspection without a bus).
    static func make(server: ObjectServer?, path: ObjectPath) -> [DBusInterface] {
        [
            propertiesInterface(server: server, path: path),
            introspectableInterface(server: server, path: path),
            peerInterface,
        ]
    }

    private static func introspectableInterface(server: ObjectServer?, path: ObjectPath) -> DBusInterface {
        DBusInterface(
            introspectable,
            methods: [
                IntrospectableInterface.introspect.serve { [weak server] _ in
                    guard let server else { throw DBusError.failed("the object server is gone") }
                    let object = server.object(at: path.rawValue)
                    let interfaces =
                        object?.interfaces ?? make(server: nil, path: path).filter { $0.name != properties }
                    return Introspection.xml(interfaces: interfaces, children: server.children(of: path.rawValue))
                }
            ])
    }

    /// One for every object: it holds nothing of any of them.
    private static let peerInterface: DBusInterface = {
        // libdbus answers Peer calls itself before they reach the server; this
        // description makes introspection list them and serves them if it ever does not.
        DBusInterface(
            peer,
            methods: [
                PeerInterface.ping.serve { _ in },
                PeerInterface.getMachineId.serve { _ in
                    guard let raw = dbus_get_local_machine_id() else { throw DBusError.failed("no machine id") }
                    defer { dbus_free(raw) }
                    return String(cString: raw)
                },
            ])
    }()

    private static func propertiesInterface(server: ObjectServer?, path: ObjectPath) -> DBusInterface {
        DBusInterface(
            properties,
            methods: [
                PropertiesInterface.get.serve { [weak server] _, interface, name in
                    let property = try lookUp(server, path, interface, name)
                    return DBusVariant(try checked(property, of: interface, at: path, server))
                },
                PropertiesInterface.getAll.serve { [weak server] _, name in
                    let interface = try lookUp(server, path, name)
                    return DBusVariantDictionary(
                        try interface.properties.map {
                            ($0.name.rawValue, try checked($0, of: name, at: path, server))
                        })
                },
                PropertiesInterface.set.serve { [weak server] _, interface, name, variant in
                    let property = try lookUp(server, path, interface, name)
                    guard let set = property.set else {
                        throw DBusError(DBusError.Name.propertyReadOnly, "Property \(name) is read-only")
                    }
                    guard variant.value.type == property.type else {
                        throw DBusError.invalidArgs(
                            "Property \(name) has type \(property.type), not \(variant.value.unwrapped.type)")
                    }
                    try set(variant.value)
                },
            ], signals: [PropertiesInterface.propertiesChanged.description])
    }

    /// The value of `property`, checked against its declared type as a reply is.
    private static func checked(
        _ property: DBusProperty, of interface: String, at path: ObjectPath, _ server: ObjectServer?
    ) throws -> DBusValue {
        let value = property.get()
        if let server, let problem = server.propertyViolation(property, of: interface, at: path, value: value) {
            throw DBusError.failed("internal error: \(problem)")
        }
        return value
    }

    private static func lookUp(_ server: ObjectServer?, _ path: ObjectPath, _ interface: String) throws -> DBusInterface
    {
        guard let found = server?.object(at: path.rawValue)?.interface(named: interface) else {
            throw DBusError(DBusError.Name.unknownInterface, "The object at \(path) has no interface \(interface)")
        }
        return found
    }

    private static func lookUp(
        _ server: ObjectServer?, _ path: ObjectPath, _ interface: String, _ name: String
    ) throws -> DBusProperty {
        guard let property = try lookUp(server, path, interface).property(named: name) else {
            throw DBusError(DBusError.Name.unknownProperty, "Interface \(interface) has no property \(name)")
        }
        return property
    }
}
