/// `org.freedesktop.DBus.Properties`, declared as any other interface is:
/// the object server serves it and proxies call it through these.
public enum PropertiesInterface {
    /// `org.freedesktop.DBus.Properties`.
    public static let name: InterfaceName = "org.freedesktop.DBus.Properties"
    /// `Get(s interface_name, s property_name) → v value`.
    public static let get = DBusMethodDeclaration(
        name, "Get", in: DBusIn("interface_name", String.self), DBusIn("property_name", String.self),
        out: DBusOut("value", DBusVariant.self))
    /// `GetAll(s interface_name) → a{sv} props`.
    public static let getAll = DBusMethodDeclaration(
        name, "GetAll", in: DBusIn("interface_name", String.self), out: DBusOut("props", DBusVariantDictionary.self))
    /// `Set(s interface_name, s property_name, v value)`.
    public static let set = DBusMethodDeclaration(
        name, "Set", in: DBusIn("interface_name", String.self), DBusIn("property_name", String.self),
        DBusIn("value", DBusVariant.self))
    /// `PropertiesChanged(s interface_name, a{sv} changed_properties, as invalidated_properties)`.
    public static let propertiesChanged = DBusSignalDeclaration(
        name, "PropertiesChanged", DBusOut("interface_name", String.self),
        DBusOut("changed_properties", DBusVariantDictionary.self), DBusOut("invalidated_properties", [String].self))
}

/// `org.freedesktop.DBus.Introspectable`, declared as any other interface is.
public enum IntrospectableInterface {
    /// `org.freedesktop.DBus.Introspectable`.
    public static let name: InterfaceName = "org.freedesktop.DBus.Introspectable"
    /// `Introspect() → s xml_data`.
    public static let introspect = DBusMethodDeclaration(name, "Introspect", out: DBusOut("xml_data", String.self))
}

/// `org.freedesktop.DBus.Peer`, declared as any other interface is.
public enum PeerInterface {
    /// `org.freedesktop.DBus.Peer`.
    public static let name: InterfaceName = "org.freedesktop.DBus.Peer"
    /// `Ping()`.
    public static let ping = DBusMethodDeclaration(name, "Ping")
    /// `GetMachineId() → s machine_uuid`.
    public static let getMachineId = DBusMethodDeclaration(
        name, "GetMachineId", out: DBusOut("machine_uuid", String.self))
}

/// `org.freedesktop.DBus.ObjectManager`, declared as any other interface is:
/// ``ObjectServer/objectManagerInterface(at:)`` serves it, clients call it.
public enum ObjectManagerInterface {
    /// `org.freedesktop.DBus.ObjectManager`.
    public static let name: InterfaceName = "org.freedesktop.DBus.ObjectManager"
    /// One object's interfaces, each with all its properties: `a{sa{sv}}`.
    public typealias InterfacesAndProperties = DBusDictionary<String, DBusVariantDictionary>
    /// Every object below the manager: `a{oa{sa{sv}}}`.
    public typealias ManagedObjects = DBusDictionary<ObjectPath, InterfacesAndProperties>
    /// `GetManagedObjects() → a{oa{sa{sv}}} object_paths_interfaces_and_properties`.
    public static let getManagedObjects = DBusMethodDeclaration(
        name, "GetManagedObjects", out: DBusOut("object_paths_interfaces_and_properties", ManagedObjects.self))
    /// `InterfacesAdded(o object_path, a{sa{sv}} interfaces_and_properties)`.
    public static let interfacesAdded = DBusSignalDeclaration(
        name, "InterfacesAdded", DBusOut("object_path", ObjectPath.self),
        DBusOut("interfaces_and_properties", InterfacesAndProperties.self))
    /// `InterfacesRemoved(o object_path, as interfaces)`.
    public static let interfacesRemoved = DBusSignalDeclaration(
        name, "InterfacesRemoved", DBusOut("object_path", ObjectPath.self), DBusOut("interfaces", [String].self))
}

/// The bus daemon's own interface, `org.freedesktop.DBus`, on
/// ``ObjectPath/bus`` of ``BusName/bus``: the members this library uses.
public enum BusDaemonInterface {
    /// `RequestName(s name, u flags) → u reply` (``NameRequestReply``).
    public static let requestName = DBusMethodDeclaration(
        .bus, "RequestName", in: DBusIn("name", String.self), DBusIn("flags", UInt32.self),
        out: DBusOut("reply", UInt32.self))
    /// `ReleaseName(s name) → u reply` (``NameReleaseReply``).
    public static let releaseName = DBusMethodDeclaration(
        .bus, "ReleaseName", in: DBusIn("name", String.self), out: DBusOut("reply", UInt32.self))
    /// `GetNameOwner(s name) → s owner`: the unique name owning `name`.
    public static let getNameOwner = DBusMethodDeclaration(
        .bus, "GetNameOwner", in: DBusIn("name", String.self), out: DBusOut("owner", String.self))
    /// `NameHasOwner(s name) → b owned`.
    public static let nameHasOwner = DBusMethodDeclaration(
        .bus, "NameHasOwner", in: DBusIn("name", String.self), out: DBusOut("owned", Bool.self))
    /// `StartServiceByName(s name, u flags) → u reply`: asks the bus to
    /// activate `name` from its service files; answered once the name is owned
    /// (1, started) or at once when it already was (2), else with an error
    /// (`ServiceUnknown` when no service file names it).
    public static let startServiceByName = DBusMethodDeclaration(
        .bus, "StartServiceByName", in: DBusIn("name", String.self), DBusIn("flags", UInt32.self),
        out: DBusOut("reply", UInt32.self))
    /// `ListActivatableNames() → as names`: the names the bus can start.
    public static let listActivatableNames = DBusMethodDeclaration(
        .bus, "ListActivatableNames", out: DBusOut("names", [String].self))
    /// `GetConnectionUnixUser(s name) → u uid`.
    public static let getConnectionUnixUser = DBusMethodDeclaration(
        .bus, "GetConnectionUnixUser", in: DBusIn("name", String.self), out: DBusOut("uid", UInt32.self))
    /// `GetConnectionUnixProcessID(s name) → u pid`.
    public static let getConnectionUnixProcessID = DBusMethodDeclaration(
        .bus, "GetConnectionUnixProcessID", in: DBusIn("name", String.self), out: DBusOut("pid", UInt32.self))
    /// `AddMatch(s rule)`.
    public static let addMatch = DBusMethodDeclaration(.bus, "AddMatch", in: DBusIn("rule", String.self))
    /// `RemoveMatch(s rule)`.
    public static let removeMatch = DBusMethodDeclaration(.bus, "RemoveMatch", in: DBusIn("rule", String.self))
    /// `NameOwnerChanged(s name, s old_owner, s new_owner)`: "" for none.
    public static let nameOwnerChanged = DBusSignalDeclaration(
        .bus, "NameOwnerChanged", DBusOut("name", String.self), DBusOut("old_owner", String.self),
        DBusOut("new_owner", String.self))
    /// `NameLost(s name)`, sent to the connection that lost it alone.
    public static let nameLost = DBusSignalDeclaration(.bus, "NameLost", DBusOut("name", String.self))
}
