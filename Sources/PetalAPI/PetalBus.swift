import DBus
import PetalCore

/// Every name of petald's public D-Bus API (docs/dbus-api.md), spelt once: petald
/// serves these, and petalctl and the overlay call them.
public enum PetalBus {
    /// petald's well-known bus name.
    public static let name: BusName = "org.petal.Petal1"
    /// The main menu's object path, also the root of every object's ObjectManager.
    public static let path: ObjectPath = "/org/petal/Petal1"
    /// The folder of the main menu's item objects; each is `itemsPath/<label>`.
    public static let itemsPath: ObjectPath = "/org/petal/Petal1/items"
    /// The folder of the other menus' objects; each is `menusPath/<label>`.
    public static let menusPath: ObjectPath = "/org/petal/Petal1/menus"
    /// The name of the main menu, served at ``path``.
    public static let mainMenu = "main"
    /// The prefix of every Petal error name.
    public static let errorPrefix = "org.petal.Petal1.Error."
    /// The role name of a program that draws petald's menus (petal-overlay
    /// does; docs/overlay.md): petald asks the bus to start it when a menu
    /// opens and nobody owns it, and `Choose` waits a little for it.
    public static let frontendName: BusName = "org.petal.Frontend1"
    /// What petald answers (``ErrorName/noFrontend``) and petalctl says when
    /// nobody owns ``frontendName``.
    public static let noFrontendMessage =
        "no program draws menus: start petal-overlay (systemctl --user start petal-overlay)"

    /// The object path of the main menu's item with `id`: `itemsPath/<label>`,
    /// its bytes outside `[A-Za-z0-9]` written as `_xx`, as systemd labels its objects.
    public static func itemPath(_ id: String) -> ObjectPath {
        labelled(itemsPath, id)
    }

    /// The object path of the menu called `name`: ``path`` for ``mainMenu``,
    /// `menusPath/<label>` for any other, labelled as item ids are.
    public static func menuPath(_ name: String) -> ObjectPath {
        name == mainMenu ? path : labelled(menusPath, name)
    }

    /// The object path of the item `id` of the menu at `menu`: under
    /// ``itemsPath`` for the main menu, under `<menu>/items` for any other.
    public static func itemPath(_ id: String, inMenuAt menu: ObjectPath) -> ObjectPath {
        menu == path ? itemPath(id) : labelled(labelled(menu, "items", escaping: false), id)
    }

    private static func labelled(_ folder: ObjectPath, _ text: String, escaping: Bool = true) -> ObjectPath {
        do {
            return try folder.appending(escaping ? ItemLabel.escape(text) : text)
        } catch {
            // A label is [A-Za-z0-9_]+ and never empty: always a valid element.
            preconditionFailure("the label of \"\(text)\" is not a path element: \(error)")
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
        case unknownMenu = "UnknownMenu"
        case invalidMenu = "InvalidMenu"
        case limitExceeded = "LimitExceeded"
        case noFrontend = "NoFrontend"

        /// The full D-Bus error name.
        public var errorName: String { PetalBus.errorPrefix + rawValue }
    }
}
