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
    /// Words a picker's filter matches that are not shown; "" for none.
    public var meta = ""

    /// An item with every field at its default.
    public init() {}

    /// Reads the properties of one item object (``PetalBus/Item/fields``);
    /// a missing or mistyped one keeps its default, as a petald before v3,
    /// which has no `Kind`, `Submenu` or `Key`, serves.
    public init(_ values: DBusPropertyValues) {
        id = ((try? values.valueIfPresent(PetalBus.Item.id)) ?? nil) ?? ""
        for field in PetalBus.Item.fields { field.read(values, into: &self) }
    }

    /// What a row of `Items` says of an item: its kind is a choice when the
    /// row has no action, an action otherwise, until its fields say more.
    public init(row: ItemRow) {
        (id, title, icon, action, enabled, selected) = (
            row.id, row.title, row.icon, row.action, row.enabled, row.selected
        )
        kind = row.action.isEmpty ? .choice : .action
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
