import DBus
import PetalCore

/// The Menu interface's properties at one moment, read with one `GetAll`
/// through their declarations (``PetalBus/Menu``).
public struct MenuSnapshot: Equatable, Sendable {
    /// A row of `Items`.
    public typealias Item = ItemRow
    /// A row of `Actions`.
    public typealias Action = ActionRow
    /// A row of `Plugins`.
    public typealias Plugin = PluginRow
    /// A row of `Layout`.
    public typealias Place = LayoutPoint

    /// `State`.
    public var state = MenuState.collapsed
    /// `LayoutStyle`.
    public var layoutStyle = LayoutStyle.radial
    /// `Highlighted` ("" for none) and `Version`.
    public var highlighted = "", version = ""
    /// `Items`, in menu order.
    public var items: [Item] = []
    /// `Actions`.
    public var actions: [Action] = []
    /// `Plugins`.
    public var plugins: [Plugin] = []
    /// `Layout`, in menu order.
    public var layout: [Place] = []
    /// `Appearance` (v2); the defaults when petald has no such property (v1).
    public var appearance = MenuAppearance()
    /// `Name` (v3); `main` from a petald that has no such property, which serves `main` alone.
    public var name = PetalBus.mainMenu
    /// `Title` (v3); "" from a petald that has none.
    public var title = ""
    /// `Placement` (v3); from a petald that has none, the appearance's anchor.
    public var placement = MenuPlacement(anchor: AppearanceSettings().anchor)
    /// `Parent` (v3): the menu this one is open from as a submenu; `/` otherwise, or from a petald without it.
    public var parent = ObjectPath.root
    /// `Submenu` (v3): the submenu open from this one; `/` when none, or from a petald without it.
    public var submenu = ObjectPath.root
    /// `Owner` (v3): an ad-hoc menu's owner (a unique bus name); "" for a configured menu.
    public var owner = ""
    /// `Picker` (v4): the menu's `picker` section; the defaults when it has none.
    public var picker = PickerSettings()
    /// `ItemDetails` (v4): the fields of items beyond their rows, by item id.
    public var itemDetails = DBusDictionary<String, DBusVariantDictionary>([])
    /// `RowCount` (v4): how many rows the menu has, its `Items` or its row
    /// table (``PetalClient/rows()``); `Items`' count from a petald without it.
    public var rowCount = 0

    /// Reads the properties `GetAll` returned.
    ///
    /// - Throws: `InvalidSignature` when a v1 property is missing or has
    ///   another type than its declaration, naming it. `Appearance` (v2)
    ///   and the v3 properties may be missing (an older petald) and are read
    ///   leniently: missing or mistyped, each keeps its default.
    public init(_ properties: DBusPropertyValues) throws {
        typealias Menu = PetalBus.Menu
        state = try properties.value(Menu.state)
        highlighted = try properties.value(Menu.highlighted)
        layoutStyle = try properties.value(Menu.layoutStyle)
        version = try properties.value(Menu.version)
        items = try properties.value(Menu.items)
        actions = try properties.value(Menu.actions)
        plugins = try properties.value(Menu.plugins)
        layout = try properties.value(Menu.layout)
        if let appearance = try? properties.valueIfPresent(Menu.appearance) {
            self.appearance = MenuAppearance(lenient: appearance)
        }
        func lenient<Value>(_ property: DBusPropertyDeclaration<Value>) -> Value? {
            (try? properties.valueIfPresent(property)) ?? nil
        }
        name = lenient(Menu.name) ?? name
        title = lenient(Menu.title) ?? title
        placement =
            lenient(Menu.placement).map { MenuPlacement(lenient: $0) }
            ?? MenuPlacement(anchor: appearance.settings.anchor)
        parent = lenient(Menu.parent) ?? parent
        submenu = lenient(Menu.submenu) ?? submenu
        owner = lenient(Menu.owner) ?? owner
        picker = lenient(Menu.picker).map { PickerSettings(lenient: $0) } ?? picker
        itemDetails = lenient(Menu.itemDetails) ?? itemDetails
        rowCount = lenient(Menu.rowCount).map { Int($0) } ?? items.count
    }

    /// Each item's details, by id, as its row of `Items` and its entry of
    /// `ItemDetails` (when it has one) say: all a client knows of the items
    /// of an ad-hoc menu, which have no objects.
    public var detailsFromRows: [String: ItemDetails] {
        var details: [String: ItemDetails] = [:]
        details.reserveCapacity(items.count)
        for row in items where details[row.id] == nil { details[row.id] = ItemDetails(row: row) }
        for (id, fields) in itemDetails.entries {
            guard let row = details[id] else { continue }
            let values = DBusPropertyValues(fields, from: PetalBus.name.rawValue)
            var detail = row
            for field in PetalBus.Item.fields { field.read(values, into: &detail) }
            details[id] = detail
        }
        return details
    }

    /// Creates a snapshot from its parts.
    public init() {}

    /// How many plugins have each status, in the order ``PluginStatus`` lists them.
    public var pluginCounts: [(status: PluginStatus, count: Int)] {
        PluginStatus.allCases.map { status in (status, plugins.filter { $0.status == status }.count) }
    }
}
