import DBus
import PetalAPI

/// Petal's own D-Bus errors, `org.petal.Petal1.Error.<Name>` (docs/dbus-api.md).
public enum PetalError {
    /// The prefix of every Petal error name.
    public static let prefix = PetalBus.errorPrefix

    /// The error names clients may see.
    public typealias Name = PetalBus.ErrorName

    /// A D-Bus error with Petal's name and a message a person can act on.
    public static func make(_ name: Name, _ message: String) -> DBusError {
        DBusError(name.errorName, message)
    }
}
