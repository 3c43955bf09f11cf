extension ObjectServer {
    static let objectManager = ObjectManagerInterface.name

    /// `org.freedesktop.DBus.ObjectManager` for the objects below `root`,
    /// served from its declaration (``ObjectManagerInterface``) like any
    /// other interface; serve it at `root` with the root's own interfaces.
    /// Registering or unregistering an object below `root` then announces
    /// `InterfacesAdded` / `InterfacesRemoved`.
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
        DBusInterface(
            objectManager,
            methods: [
                ObjectManagerInterface.getManagedObjects.serve { [weak server] _ in
                    guard let server else { throw DBusError.failed("the object server is gone") }
                    return server.managedObjects(below: root)
                }
            ],
            signals: [
                ObjectManagerInterface.interfacesAdded.description,
                ObjectManagerInterface.interfacesRemoved.description,
            ])
    }

    /// Emits `InterfacesAdded` from `root` for `object`, new at `path`.
    func announceAdded(_ object: ServedObject, at path: ObjectPath, below root: ObjectPath) {
        do {
            connection.send(try interfacesAdded(object, at: path, below: root))
        } catch is WireWriter.CarriesDescriptor {
            emit(ObjectManagerInterface.interfacesAdded, at: root, path, interfacesAndProperties(of: object))
        } catch {
            log("cannot emit \(Self.objectManager).InterfacesAdded for \(path): \(error)")
        }
    }

    /// `InterfacesAdded` for `object` at `path`, written straight from each
    /// property's value: the signal every new object sends, so it builds no
    /// dictionary of values to write and then throw away.
    private func interfacesAdded(_ object: ServedObject, at path: ObjectPath, below root: ObjectPath) throws
        -> Message
    {
        let header = WireWriter.Header.signal(
            path: root, interface: Self.objectManager, member: ObjectManagerInterface.interfacesAdded.name)
        return try Message.encoded(
            WireWriter.message(header, signature: Self.interfacesAddedSignature) { writer in
                try writer.appendString(path.rawValue)
                let interfaces = writer.beginArray(alignedTo: 8)
                for interface in object.interfaces where !Self.isStandard(interface.name) {
                    writer.beginEntry()
                    try writer.appendString(interface.name.rawValue)
                    let properties = writer.beginArray(alignedTo: 8)
                    for property in interface.properties {
                        writer.beginEntry()
                        try writer.appendString(property.name.rawValue)
                        // Inside a{sa{sv}}: the array, its entry, the inner array and its entry.
                        try property.appendVariant(for: object.context, to: &writer, depth: 4)
                    }
                    try writer.endArray(properties)
                }
                try writer.endArray(interfaces)
            })
    }

    private static let interfacesAddedSignature = Array("oa{sa{sv}}".utf8)

    /// The object's own interfaces (not the standard ones) with all their properties.
    func interfacesAndProperties(of object: ServedObject) -> ObjectManagerInterface.InterfacesAndProperties {
        ObjectManagerInterface.InterfacesAndProperties(
            object.interfaces.filter { !Self.isStandard($0.name) }.map {
                (
                    $0.name.rawValue,
                    DBusVariantDictionary($0.properties.map { ($0.name.rawValue, $0.value(for: object.context)) })
                )
            })
    }

    private func managedObjects(below root: ObjectPath) -> ObjectManagerInterface.ManagedObjects {
        let prefix = root.rawValue == "/" ? "/" : root.rawValue + "/"
        return ObjectManagerInterface.ManagedObjects(
            paths.filter { $0.rawValue.hasPrefix(prefix) }.compactMap { path in
                guard let object = object(at: path.rawValue) else { return nil }
                return (path, interfacesAndProperties(of: object))
            })
    }

    /// The served managed root above `path`, if any.
    func managingRoot(of path: ObjectPath) -> ObjectPath? {
        // The nearest is the longest served root that is a prefix; there are few roots,
        // so comparing each costs less than cutting the path down a level at a time.
        var nearest: String?
        for root in managedRoots where root.utf8.count > nearest?.utf8.count ?? -1 {
            if Self.isBelow(path.rawValue, root), object(at: root) != nil { nearest = root }
        }
        return nearest.map { ObjectPath(unchecked: $0) }
    }

    /// Whether the object path `path` is strictly below `root`.
    static func isBelow(_ path: String, _ root: String) -> Bool {
        guard root != "/" else { return path != "/" }
        let (path, root) = (path.utf8, root.utf8)
        guard path.count > root.count, path.starts(with: root) else { return false }
        return path[path.index(path.startIndex, offsetBy: root.count)] == UInt8(ascii: "/")
    }

    static func isStandard(_ name: InterfaceName) -> Bool {
        name == StandardInterfaces.properties || name == StandardInterfaces.introspectable
            || name == StandardInterfaces.peer || name == objectManager
    }
}
