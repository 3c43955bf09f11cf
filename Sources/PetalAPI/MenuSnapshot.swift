import DBus
import PetalCore

/// The Menu interface's properties at one moment, read with one `GetAll`.
public struct MenuSnapshot: Equatable, Sendable {
    /// A row of `Items` (`a(ssssbb)`).
    public struct Item: Equatable, Sendable {
        /// The item's id, title, icon (the selected icon for a selected toggle) and action id.
        public var id, title, icon, action: String
        /// Whether it can be activated, and whether a toggle is selected.
        public var enabled, selected: Bool

        /// Creates a row.
        public init(id: String, title: String, icon: String, action: String, enabled: Bool, selected: Bool) {
            (self.id, self.title, self.icon, self.action, self.enabled, self.selected) =
                (id, title, icon, action, enabled, selected)
        }
    }

    /// A row of `Actions` (`a(sss)`).
    public struct Action: Equatable, Sendable {
        /// The action id, the name of the plugin that provides it, and its title.
        public var id, plugin, title: String

        /// Creates a row.
        public init(id: String, plugin: String, title: String) {
            (self.id, self.plugin, self.title) = (id, plugin, title)
        }
    }

    /// A row of `Plugins` (`a(sssss)`).
    public struct Plugin: Equatable, Sendable {
        /// The plugin's name, version and file; its status (`loaded`, `disabled`,
        /// `incompatible`, `failed`, `quarantined`) and why ("" when loaded).
        public var name, version, path, status, reason: String

        /// Creates a row.
        public init(name: String, version: String, path: String, status: String, reason: String) {
            (self.name, self.version, self.path, self.status, self.reason) = (name, version, path, status, reason)
        }
    }

    /// A row of `Layout` (`a(sdd)`): an item's centre relative to the button's.
    public struct Place: Equatable, Sendable {
        /// The item's id.
        public var id: String
        /// Pixels from the centre button, x to the right and y downwards.
        public var x, y: Double

        /// Creates a row.
        public init(id: String, x: Double, y: Double) {
            (self.id, self.x, self.y) = (id, x, y)
        }
    }

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
    /// - Throws: when a v1 property is missing or has another type than SPEC §2
    ///   gives it. `Appearance` may be missing (a v1 petald) and is read leniently.
    public init(properties: [String: DBusValue]) throws {
        func value(_ name: String, _ signature: String) throws -> DBusValue {
            guard let value = properties[name], value.type.signature == signature else {
                throw DBusError.failed("petald's \(name) property is \(properties[name].map { "of type \($0.type)" } ?? "missing"); expected \(signature). Is it a petald of another version?")
            }
            return value
        }
        func rows(_ name: String, _ signature: String) throws -> [[DBusValue]] {
            try (value(name, signature).arrayElements ?? []).map {
                guard case .structure(let fields) = $0 else { return [] }
                return fields
            }
        }
        state = try value("State", "s").stringValue ?? ""
        highlighted = try value("Highlighted", "s").stringValue ?? ""
        layoutStyle = try value("LayoutStyle", "s").stringValue ?? ""
        version = try value("Version", "s").stringValue ?? ""
        items = try rows("Items", PetalBus.Types.items.signature).map {
            Item(id: $0[0].stringValue ?? "", title: $0[1].stringValue ?? "", icon: $0[2].stringValue ?? "",
                 action: $0[3].stringValue ?? "", enabled: $0[4].boolValue ?? false, selected: $0[5].boolValue ?? false)
        }
        actions = try rows("Actions", PetalBus.Types.actions.signature).map {
            Action(id: $0[0].stringValue ?? "", plugin: $0[1].stringValue ?? "", title: $0[2].stringValue ?? "")
        }
        plugins = try rows("Plugins", PetalBus.Types.plugins.signature).map {
            Plugin(name: $0[0].stringValue ?? "", version: $0[1].stringValue ?? "", path: $0[2].stringValue ?? "",
                   status: $0[3].stringValue ?? "", reason: $0[4].stringValue ?? "")
        }
        layout = try rows("Layout", PetalBus.Types.layout.signature).map {
            Place(id: $0[0].stringValue ?? "", x: $0[1].doubleValue ?? 0, y: $0[2].doubleValue ?? 0)
        }
        if let appearance = properties["Appearance"] {
            self.appearance = MenuAppearance(appearance.unwrapped)
        }
    }

    /// How many plugins have each status, in SPEC §2's order of statuses.
    public var pluginCounts: [(status: String, count: Int)] {
        ["loaded", "disabled", "incompatible", "failed", "quarantined"].map { status in
            (status, plugins.filter { $0.status == status }.count)
        }
    }
}
