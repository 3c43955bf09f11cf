import DBus

/// A menu petald serves, as it is at one moment: its Menu properties and its
/// items' objects, in item order.
public struct MenuContents: Equatable, Sendable {
    /// The menu's object.
    public var path: ObjectPath
    /// Its properties.
    public var snapshot: MenuSnapshot
    /// Its items' objects in `Items` order; an item whose object went away
    /// while it was read is left out.
    public var items: [ItemDetails]

    /// A menu at `path`.
    public init(path: ObjectPath, snapshot: MenuSnapshot, items: [ItemDetails]) {
        self.path = path
        self.snapshot = snapshot
        self.items = items
    }
}

extension PetalClient {
    /// Every menu petald serves, in `Menus` order (configured menus first);
    /// from a petald without named menus, main alone.
    ///
    /// Three calls, whatever the number of menus: `Menus`, main's `GetAll`,
    /// and the root's `GetManagedObjects`, which holds the other menus'
    /// properties and every item's. An ad-hoc menu removed between the calls
    /// is left out.
    public func everyMenu() async throws -> [MenuContents] {
        let rows: [MenuRow]
        do {
            rows = try await menus()
        } catch let error as DBusError
            where [DBusError.Name.unknownInterface, DBusError.Name.unknownProperty].contains(error.name)
        {
            rows = [MenuRow(name: PetalBus.mainMenu, path: PetalBus.path, title: "")]
        }
        let main = try await menu(at: PetalBus.path).snapshot()
        let objects = try await root.call(ObjectManagerInterface.getManagedObjects)
        var properties: [ObjectPath: DBusVariantDictionary] = [:]
        for (path, interfaces) in objects.entries {
            for (interface, values) in interfaces.entries where interface == PetalBus.Menu.interface.rawValue {
                properties[path] = values
            }
        }
        return try rows.compactMap { row -> MenuContents? in
            let snapshot: MenuSnapshot
            if row.path == PetalBus.path {
                snapshot = main
            } else if let values = properties[row.path] {
                snapshot = try MenuSnapshot(DBusPropertyValues(values, from: Self.name.rawValue))
            } else {
                return nil
            }
            let byID = ItemDetails.byID(objects, of: snapshot, inMenuAt: row.path)
            return MenuContents(path: row.path, snapshot: snapshot, items: snapshot.items.compactMap { byID[$0.id] })
        }
    }
}
