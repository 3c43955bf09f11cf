extension ObjectServer {
    static let objectManager: InterfaceName = "org.freedesktop.DBus.ObjectManager"

    /// `org.freedesktop.DBus.ObjectManager` for the objects below `root`,
    /// described as data like any other interface; serve it at `root` with
    /// the root's own interfaces. Registering or unregistering an object
    /// below `root` then announces `InterfacesAdded` / `InterfacesRemoved`.
    public func objectManagerInterface(at root: ObjectPath) -> DBusInterface {
        managedRoots.insert(root.rawValue)
        return Self.objectManagerInterface(server: self, root: root)
    }

    /// The object manager's description without a server behind it, for
    /// introspection without a bus (``Introspection/xml(serving:at:children:)``).
    public static func objectManagerDescription(at root: ObjectPath) -> DBusInterface {
        objectManagerInterface(server: nil, root: root)
    }

    private static func objectManagerInterface(server: ObjectServer?, root: ObjectPath) -> DBusInterface {
        DBusInterface(objectManager, methods: [
            DBusMethod("GetManagedObjects", out: [DBusArgument("object_paths_interfaces_and_properties", managedObjectsType)]) {
                [weak server] _ in
                guard let server else { throw DBusError.failed("the object server is gone") }
                return .values([server.managedObjects(below: root)])
            },
        ], signals: [
            DBusSignal("InterfacesAdded", [DBusArgument("object_path", .objectPath),
                                           DBusArgument("interfaces_and_properties", interfacesType)]),
            DBusSignal("InterfacesRemoved", [DBusArgument("object_path", .objectPath),
                                             DBusArgument("interfaces", .array(.string))]),
        ])
    }

    static let interfacesType: DBusType = .dictionary(.string, .dictionary(.string, .variant))
    static let managedObjectsType: DBusType = .dictionary(.objectPath, interfacesType)

    /// `a{sa{sv}}`: the object's own interfaces (not the standard ones) with all their properties.
    func interfacesAndProperties(of interfaces: [DBusInterface]) -> DBusValue {
        .dictionary(.string, .dictionary(.string, .variant), interfaces.filter { !Self.isStandard($0.name) }.map {
            (.string($0.name.rawValue), .vardict($0.properties.map { ($0.name.rawValue, $0.get()) }))
        })
    }

    private func managedObjects(below root: ObjectPath) -> DBusValue {
        let prefix = root.rawValue == "/" ? "/" : root.rawValue + "/"
        let entries: [(DBusValue, DBusValue)] = paths.filter { $0.rawValue.hasPrefix(prefix) }.compactMap { path in
            guard let object = object(at: path.rawValue) else { return nil }
            return (.objectPath(path), interfacesAndProperties(of: object.interfaces))
        }
        return .dictionary(.objectPath, Self.interfacesType, entries)
    }

    /// The served managed root above `path`, if any.
    func managingRoot(of path: ObjectPath) -> ObjectPath? {
        var current = path.parent
        while let candidate = current {
            if managedRoots.contains(candidate.rawValue), object(at: candidate.rawValue) != nil { return candidate }
            current = candidate.parent
        }
        return nil
    }

    static func isStandard(_ name: InterfaceName) -> Bool {
        name == StandardInterfaces.properties || name == StandardInterfaces.introspectable
            || name == StandardInterfaces.peer || name == objectManager
    }
}
