import CDBus

/// `org.freedesktop.DBus.Introspectable`, `.Properties` and `.Peer`, served
/// for every object from their declarations (``StandardDeclarations.swift``),
/// with the same mechanism as any other interface.
///
/// They are built once for every object: their handlers find the object from
/// the call (its path, on the connection's ``ObjectServer``), so registering
/// an object stores none of them.
enum StandardInterfaces {
    static let introspectable = IntrospectableInterface.name
    static let properties = PropertiesInterface.name
    static let peer = PeerInterface.name

    /// The standard interfaces of every object, in introspection order.
    static let all: [DBusInterface] = [propertiesInterface, introspectableInterface, peerInterface]

    /// Those of a path above served objects, which has no properties.
    static let ofIntermediateNode: [DBusInterface] = [introspectableInterface, peerInterface]

    /// The server and the path a call to a standard interface is for.
    private static func target(of call: MethodCall) throws -> (server: ObjectServer, path: String) {
        guard let server = call.server else { throw DBusError.failed("the object server is gone") }
        return (server, call.message.path ?? "/")
    }

    private static let introspectableInterface = DBusInterface(
        introspectable,
        methods: [
            IntrospectableInterface.introspect.serve { call in
                let (server, path) = try target(of: call)
                let interfaces = server.served(at: path)?.allInterfaces ?? ofIntermediateNode
                return Introspection.xml(interfaces: interfaces, children: server.children(of: path))
            }
        ])

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

    private static let propertiesInterface = DBusInterface(
        properties,
        methods: [
            PropertiesInterface.get.serve { call, interface, name in
                let (server, path) = try target(of: call)
                let (object, property) = try lookUp(server, path, interface, name)
                return DBusVariant(try checked(property, of: interface, in: object, at: path, server))
            },
            PropertiesInterface.getAll.serveLater { reply, name in
                let (server, path) = try target(of: reply.call)
                let (object, interface) = try lookUp(server, path, name)
                if ObjectServer.writesDirectly(interface) {
                    reply.call.reply(
                        encoded: try ObjectServer.getAllReply(
                            to: reply.call.message, interface, context: object.context))
                    return
                }
                reply.reply(
                    DBusVariantDictionary(
                        try interface.properties.map {
                            ($0.name.rawValue, try checked($0, of: name, in: object, at: path, server))
                        }))
            },
            PropertiesInterface.set.serve { call, interface, name, variant in
                let (server, path) = try target(of: call)
                let (object, property) = try lookUp(server, path, interface, name)
                guard let set = property.set else {
                    throw DBusError(DBusError.Name.propertyReadOnly, "Property \(name) is read-only")
                }
                guard variant.value.type == property.type else {
                    throw DBusError.invalidArgs(
                        "Property \(name) has type \(property.type), not \(variant.value.unwrapped.type)")
                }
                try set(variant.value, object.context)
            },
        ], signals: [PropertiesInterface.propertiesChanged.description])

    /// The value of `property`, checked against its declared type as a reply is.
    private static func checked(
        _ property: DBusProperty, of interface: String, in object: ObjectServer.ServedObject, at path: String,
        _ server: ObjectServer
    ) throws -> DBusValue {
        let value = property.value(for: object.context)
        // The path is parsed again only for a value of the wrong type, to name it.
        if value.type != property.type, let objectPath = try? ObjectPath(path),
            let problem = server.propertyViolation(property, of: interface, at: objectPath, value: value)
        {
            throw DBusError.failed("internal error: \(problem)")
        }
        return value
    }

    private static func lookUp(
        _ server: ObjectServer, _ path: String, _ interface: String
    ) throws -> (ObjectServer.ServedObject, DBusInterface) {
        guard let object = server.object(at: path), let found = object.interface(named: interface) else {
            throw DBusError(DBusError.Name.unknownInterface, "The object at \(path) has no interface \(interface)")
        }
        return (object, found)
    }

    private static func lookUp(
        _ server: ObjectServer, _ path: String, _ interface: String, _ name: String
    ) throws -> (ObjectServer.ServedObject, DBusProperty) {
        let (object, found) = try lookUp(server, path, interface)
        guard let property = found.property(named: name) else {
            throw DBusError(DBusError.Name.unknownProperty, "Interface \(interface) has no property \(name)")
        }
        return (object, property)
    }
}
