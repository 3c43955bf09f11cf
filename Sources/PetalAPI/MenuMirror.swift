import DBus
import PetalCore

/// Every menu petald serves, kept current from what it announces: one read
/// at the start (``reset(main:objects:)``), then its signals. What a client
/// that draws every menu holds, so that a `StateChanged` is drawn from what
/// is already known, with no read in between.
///
/// It keeps each object's properties as petald sent them and reads them
/// through the declarations (``MenuSnapshot``, ``ItemDetails``) when asked.
/// A pure value: it makes no calls.
public struct MenuMirror: Sendable {
    /// One menu as the mirror knows it.
    public struct Menu: Equatable, Sendable {
        /// Its object's path.
        public var path: ObjectPath
        /// Its Menu interface's properties.
        public var snapshot: MenuSnapshot
        /// Its items' details, by id: from their objects, or, for items
        /// without one, from their rows and the menu's `ItemDetails`.
        public var details: [String: ItemDetails]
    }

    /// The Menu interface's properties of each menu object, by path.
    private var menus: [ObjectPath: [String: DBusValue]] = [:]
    /// The Item interface's properties of each item object, by the path of its menu, then its own.
    private var items: [ObjectPath: [ObjectPath: [String: DBusValue]]] = [:]
    /// When each menu last changed in anything but its `State` (``revision(at:)``).
    private var revisions: [ObjectPath: Int] = [:]
    /// The last revision given out, for the whole mirror: a menu that goes and comes back gets a new one.
    private var lastRevision = 0

    /// An empty mirror.
    public init() {}

    /// The paths of every menu, `main`'s first, then in path order.
    public var paths: [ObjectPath] {
        menus.keys.sorted { ($0 == PetalBus.path ? 0 : 1, $0.rawValue) < ($1 == PetalBus.path ? 0 : 1, $1.rawValue) }
    }

    /// The menu at `path`; nil when there is none, or when its properties
    /// lack one that every petald serves.
    public func menu(at path: ObjectPath) -> Menu? {
        guard let snapshot = snapshot(at: path) else { return nil }
        // An ad-hoc menu's items have no objects: its ItemDetails say what their rows do not.
        var details = snapshot.detailsFromRows
        for (_, item) in items[path] ?? [:] {
            let detail = ItemDetails(DBusPropertyValues(item, from: PetalBus.name.rawValue))
            details[detail.id] = detail
        }
        return Menu(path: path, snapshot: snapshot, details: details)
    }

    /// The Menu interface's properties of the menu at `path`, read without
    /// its items (as ``menu(at:)`` reads them): for what links menus together.
    public func snapshot(at path: ObjectPath) -> MenuSnapshot? {
        guard let properties = menus[path] else { return nil }
        return try? MenuSnapshot(DBusPropertyValues(properties, from: PetalBus.name.rawValue))
    }

    /// A number that changes each time anything of the menu at `path` but its
    /// `State` changes (its items' properties included); nil when there is no
    /// menu. What a client keeping what it read of a large menu checks
    /// before reading it again: reading a menu of 100,000 rows takes time.
    public func revision(at path: ObjectPath) -> Int? {
        menus[path] == nil ? nil : revisions[path]
    }

    /// The `LayoutStyle` of the menu at `path`, read without the rest of its properties.
    public func layoutStyle(at path: ObjectPath) -> LayoutStyle? {
        menus[path]?[PetalBus.Menu.layoutStyle.name.rawValue].flatMap(LayoutStyle.init(dbusValue:))
    }

    /// The `State` of the menu at `path`, read without the rest of its properties.
    public func state(at path: ObjectPath) -> MenuState? {
        menus[path]?[PetalBus.Menu.state.name.rawValue].flatMap(MenuState.init(dbusValue:))
    }

    /// Forgets everything (petald left the bus).
    public mutating func clear() {
        menus = [:]
        items = [:]
        revisions = [:]
    }

    /// Replaces everything with what was read: `main`'s Menu properties
    /// (`GetAll` on the root) and `GetManagedObjects` of the root.
    public mutating func reset(main: DBusVariantDictionary, objects: ObjectManagerInterface.ManagedObjects) {
        clear()
        menus[PetalBus.path] = Self.values(main)
        newRevision(PetalBus.path)
        for (path, interfaces) in objects.entries {
            add(path, interfaces)
        }
    }

    /// `InterfacesAdded`: returns the path of the menu that changed, if any.
    @discardableResult
    public mutating func interfacesAdded(
        _ path: ObjectPath, _ interfaces: ObjectManagerInterface.InterfacesAndProperties
    ) -> ObjectPath? {
        add(path, interfaces)
    }

    /// `InterfacesRemoved`: returns the path of the menu that changed or went, if any.
    @discardableResult
    public mutating func interfacesRemoved(_ path: ObjectPath, _ interfaces: [String]) -> ObjectPath? {
        if interfaces.contains(PetalBus.Menu.interface.rawValue), menus[path] != nil {
            menus[path] = nil
            items[path] = nil
            revisions[path] = nil
            return path
        }
        if interfaces.contains(PetalBus.Item.interface.rawValue), let menu = Self.menuPath(ofItem: path),
            items[menu]?[path] != nil
        {
            items[menu]?[path] = nil
            newRevision(menu)
            return menu
        }
        return nil
    }

    /// `PropertiesChanged` of the object at `path`: the values it carries
    /// replace the ones held. Returns the path of the menu that changed, if
    /// any, and whether a property was invalidated without its value, so
    /// that the menu must be read again.
    @discardableResult
    public mutating func propertiesChanged(
        _ path: ObjectPath, interface: String, changed: DBusVariantDictionary, invalidated: [String]
    ) -> (menu: ObjectPath, mustRead: Bool)? {
        switch interface {
        case PetalBus.Menu.interface.rawValue:
            guard menus[path] != nil else { return nil }
            for (name, value) in changed.entries { menus[path]?[name] = value.unwrapped }
            let state = PetalBus.Menu.state.name.rawValue
            if changed.entries.contains(where: { $0.key != state }) || !invalidated.isEmpty { newRevision(path) }
            return (path, !invalidated.isEmpty)
        case PetalBus.Item.interface.rawValue:
            guard let menu = Self.menuPath(ofItem: path), items[menu]?[path] != nil else { return nil }
            for (name, value) in changed.entries { items[menu]?[path]?[name] = value.unwrapped }
            newRevision(menu)
            return (menu, !invalidated.isEmpty)
        default:
            return nil
        }
    }

    /// `StateChanged` of the menu at `path`; false when there is no such menu.
    @discardableResult
    public mutating func stateChanged(_ path: ObjectPath, to state: MenuState) -> Bool {
        guard menus[path] != nil else { return false }
        menus[path]?[PetalBus.Menu.state.name.rawValue] = state.dbusValue
        return true
    }

    /// The menu's properties as one `GetAll` read them again.
    /// A menu that went meanwhile (or since a new read) is not brought back.
    public mutating func menuRead(_ path: ObjectPath, _ properties: DBusVariantDictionary) {
        guard menus[path] != nil else { return }
        menus[path] = Self.values(properties)
        newRevision(path)
    }

    /// Gives the menu at `path` a new revision.
    private mutating func newRevision(_ path: ObjectPath) {
        lastRevision += 1
        revisions[path] = lastRevision
    }

    @discardableResult
    private mutating func add(_ path: ObjectPath, _ interfaces: ObjectManagerInterface.InterfacesAndProperties)
        -> ObjectPath?
    {
        var changed: ObjectPath?
        for (interface, properties) in interfaces.entries {
            switch interface {
            case PetalBus.Menu.interface.rawValue:
                menus[path] = Self.values(properties)
                changed = path
                newRevision(path)
            case PetalBus.Item.interface.rawValue:
                guard let menu = Self.menuPath(ofItem: path) else { continue }
                items[menu, default: [:]][path] = Self.values(properties)
                changed = menu
                newRevision(menu)
            default:
                continue
            }
        }
        return changed
    }

    /// The menu an item object belongs to: items are at `<menu path>/items/<label>`.
    static func menuPath(ofItem path: ObjectPath) -> ObjectPath? {
        guard let folder = path.parent, folder.elements.last == "items" else { return nil }
        return folder.parent
    }

    private static func values(_ dictionary: DBusVariantDictionary) -> [String: DBusValue] {
        Dictionary(dictionary.entries.map { ($0.key, $0.value.unwrapped) }, uniquingKeysWith: { _, last in last })
    }
}
