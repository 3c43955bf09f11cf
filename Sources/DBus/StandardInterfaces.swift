import CDBus

/// `org.freedesktop.DBus.Introspectable`, `.Properties` and `.Peer`, described
/// with the same ``DBusInterface`` data as any other interface and served for
/// every object.
enum StandardInterfaces {
    static let introspectable: InterfaceName = "org.freedesktop.DBus.Introspectable"
    static let properties: InterfaceName = "org.freedesktop.DBus.Properties"
    static let peer: InterfaceName = "org.freedesktop.DBus.Peer"

    /// The standard interfaces of the object at `path`; with no server their
    /// handlers answer Failed (used to print introspection without a bus).
    static func make(server: ObjectServer?, path: ObjectPath) -> [DBusInterface] {
        [propertiesInterface(server: server, path: path),
         introspectableInterface(server: server, path: path),
         peerInterface()]
    }

    private static func introspectableInterface(server: ObjectServer?, path: ObjectPath) -> DBusInterface {
        DBusInterface(introspectable, methods: [
            DBusMethod("Introspect", out: [DBusArgument("xml_data", .string)]) { [weak server] _ in
                guard let server else { throw DBusError.failed("the object server is gone") }
                let object = server.object(at: path.rawValue)
                let interfaces = object?.interfaces ?? make(server: nil, path: path).filter { $0.name != properties }
                return .values([.string(Introspection.xml(interfaces: interfaces, children: server.children(of: path.rawValue)))])
            },
        ])
    }

    private static func peerInterface() -> DBusInterface {
        // libdbus answers Peer calls itself before they reach the server; this
        // description makes introspection list them and serves them if it ever does not.
        DBusInterface(peer, methods: [
            DBusMethod("Ping") { _ in .values([]) },
            DBusMethod("GetMachineId", out: [DBusArgument("machine_uuid", .string)]) { _ in
                guard let raw = dbus_get_local_machine_id() else { throw DBusError.failed("no machine id") }
                defer { dbus_free(raw) }
                return .values([.string(String(cString: raw))])
            },
        ])
    }

    private static func propertiesInterface(server: ObjectServer?, path: ObjectPath) -> DBusInterface {
        DBusInterface(properties, methods: [
            DBusMethod("Get", in: DBusIn("interface_name", String.self), DBusIn("property_name", String.self),
                       out: [DBusArgument("value", .variant)]) { [weak server] _, interface, name in
                let property = try lookUp(server, path, interface, name)
                return .values([.variant(property.get())])
            },
            DBusMethod("GetAll", in: DBusIn("interface_name", String.self),
                       out: [DBusArgument("props", .dictionary(.string, .variant))]) { [weak server] _, name in
                let interface = try lookUp(server, path, name)
                return .values([.vardict(interface.properties.map { ($0.name.rawValue, $0.get()) })])
            },
            DBusMethod("Set", in: DBusIn("interface_name", String.self), DBusIn("property_name", String.self),
                       DBusIn("value", DBusVariant.self)) { [weak server] _, interface, name, variant in
                let property = try lookUp(server, path, interface, name)
                guard let set = property.set else {
                    throw DBusError(DBusError.Name.propertyReadOnly, "Property \(name) is read-only")
                }
                guard variant.value.type == property.type else {
                    throw DBusError.invalidArgs("Property \(name) has type \(property.type), not \(variant.value.unwrapped.type)")
                }
                try set(variant.value)
                return .values([])
            },
        ], signals: [
            DBusSignal("PropertiesChanged", [
                DBusArgument("interface_name", .string),
                DBusArgument("changed_properties", .dictionary(.string, .variant)),
                DBusArgument("invalidated_properties", .array(.string)),
            ]),
        ])
    }

    private static func lookUp(_ server: ObjectServer?, _ path: ObjectPath, _ interface: String) throws -> DBusInterface {
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
