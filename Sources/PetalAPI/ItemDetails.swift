import DBus

/// An item's own object (`org.petal.Petal1.Item`, SPEC §2): everything a
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

    /// Reads the properties of one item object; a missing or mistyped one keeps its default.
    public init(_ values: [String: DBusValue]) {
        id = values["Id"]?.stringValue ?? ""
        title = values["Title"]?.stringValue ?? ""
        icon = values["Icon"]?.stringValue ?? ""
        selectedIcon = values["SelectedIcon"]?.stringValue ?? ""
        color = values["Color"]?.stringValue ?? ""
        action = values["Action"]?.stringValue ?? ""
        enabled = values["Enabled"]?.boolValue ?? true
        selected = values["Selected"]?.boolValue ?? false
        toggle = values["Toggle"]?.boolValue ?? false
    }

    /// The icon it shows now: `selectedIcon` when a selected toggle has one, else `icon`.
    public var currentIcon: String {
        toggle && selected && !selectedIcon.isEmpty ? selectedIcon : icon
    }
}

extension ItemDetails {
    /// The items of a `GetManagedObjects` reply (`a{oa{sa{sv}}}`) of petald's
    /// root object, by id; objects without the Item interface are skipped.
    public static func byID(managedObjects reply: DBusValue?) -> [String: ItemDetails] {
        var byID: [String: ItemDetails] = [:]
        for object in reply?.arrayElements ?? [] {
            guard case .dictEntry(_, let interfaces) = object else { continue }
            for (interface, properties) in interfaces.stringKeyedEntries ?? []
            where interface == PetalClient.itemInterface.rawValue {
                let values = Dictionary((properties.stringKeyedEntries ?? []).map { ($0.key, $0.value.unwrapped) },
                                        uniquingKeysWith: { _, last in last })
                let details = ItemDetails(values)
                byID[details.id] = details
            }
        }
        return byID
    }
}
