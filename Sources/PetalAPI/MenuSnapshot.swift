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

    /// `State`, `Highlighted` ("" for none), `LayoutStyle` and `Version`.
    public var state = "", highlighted = "", layoutStyle = "", version = ""
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

    /// Reads the properties `GetAll` returned.
    ///
    /// - Throws: `InvalidSignature` when a v1 property is missing or has
    ///   another type than its declaration, naming it. `Appearance` may be
    ///   missing (a v1 petald) and is read leniently.
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
            self.appearance = MenuAppearance(appearance)
        }
    }

    /// Creates a snapshot from its parts.
    public init() {}

    /// How many plugins have each status, in the order ``PluginRow/statuses`` lists them.
    public var pluginCounts: [(status: String, count: Int)] {
        PluginRow.statuses.map { status in (status, plugins.filter { $0.status == status }.count) }
    }
}
