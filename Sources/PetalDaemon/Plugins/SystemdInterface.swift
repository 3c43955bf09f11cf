import DBus

/// The members of systemd's user manager that petald uses, declared once
/// (`org.freedesktop.systemd1.Manager` on `/org/freedesktop/systemd1`, and
/// a unit's `org.freedesktop.systemd1.Service` properties), as
/// systemd.dbus(5) gives them.
enum SystemdInterface {
    /// `org.freedesktop.systemd1`.
    static let bus: BusName = "org.freedesktop.systemd1"
    /// The manager's object.
    static let path: ObjectPath = "/org/freedesktop/systemd1"
    /// The manager's interface.
    static let manager: InterfaceName = "org.freedesktop.systemd1.Manager"
    /// A service unit's interface.
    static let service: InterfaceName = "org.freedesktop.systemd1.Service"
    /// The error of `GetUnit` for a unit systemd does not know (or has collected).
    static let noSuchUnit = "org.freedesktop.systemd1.NoSuchUnit"

    /// A property of a unit to start: `(sv)`.
    struct UnitProperty: DBusArgumentValue {
        let name: String
        let value: DBusValue

        init(_ name: String, _ value: DBusValue) { (self.name, self.value) = (name, value) }

        static let layout = DBusStructLayout(String.self, DBusVariant.self)
        static let dbusType = DBusType.structure(layout.fieldTypes)
        var dbusValue: DBusValue { Self.layout.encode(name, DBusVariant(value)) }
        init?(dbusValue value: DBusValue) {
            guard let (name, variant) = Self.layout.decode(value) else { return nil }
            self.init(name, variant.value)
        }
    }

    /// An auxiliary unit to start with it: `(sa(sv))`; petald gives none.
    struct AuxiliaryUnit: DBusArgumentValue {
        let name: String
        let properties: [UnitProperty]

        static let layout = DBusStructLayout(String.self, [UnitProperty].self)
        static let dbusType = DBusType.structure(layout.fieldTypes)
        var dbusValue: DBusValue { Self.layout.encode(name, properties) }
        init?(dbusValue value: DBusValue) {
            guard let (name, properties) = Self.layout.decode(value) else { return nil }
            (self.name, self.properties) = (name, properties)
        }
    }

    /// `StartTransientUnit(s name, s mode, a(sv) properties, a(sa(sv)) aux) → o job`.
    static let startTransientUnit = DBusMethodDeclaration(
        manager, "StartTransientUnit", in: DBusIn("name", String.self), DBusIn("mode", String.self),
        DBusIn("properties", [UnitProperty].self), DBusIn("aux", [AuxiliaryUnit].self),
        out: DBusOut("job", ObjectPath.self))
    /// `GetUnit(s name) → o unit`.
    static let getUnit = DBusMethodDeclaration(
        manager, "GetUnit", in: DBusIn("name", String.self), out: DBusOut("unit", ObjectPath.self))
    /// `ResetFailedUnit(s name)`.
    static let resetFailedUnit = DBusMethodDeclaration(manager, "ResetFailedUnit", in: DBusIn("name", String.self))
    /// `KillUnit(s name, s whom, i signal)`.
    static let killUnit = DBusMethodDeclaration(
        manager, "KillUnit", in: DBusIn("name", String.self), DBusIn("whom", String.self), DBusIn("signal", Int32.self))
    /// `JobRemoved(u id, o job, s unit, s result)`.
    static let jobRemoved = DBusSignalDeclaration(
        manager, "JobRemoved", DBusOut("id", UInt32.self), DBusOut("job", ObjectPath.self),
        DBusOut("unit", String.self),
        DBusOut("result", String.self))
    /// A service's `ExecMainCode i`: how its main process ended (a `CLD_*` code; 0 while it runs).
    static let execMainCode = DBusPropertyDeclaration(service, "ExecMainCode", Int32.self)
    /// A service's `ExecMainStatus i`: its exit status or signal.
    static let execMainStatus = DBusPropertyDeclaration(service, "ExecMainStatus", Int32.self)
}
