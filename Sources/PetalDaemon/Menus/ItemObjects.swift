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
        PetalBus.Item.fields.filter { $0.changes(from: old, to: new) }.map(\.property)
    }
}
