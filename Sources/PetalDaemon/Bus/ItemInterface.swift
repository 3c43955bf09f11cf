import DBus
import PetalAPI
import PetalCore

extension MenuService {
    /// The per-item interface's name.
    public static let itemInterfaceName = PetalBus.itemInterface

    /// The object of the item `id` (``PetalBus/itemPath(_:)``).
    static func itemPath(_ id: String) -> ObjectPath {
        PetalBus.itemPath(id)
    }

    /// `org.petal.Petal1.Item` for the item `id`, described as data; its
    /// getters read the item as it is now, so a reload needs no re-registration.
    func itemInterface(_ id: String) -> DBusInterface {
        func text(_ read: @escaping @Sendable (MenuItem) -> String) -> @Sendable () -> DBusValue {
            { [unowned self] in .string(item(id).map(read) ?? "") }
        }
        func flag(_ read: @escaping @Sendable (MenuItem) -> Bool) -> @Sendable () -> DBusValue {
            { [unowned self] in .boolean(item(id).map(read) ?? false) }
        }
        return DBusInterface(Self.itemInterfaceName, methods: [
            DBusMethod("Activate", out: [DBusArgument("result", .dictionary(.string, .variant))]) { [unowned self] call in
                try activate(id, call: call)
            },
        ], properties: [
            DBusProperty("Id", .string, emitsChange: .const) { .string(id) },
            DBusProperty("Title", .string, get: text(\.title)),
            DBusProperty("Icon", .string, get: text(\.icon)),
            DBusProperty("SelectedIcon", .string, get: text(\.selectedIcon)),
            DBusProperty("Color", .string, get: text(\.color)),
            DBusProperty("Action", .string, get: text(\.action)),
            DBusProperty("Enabled", .boolean, get: flag(\.enabled)),
            DBusProperty("Selected", .boolean, get: flag(\.selected)),
            DBusProperty("Toggle", .boolean, get: flag(\.toggle)),
        ])
    }

    /// The item objects' property names, in the order PropertiesChanged lists them.
    static let itemPropertyNames = ["Title", "Icon", "SelectedIcon", "Color", "Action", "Enabled", "Selected", "Toggle"]

    /// The item with `id` as it is now.
    func item(_ id: String) -> MenuItem? {
        items.first { $0.id == id }
    }

    /// Brings the item objects in line with `items` after `previous`: removed
    /// ones are unregistered (InterfacesRemoved), new ones registered
    /// (InterfacesAdded), and changed ones announce their new properties.
    func publishItems(replacing previous: [MenuItem]) {
        guard let server else { return }
        let current = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for old in previous where current[old.id] == nil {
            server.unregister(Self.itemPath(old.id))
        }
        let before = Dictionary(previous.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for item in items {
            guard let old = before[item.id] else {
                server.register([itemInterface(item.id)], at: Self.itemPath(item.id))
                continue
            }
            let changed = Self.changedProperties(from: old, to: item)
            if !changed.isEmpty {
                server.emitPropertiesChanged(at: Self.itemPath(item.id), interface: Self.itemInterfaceName, changed)
            }
        }
    }

    private static func changedProperties(from old: MenuItem, to new: MenuItem) -> [String] {
        var names: [String] = []
        if old.title != new.title { names.append("Title") }
        if old.icon != new.icon { names.append("Icon") }
        if old.selectedIcon != new.selectedIcon { names.append("SelectedIcon") }
        if old.color != new.color { names.append("Color") }
        if old.action != new.action { names.append("Action") }
        if old.enabled != new.enabled { names.append("Enabled") }
        if old.selected != new.selected { names.append("Selected") }
        if old.toggle != new.toggle { names.append("Toggle") }
        return names
    }
}
