import DBus
import Linux
import PetalCore

/// Named menus, submenus and ad-hoc menus (docs/dbus-api.md): a client of
/// any menu, and the root's `org.petal.Petal1.Menus` interface.
///
/// A ``PetalClient`` addresses one menu, `main` unless made with
/// ``menu(named:)`` or ``init(connection:menuAt:)``: its Menu calls
/// (`change`, `activate`, `choose`, `snapshot`, `itemDetails`, ``show(_:)``,
/// ``back()``) go to that menu's object. The Menus calls always go to the root.
extension PetalClient {
    /// A client of the menu at `path` on `connection`'s bus.
    public init(connection: DBusConnection, menuAt path: ObjectPath) {
        self.connection = connection
        menu = DBusProxy(
            connection: connection, destination: Self.name, path: path, interface: PetalBus.Menu.interface)
    }

    /// The same connection's client of the menu called `name`, at ``PetalBus/menuPath(_:)``.
    public func menu(named name: String) -> PetalClient {
        PetalClient(connection: connection, menuAt: PetalBus.menuPath(name))
    }

    /// The same connection's client of the menu at `path` (a row of ``menus()``, say).
    public func menu(at path: ObjectPath) -> PetalClient {
        PetalClient(connection: connection, menuAt: path)
    }

    /// The object of the menu this client addresses.
    public var menuPath: ObjectPath { menu.path }

    /// The root object, where `org.petal.Petal1.Menus` is served.
    var root: DBusProxy {
        DBusProxy(connection: connection, destination: Self.name, path: Self.path, interface: PetalBus.Menus.interface)
    }

    /// How long a call that waits for a choice may take: the choice's own
    /// `timeout` and five seconds more, or no limit without one.
    public static func choiceCallTimeout(_ timeout: Double?) -> Duration {
        timeout.map { .seconds($0) + .seconds(5) } ?? endlessCallTimeout
    }

    // MARK: - This menu

    /// Calls `Show` on this menu and returns its state after the call.
    ///
    /// - Throws: `org.freedesktop.DBus.Error.InvalidArgs` naming a bad option.
    public func show(_ options: ShowOptions = ShowOptions()) async throws -> MenuState {
        try await menu.call(PetalBus.Menu.show, options.dictionary)
    }

    /// Calls `Back` on this menu: closes the innermost open submenu of its
    /// chain, else the menu itself; returns this menu's state after the call.
    public func back() async throws -> MenuState {
        try await menu.call(PetalBus.Menu.back)
    }

    // MARK: - Every menu

    /// Calls `ShowMenu`: opens the menu called `name` ("" for the one the
    /// context asks for) where `options` say, and returns its object.
    ///
    /// - Throws: `org.petal.Petal1.Error.UnknownMenu` for a name petald does not serve.
    public func showMenu(_ name: String, _ options: ShowOptions = ShowOptions()) async throws -> ObjectPath {
        try await root.call(PetalBus.Menus.showMenu, name, options.dictionary)
    }

    /// `Menus`: every menu petald serves, configured ones first.
    public func menus() async throws -> [MenuRow] {
        try await root.get(PetalBus.Menus.menus)
    }

    /// `ConfigWarnings`: the warnings of the configuration in force.
    public func configWarnings() async throws -> [String] {
        try await root.get(PetalBus.Menus.configWarnings)
    }

    /// `ActiveMenu`: the innermost open menu, or `/` when every menu is collapsed.
    public func activeMenu() async throws -> ObjectPath {
        try await root.get(PetalBus.Menus.activeMenu)
    }

    /// Calls `CreateMenu`: makes an ad-hoc menu from `json` (a menu section),
    /// owned by this connection; a `transient` one goes once it closes. With
    /// `rows`, a sealed memfd holding a row table, the menu's rows are its
    /// rows, and `json` has no `items`.
    ///
    /// - Throws: `org.petal.Petal1.Error.InvalidMenu` with the JSON path of the
    ///   fault, `LimitExceeded` naming the limit.
    public func createMenu(_ json: String, transient: Bool = false, rows: FileDescriptor? = nil) async throws
        -> ObjectPath
    {
        try await root.call(
            PetalBus.Menus.createMenu, json, CreateMenuOptions(transient: transient, rows: rows).dictionary)
    }

    /// Calls `RemoveMenu` for an ad-hoc menu this connection made.
    ///
    /// - Throws: `org.petal.Petal1.Error.UnknownMenu` for any other path.
    public func removeMenu(_ path: ObjectPath) async throws {
        try await root.call(PetalBus.Menus.removeMenu, path)
    }

    /// Calls `ChooseFrom`: shows a menu made of `json` for this call alone,
    /// and returns the id of the item chosen (`apps/web` for one in a submenu).
    ///
    /// - Parameters:
    ///   - options: where the menu opens.
    ///   - timeout: seconds petald waits for a choice; nil waits for ever.
    ///   - dispatch: whether a chosen item's action runs.
    ///   - rows: a sealed memfd holding a row table: the menu's rows, when `json` has no `items`.
    /// - Throws: `org.petal.Petal1.Error.Cancelled` when the menu closes first
    ///   or the timeout passes; `InvalidMenu`, `LimitExceeded`.
    public func chooseFrom(
        _ json: String, options: ShowOptions = ShowOptions(), timeout: Double?, dispatch: Bool = true,
        rows: FileDescriptor? = nil
    ) async throws -> String {
        let (proxy, options) = choiceCall(options, timeout: timeout, dispatch: dispatch, rows: rows)
        return try await proxy.call(PetalBus.Menus.chooseFrom, json, options)
    }

    /// The root's proxy with the time a choice may take, and `ChooseFrom`'s
    /// options, which borrow `rows`' descriptor.
    private func choiceCall(_ options: ShowOptions, timeout: Double?, dispatch: Bool, rows: FileDescriptor?) -> (
        DBusProxy, DBusVariantDictionary
    ) {
        let choice = ChooseFromOptions(
            show: options, choose: ChooseOptions(timeout: timeout, dispatch: dispatch), rows: rows)
        var proxy = root
        proxy.timeout = Self.choiceCallTimeout(timeout)
        return (proxy, choice.dictionary)
    }

    // MARK: - Callback forms, for the overlay and petalctl's key presses

    /// Calls `ChooseFrom`, from any thread; `completion` runs on the
    /// connection's loop thread with the id chosen, as ``chooseFrom(_:options:timeout:dispatch:rows:)``.
    public func chooseFrom(
        _ json: String, options: ShowOptions = ShowOptions(), timeout: Double?, dispatch: Bool = true,
        rows: FileDescriptor? = nil, then completion: @escaping @Sendable (Result<String, DBusError>) -> Void
    ) {
        let (proxy, options) = choiceCall(options, timeout: timeout, dispatch: dispatch, rows: rows)
        proxy.call(PetalBus.Menus.chooseFrom, json, options, then: completion)
    }

    /// Calls `ShowMenu`, from any thread; `completion` runs on the connection's loop thread.
    public func showMenu(
        _ name: String, _ options: ShowOptions = ShowOptions(),
        then completion: @escaping @Sendable (Result<ObjectPath, DBusError>) -> Void
    ) {
        root.call(PetalBus.Menus.showMenu, name, options.dictionary, then: completion)
    }

    /// Reads the menu at `path` as petald describes it now: its properties
    /// (``MenuSnapshot``), then its items' objects, by id.
    public func read(
        menu path: ObjectPath,
        then completion: @escaping @Sendable (Result<(MenuSnapshot, [String: ItemDetails]), DBusError>) -> Void
    ) {
        let menu = menu(at: path).menu
        let root = root
        menu.getAll(PetalBus.Menu.interface) { result in
            let snapshot: MenuSnapshot
            do {
                snapshot = try MenuSnapshot(try result.get())
            } catch {
                return completion(.failure(error as? DBusError ?? DBusError.failed("\(error)")))
            }
            root.call(ObjectManagerInterface.getManagedObjects) { objects in
                completion(objects.map { (snapshot, ItemDetails.byID($0, of: snapshot, inMenuAt: path)) })
            }
        }
    }

    /// Reads `Menus`: every menu petald serves. A petald without the
    /// interface (v2) answers `UnknownInterface` or `UnknownProperty`.
    public func menus(then completion: @escaping @Sendable (Result<[MenuRow], DBusError>) -> Void) {
        root.get(PetalBus.Menus.menus, then: completion)
    }
}

extension PetalBus {
    /// The name of the menu served at `path`: ``mainMenu`` at ``path``, the
    /// unlabelled name at `menusPath/<label>`; nil for any other object (an
    /// item, say).
    public static func menuName(at path: ObjectPath) -> String? {
        if path == Self.path { return mainMenu }
        guard path.parent == menusPath, let label = path.elements.last else { return nil }
        return ItemLabel.unescape(String(label))
    }
}

extension ItemDetails {
    /// Every item of the menu `snapshot` describes, at `menu`, by id: what its
    /// row of `Items` and its entry of `ItemDetails` say, and, for an item
    /// with an object of its own (a configured menu's), that object's
    /// properties from a `GetManagedObjects` reply of petald's root object.
    /// Other menus' items, which may share ids, are skipped.
    public static func byID(
        _ objects: ObjectManagerInterface.ManagedObjects, of snapshot: MenuSnapshot, inMenuAt menu: ObjectPath
    ) -> [String: ItemDetails] {
        var byID = snapshot.detailsFromRows
        for (path, interfaces) in objects.entries {
            for (interface, properties) in interfaces.entries where interface == PetalBus.Item.interface.rawValue {
                let details = ItemDetails(DBusPropertyValues(properties, from: PetalBus.name.rawValue))
                if PetalBus.itemPath(details.id, inMenuAt: menu) == path { byID[details.id] = details }
            }
        }
        return byID
    }
}
