import DBus
import Linux
import PetalAPI
import PetalCore
import PetalScene

/// What the overlay read of petald's menu.
struct MenuReading: Sendable {
    var menu: SceneMenu
    var state: MenuState
    var highlighted: String
}

/// The overlay's view of petald: one connection on the DBus library's own
/// loop thread, what petald says of every menu, each read as
/// a ``SceneMenu``, and calls sent, all through ``PetalClient``'s callback
/// forms. Only the public D-Bus API is used (docs/overlay.md).
///
/// Everything here is callbacks on the loop thread, not async functions: a
/// Swift task would start libdispatch's worker pool, whose monitor wakes the
/// process every second for good, and the overlay must not wake while idle.
final class MenuFeed: Sendable {
    let client: PetalClient
    var connection: DBusConnection { client.connection }

    /// Connects to `bus`.
    init(bus: BusAddress) throws {
        client = PetalClient(connection: try DBusConnection.connect(to: bus))
    }

    /// Calls `handler` once if the connection to the bus is lost.
    func onDisconnect(_ handler: @escaping @Sendable () -> Void) {
        connection.onDisconnect(handler)
    }

    /// Reads the main menu as petald describes it now (`GetAll`, then the item
    /// objects) and passes it to `completion` on the loop thread: what `--render` draws.
    func read(_ completion: @escaping @Sendable (Result<MenuReading, DBusError>) -> Void) {
        client.read(menu: PetalBus.path) { result in
            completion(result.map { snapshot, details in Self.reading(snapshot, details: details) })
        }
    }

    /// Delivers what petald says of every menu to `handler`, on the loop
    /// thread, from now on and across restarts of petald.
    func followEveryMenu(_ handler: @escaping @Sendable (EveryMenuEvent) -> Void) {
        client.followEveryMenu(handler)
    }

    /// Reads every menu petald serves, in two calls.
    func readEveryMenu(_ completion: @escaping @Sendable (Result<MenuMirror, DBusError>) -> Void) {
        client.readEveryMenu(then: completion)
    }

    /// Reads the Menu properties of the menu at `path` again.
    func readMenuProperties(
        at path: ObjectPath, _ completion: @escaping @Sendable (Result<DBusVariantDictionary, DBusError>) -> Void
    ) {
        client.readMenuProperties(at: path, then: completion)
    }

    /// Sends a call for `intent` to the menu at `path` (`main` when nil);
    /// `failed` gets petald's error, on the loop thread.
    func perform(_ intent: Intent, onMenuAt path: ObjectPath? = nil, failed: @escaping @Sendable (DBusError) -> Void) {
        @Sendable func report<Value>(_ result: Result<Value, DBusError>) {
            if case .failure(let error) = result { failed(error) }
        }
        let client = path.map { self.client.menu(at: $0) } ?? self.client
        switch intent {
        case .toggle: client.call(PetalBus.Menu.toggle) { report($0) }
        case .close: client.call(PetalBus.Menu.close) { report($0) }
        case .activate(let id): client.call(PetalBus.Menu.activate, id) { report($0) }
        case .highlight(let id): client.set(PetalBus.Menu.highlighted, id) { report($0) }
        case .back: client.call(PetalBus.Menu.back) { report($0) }
        }
    }

    /// Owns `org.petal.Frontend1`, the name that tells petald a program draws
    /// its menus (docs/overlay.md), and logs how asking went. When another
    /// program owns it, the overlay draws all the same and waits in the
    /// name's queue, so that the name stays owned while anything draws.
    func claimFrontendName(log: Logger) {
        let name = PetalBus.frontendName
        client.claimFrontendName { outcome in
            switch outcome {
            case .success(.primaryOwner), .success(.alreadyOwner):
                log.info("owns \(name): petald counts on it to draw menus")
            case .success(.inQueue), .success(.exists):
                log.notice(
                    "another program owns \(name) and draws menus too; petal-overlay draws them as well, and takes the name if that program leaves"
                )
            case .failure(let error):
                log.warning(
                    "could not ask for \(name) (\(error)): petald does not know that petal-overlay draws menus, and its Choose calls answer NoFrontend"
                )
            }
        }
    }

    /// Asks the bus whether petald owns its name (which does not start it).
    func petaldIsRunning(_ completion: @escaping @Sendable (Bool) -> Void) {
        client.isRunning(then: completion)
    }

    /// The scene's menu from what petald's properties and item objects say.
    static func reading(_ snapshot: MenuSnapshot, details: [String: ItemDetails]) -> MenuReading {
        let places = Dictionary(
            snapshot.layout.map { ($0.id, Point(x: $0.x, y: $0.y)) },
            uniquingKeysWith: { first, _ in first })
        let items = snapshot.items.map { item in
            let detail = details[item.id]
            return SceneItem(
                id: item.id, title: item.title, icon: detail?.icon ?? item.icon,
                selectedIcon: detail?.selectedIcon ?? "", color: detail?.color ?? "", enabled: item.enabled,
                selected: item.selected, toggle: detail?.toggle ?? false, key: detail?.key ?? "",
                position: places[item.id] ?? .zero)
        }
        let appearance = snapshot.appearance
        // What a peer on the bus says is kept within petald's own limits before it is drawn.
        let menu = SceneMenu(
            items: items, appearance: appearance.settings, openDuration: appearance.openDuration,
            closeDuration: appearance.closeDuration, online: true, name: snapshot.name, title: snapshot.title,
            style: snapshot.layoutStyle
        ).sanitized()
        return MenuReading(
            menu: menu, state: snapshot.state,
            highlighted: snapshot.highlighted)
    }

    /// The scene's menu for a menu of the mirror: as ``reading(_:details:)``
    /// reads it, at the anchor its `Placement` names, and with no backdrop
    /// for a submenu (its top-level menu has one).
    static func sceneMenu(_ menu: MenuMirror.Menu) -> SceneMenu {
        var scene = reading(menu.snapshot, details: menu.details).menu
        if menu.snapshot.parent != .root {
            scene.appearance.backdrop = ""
        } else {
            // Show may have given another anchor than the configured one.
            scene.appearance.anchor = menu.snapshot.placement.anchor
        }
        return scene
    }
}
