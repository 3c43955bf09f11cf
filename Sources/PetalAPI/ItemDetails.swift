import DBus
import PetalCore

/// An item's own object (`org.petal.Petal1.Item`, docs/dbus-api.md): everything a
/// client draws of one item.
public struct ItemDetails: Equatable, Sendable {
    /// The item's id.
    public var id = ""
    /// Its title, shown when there is no icon.
    public var title = ""
    /// Its icon name or path.
    public var icon = ""
    /// The icon a selected toggle shows instead.
    public var selectedIcon = ""
    /// Its disc's colour, `#rrggbb[aa]`, or "" for the theme's.
    public var color = ""
    /// The id of the action it runs.
    public var action = ""
    /// Whether it can be activated.
    public var enabled = true
    /// Whether a toggle is selected.
    public var selected = false
    /// Whether it is a toggle.
    public var toggle = false
    /// `action`, `submenu`, or `choice` (an ad-hoc item with neither); `action` from a petald without named menus.
    public var kind = MenuItem.Kind.action
    /// The menu it opens; `/` for an item that opens none, or from a petald without named menus.
    public var submenu = ObjectPath.root
    /// The character that activates it while its menu is open; "" for none.
    public var key = ""

    /// Reads the properties of one item object; a missing or mistyped one keeps its default.
    public init(_ values: DBusPropertyValues) {
        typealias Item = PetalBus.Item
        func read<Value>(_ property: DBusPropertyDeclaration<Value>, _ fallback: Value) -> Value {
            ((try? values.valueIfPresent(property)) ?? nil) ?? fallback
        }
        id = read(Item.id, "")
        title = read(Item.title, "")
        icon = read(Item.icon, "")
        selectedIcon = read(Item.selectedIcon, "")
        color = read(Item.color, "")
        action = read(Item.action, "")
        enabled = read(Item.enabled, true)
        selected = read(Item.selected, false)
        toggle = read(Item.toggle, false)
        submenu = read(Item.submenu, .root)
        // A petald before v3 has no Kind: an item there runs an action.
        kind = read(Item.kind, .action)
        key = read(Item.key, "")
    }

    /// The icon it shows now: `selectedIcon` when a selected toggle has one, else `icon`.
    public var currentIcon: String {
        toggle && selected && !selectedIcon.isEmpty ? selectedIcon : icon
    }
}

extension ItemDetails {
    /// The items of a `GetManagedObjects` reply of petald's root object, by
    /// id; objects without the Item interface are skipped.
    public static func byID(_ objects: ObjectManagerInterface.ManagedObjects) -> [String: ItemDetails] {
        var byID: [String: ItemDetails] = [:]
        for (_, interfaces) in objects.entries {
            for (interface, properties) in interfaces.entries where interface == PetalBus.Item.interface.rawValue {
                let details = ItemDetails(DBusPropertyValues(properties, from: PetalBus.name.rawValue))
                byID[details.id] = details
            }
        }
        return byID
    }
}
