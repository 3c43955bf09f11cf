import DBus
import PetalAPI
import PetalCore

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

    /// Refuses an id (an item's, an action's) over ``Limits/idBytes``, with
    /// the error `name`, saying which and how long it is.
    static func checkLength(_ text: String, what: String, error name: String = DBusError.Name.invalidArgs)
        throws(DBusError)
    {
        let count = text.utf8.count
        guard count <= Limits.idBytes else {
            throw DBusError(name, "the \(what) is \(count) bytes long; the limit is \(Limits.idBytes) bytes")
        }
    }
}
