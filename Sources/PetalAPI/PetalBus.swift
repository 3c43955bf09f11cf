import DBus
import PetalCore

/// Every name of petald's public D-Bus API (docs/dbus-api.md), spelt once: petald
/// serves these, and petalctl and the overlay call them.
public enum PetalBus {
    /// petald's well-known bus name.
    public static let name: BusName = "org.petal.Petal1"
    /// The menu's object path, also the root of the item objects' ObjectManager.
    public static let path: ObjectPath = "/org/petal/Petal1"
    /// The folder of the item objects; each is `itemsPath/<label>`.
    public static let itemsPath: ObjectPath = "/org/petal/Petal1/items"
    /// The prefix of every Petal error name.
    public static let errorPrefix = "org.petal.Petal1.Error."

    /// The object path of the item with `id`: `itemsPath/<label>`, its bytes
    /// outside `[A-Za-z0-9]` written as `_xx`, as systemd labels its objects.
    public static func itemPath(_ id: String) -> ObjectPath {
        do {
            return try itemsPath.appending(ItemLabel.escape(id))
        } catch {
            // A label is [A-Za-z0-9_]+ and never empty: always a valid element.
            preconditionFailure("the label of item \"\(id)\" is not a path element: \(error)")
        }
    }

    /// Petal's own error names, `org.petal.Petal1.Error.<Name>`.
    public enum ErrorName: String, Sendable, CaseIterable {
        case unknownItem = "UnknownItem"
        case unknownAction = "UnknownAction"
        case notExpanded = "NotExpanded"
        case itemDisabled = "ItemDisabled"
        case invalidParams = "InvalidParams"
        case actionFailed = "ActionFailed"
        case timeout = "Timeout"
        case busy = "Busy"
        case cancelled = "Cancelled"
        case invalidConfig = "InvalidConfig"
        case stateNotSaved = "StateNotSaved"
        case invalidProvider = "InvalidProvider"
        case unknownProvider = "UnknownProvider"

        /// The full D-Bus error name.
        public var errorName: String { PetalBus.errorPrefix + rawValue }
    }
}
