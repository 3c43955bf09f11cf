import DBus
import PetalAPI
import PetalCore

/// The objects of a menu's items, one per item at ``PetalBus/itemPath(_:inMenuAt:)``,
/// each serving `org.petal.Petal1.Item`: registered and unregistered as items
/// come and go (the root's ObjectManager announces them), and their changed
/// properties announced. Confined to the loop thread.
struct ItemObjects {
    let server: ObjectServer
    let signals: any SignalSink
    /// The name of the menu the items are in.
    let name: String
    /// The object of the menu the items are in.
    let menu: ObjectPath

    init(server: ObjectServer, signals: any SignalSink, name: String) {
        self.server = server
        self.signals = signals
        self.name = name
        menu = PetalBus.menuPath(name)
    }

    /// Brings the item objects in line with `items` after `previous`: removed
    /// ones are unregistered (InterfacesRemoved), new ones registered
    /// (InterfacesAdded) serving `interfaces`, shared by every item, with
    /// their ``ItemObject`` as context, and changed ones announce their new
    /// properties.
    func publish(_ items: [MenuItem], replacing previous: [MenuItem], interfaces: [DBusInterface]) {
        let current = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for old in previous where current[old.id] == nil {
            server.unregister(PetalBus.itemPath(old.id, inMenuAt: menu))
        }
        let before = Dictionary(previous.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, item) in items.enumerated() {
            guard let old = before[item.id] else {
                server.register(
                    interfaces, at: PetalBus.itemPath(item.id, inMenuAt: menu),
                    context: ItemObject(menu: name, id: item.id, index: index))
                continue
            }
            announce(Self.changedProperties(from: old, to: item), of: item.id)
        }
    }

    /// Announces `properties` of the item `id`'s object, read as they are now.
    func announce(_ properties: [any DBusPropertyMember], of id: String) {
        guard !properties.isEmpty else { return }
        signals.emitPropertiesChanged(at: PetalBus.itemPath(id, inMenuAt: menu), properties)
    }

    private static func changedProperties(from old: MenuItem, to new: MenuItem) -> [any DBusPropertyMember] {
        typealias Item = PetalBus.Item
        var changed: [any DBusPropertyMember] = []
        if old.title != new.title { changed.append(Item.title) }
        if old.icon != new.icon { changed.append(Item.icon) }
        if old.selectedIcon != new.selectedIcon { changed.append(Item.selectedIcon) }
        if old.color != new.color { changed.append(Item.color) }
        if old.action != new.action { changed.append(Item.action) }
        if old.enabled != new.enabled { changed.append(Item.enabled) }
        if old.selected != new.selected { changed.append(Item.selected) }
        if old.toggle != new.toggle { changed.append(Item.toggle) }
        if old.kind != new.kind { changed.append(Item.kind) }
        if old.submenu != new.submenu { changed.append(Item.submenu) }
        if old.key != new.key { changed.append(Item.key) }
        return changed
    }
}
