import DBus
import PetalCore

/// A row of the Menu interface's `Items` (`a(ssssbb)`): an item as a menu lists it.
public struct ItemRow: Equatable, Sendable, DBusArgumentValue {
    /// The item's id, title, icon (the selected icon for a selected toggle) and action id.
    public var id, title, icon, action: String
    /// Whether it can be activated, and whether a toggle is selected.
    public var enabled, selected: Bool

    /// Creates a row.
    public init(id: String, title: String, icon: String, action: String, enabled: Bool, selected: Bool) {
        (self.id, self.title, self.icon, self.action, self.enabled, self.selected) =
            (id, title, icon, action, enabled, selected)
    }

    static let layout = DBusStructLayout(String.self, String.self, String.self, String.self, Bool.self, Bool.self)
    public static let dbusType = DBusType.structure(layout.fieldTypes)
    public var dbusValue: DBusValue { Self.layout.encode(id, title, icon, action, enabled, selected) }
    public init?(dbusValue value: DBusValue) {
        // Matched by hand, not through `layout.decode`'s generic reader: a picker's `Items` has 100,000 rows.
        guard case .structure(let fields) = value, fields.count == 6, case .string(let id) = fields[0],
            case .string(let title) = fields[1], case .string(let icon) = fields[2],
            case .string(let action) = fields[3], case .boolean(let enabled) = fields[4],
            case .boolean(let selected) = fields[5]
        else { return nil }
        self.init(id: id, title: title, icon: icon, action: action, enabled: enabled, selected: selected)
    }
}

/// A row of the Menu interface's `Actions` (`a(sss)`): an action that can run.
public struct ActionRow: Equatable, Sendable, DBusArgumentValue {
    /// The action id, the name of the plugin (or provider) that provides it, and its title.
    public var id, plugin, title: String

    /// Creates a row.
    public init(id: String, plugin: String, title: String) {
        (self.id, self.plugin, self.title) = (id, plugin, title)
    }

    static let layout = DBusStructLayout(String.self, String.self, String.self)
    public static let dbusType = DBusType.structure(layout.fieldTypes)
    public var dbusValue: DBusValue { Self.layout.encode(id, plugin, title) }
    public init?(dbusValue value: DBusValue) {
        guard let (id, plugin, title) = Self.layout.decode(value) else { return nil }
        self.init(id: id, plugin: plugin, title: title)
    }
}

/// A row of the Menu interface's `Plugins` (`a(sssss)`): a plugin file, or a provider.
public struct PluginRow: Equatable, Sendable, DBusArgumentValue {
    /// The plugin's name, version and file (or provider's location).
    public var name, version, path: String
    /// What became of it.
    public var status: PluginStatus
    /// Why, "" when loaded.
    public var reason: String

    /// Creates a row.
    public init(name: String, version: String, path: String, status: PluginStatus, reason: String) {
        (self.name, self.version, self.path, self.status, self.reason) = (name, version, path, status, reason)
    }

    static let layout = DBusStructLayout(String.self, String.self, String.self, PluginStatus.self, String.self)
    public static let dbusType = DBusType.structure(layout.fieldTypes)
    public var dbusValue: DBusValue { Self.layout.encode(name, version, path, status, reason) }
    public init?(dbusValue value: DBusValue) {
        guard let (name, version, path, status, reason) = Self.layout.decode(value) else { return nil }
        self.init(name: name, version: version, path: path, status: status, reason: reason)
    }
}

/// A row of the Menu interface's `Layout` (`a(sdd)`): an item's centre
/// relative to the centre button's, in pixels, x to the right and y downwards.
public struct LayoutPoint: Equatable, Sendable, DBusArgumentValue {
    /// The item's id.
    public var id: String
    /// Pixels from the centre button.
    public var x, y: Double

    /// Creates a row.
    public init(id: String, x: Double, y: Double) {
        (self.id, self.x, self.y) = (id, x, y)
    }

    static let layout = DBusStructLayout(String.self, Double.self, Double.self)
    public static let dbusType = DBusType.structure(layout.fieldTypes)
    public var dbusValue: DBusValue { Self.layout.encode(id, x, y) }
    public init?(dbusValue value: DBusValue) {
        // Matched by hand, as ``ItemRow``'s: one row per item of a picker.
        guard case .structure(let fields) = value, fields.count == 3, case .string(let id) = fields[0],
            case .double(let x) = fields[1], case .double(let y) = fields[2]
        else { return nil }
        self.init(id: id, x: x, y: y)
    }
}

/// A row of an action provider's `Actions` (`a(sss)`): an action it declares.
public struct ProviderActionRow: Equatable, Sendable, DBusArgumentValue {
    /// The action id (`<provider>.<verb>`), its title and its icon name.
    public var id, title, icon: String

    /// Creates a row.
    public init(id: String, title: String, icon: String) {
        (self.id, self.title, self.icon) = (id, title, icon)
    }

    static let layout = DBusStructLayout(String.self, String.self, String.self)
    public static let dbusType = DBusType.structure(layout.fieldTypes)
    public var dbusValue: DBusValue { Self.layout.encode(id, title, icon) }
    public init?(dbusValue value: DBusValue) {
        guard let (id, title, icon) = Self.layout.decode(value) else { return nil }
        self.init(id: id, title: title, icon: icon)
    }
}

/// A row of the Menus interface's `Menus` (`a(sos)`): a menu petald serves.
public struct MenuRow: Equatable, Sendable, DBusArgumentValue {
    /// The menu's name.
    public var name: String
    /// Its object.
    public var path: ObjectPath
    /// Its title.
    public var title: String

    /// Creates a row.
    public init(name: String, path: ObjectPath, title: String) {
        (self.name, self.path, self.title) = (name, path, title)
    }

    static let layout = DBusStructLayout(String.self, ObjectPath.self, String.self)
    public static let dbusType = DBusType.structure(layout.fieldTypes)
    public var dbusValue: DBusValue { Self.layout.encode(name, path, title) }
    public init?(dbusValue value: DBusValue) {
        guard let (name, path, title) = Self.layout.decode(value) else { return nil }
        self.init(name: name, path: path, title: title)
    }
}
