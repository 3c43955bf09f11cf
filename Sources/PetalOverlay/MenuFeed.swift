import DBus
import PetalAPI
import PetalCore
import PetalScene

/// What petald says, as the overlay needs to hear it.
enum FeedEvent: Sendable {
    /// `StateChanged`.
    case stateChanged(MenuState)
    /// `Highlighted` changed.
    case highlighted(String)
    /// Items, layout or appearance changed: read the menu again.
    case menuChanged
    /// petald took the name (started, or restarted).
    case appeared
    /// petald left the bus.
    case vanished
}

/// What the overlay read of petald's menu.
struct MenuReading: Sendable {
    var menu: SceneMenu
    var state: MenuState
    var highlighted: String
}

/// The overlay's view of petald: one connection on the DBus library's own
/// loop thread, petald's signals turned into ``FeedEvent``s, the menu read as
/// a ``SceneMenu``, and calls sent. Only the public D-Bus API is used (SPEC §7).
///
/// Everything here is callbacks on the loop thread, not async functions: a
/// Swift task would start libdispatch's worker pool, whose monitor wakes the
/// process every second for good, and the overlay must not wake while idle.
final class MenuFeed: Sendable {
    let connection: DBusConnection

    /// Connects to `bus`.
    init(bus: BusAddress) throws {
        connection = try DBusConnection.connect(to: bus)
    }

    /// Delivers petald's signals to `handler`, on the loop thread, from now on
    /// and across restarts of petald. The rules reach the bus before any call
    /// sent after this returns.
    func follow(_ handler: @escaping @Sendable (FeedEvent) -> Void) {
        _ = connection.subscribeWithoutWaiting(MatchRule(sender: PetalClient.name.rawValue, path: PetalClient.path)) { message in
            if let event = Self.event(message) { handler(event) }
        }
        _ = connection.subscribeWithoutWaiting(MatchRule(
            sender: BusName.bus.rawValue, path: .bus, interface: .bus, member: "NameOwnerChanged",
            arguments: [0: PetalClient.name.rawValue])) { message in
            let owner = (try? message.argumentsWithoutDescriptors().last?.stringValue) ?? ""
            handler(owner.isEmpty ? .vanished : .appeared)
        }
    }

    /// Calls `handler` once if the connection to the bus is lost.
    func onDisconnect(_ handler: @escaping @Sendable () -> Void) {
        connection.onDisconnect(handler)
    }

    /// Reads the menu as petald describes it now (`GetAll`, then the item
    /// objects) and passes it to `completion` on the loop thread.
    func read(_ completion: @escaping @Sendable (Result<MenuReading, DBusError>) -> Void) {
        let getAll = Message.methodCall(destination: PetalClient.name, path: PetalClient.path,
                                        interface: Self.properties, member: "GetAll")
        let objects = Message.methodCall(destination: PetalClient.name, path: PetalClient.path,
                                         interface: PetalClient.objectManager, member: "GetManagedObjects")
        // A string argument always fits.
        try? getAll.append([.string(PetalClient.menuInterface.rawValue)])
        send(getAll) { [self] reply in
            let snapshot: MenuSnapshot
            do {
                let entries = try reply.get().argumentsWithoutDescriptors().first?.stringKeyedEntries ?? []
                snapshot = try MenuSnapshot(properties: Dictionary(entries.map { ($0.key, $0.value.unwrapped) },
                                                                   uniquingKeysWith: { _, last in last }))
            } catch {
                return completion(.failure(error as? DBusError ?? DBusError.failed("\(error)")))
            }
            send(objects) { reply in
                completion(reply.map { message in
                    Self.reading(snapshot, details: ItemDetails.byID(managedObjects: try? message.argumentsWithoutDescriptors().first))
                })
            }
        }
    }

    /// Sends a call for `intent`; `failed` gets petald's error, on the loop thread.
    func perform(_ intent: Intent, failed: @escaping @Sendable (DBusError) -> Void) {
        let message: Message
        switch intent {
        case .toggle: message = menuCall("Toggle")
        case .close: message = menuCall("Close")
        case .activate(let id):
            message = menuCall("Activate")
            try? message.append([.string(id)])
        case .highlight(let id):
            message = Message.methodCall(destination: PetalClient.name, path: PetalClient.path,
                                         interface: Self.properties, member: "Set")
            try? message.append([.string(PetalClient.menuInterface.rawValue), .string("Highlighted"), .variant(.string(id))])
        }
        // An action may run up to its timeout; Activate waits for it.
        send(message, timeout: PetalClient.actionCallTimeout) { reply in
            if case .failure(let error) = reply { failed(error) }
        }
    }

    /// Asks the bus whether petald owns its name (which does not start it).
    func petaldIsRunning(_ completion: @escaping @Sendable (Bool) -> Void) {
        let message = Message.methodCall(destination: .bus, path: .bus, interface: .bus, member: "NameHasOwner")
        try? message.append([.string(PetalClient.name.rawValue)])
        send(message) { reply in
            completion((try? reply.get().argumentsWithoutDescriptors().first?.boolValue) ?? false)
        }
    }

    private func menuCall(_ member: MemberName) -> Message {
        Message.methodCall(destination: PetalClient.name, path: PetalClient.path, interface: PetalClient.menuInterface,
                           member: member)
    }

    /// Sends `message` from the loop thread and hands its reply to `completion` there.
    private func send(
        _ message: Message, timeout: Duration = DBusConnection.defaultCallTimeout,
        _ completion: @escaping @Sendable (Result<Message, DBusError>) -> Void
    ) {
        let connection = connection
        let sent = connection.loop.execute {
            connection.sendWithReply(message, timeout: timeout, completion: completion)
        }
        if !sent { completion(.failure(DBusError(DBusError.Name.disconnected, "the bus connection is closed"))) }
    }

    /// The scene's menu from what petald's properties and item objects say.
    static func reading(_ snapshot: MenuSnapshot, details: [String: ItemDetails]) -> MenuReading {
        let places = Dictionary(snapshot.layout.map { ($0.id, Point(x: $0.x, y: $0.y)) },
                                uniquingKeysWith: { first, _ in first })
        let items = snapshot.items.map { item in
            let detail = details[item.id]
            return SceneItem(
                id: item.id, title: item.title, icon: detail?.icon ?? item.icon,
                selectedIcon: detail?.selectedIcon ?? "", color: detail?.color ?? "", enabled: item.enabled,
                selected: item.selected, toggle: detail?.toggle ?? false, position: places[item.id] ?? .zero)
        }
        let appearance = snapshot.appearance
        // What a peer on the bus says is kept within petald's own limits before it is drawn.
        let menu = SceneMenu(items: items, appearance: appearance.settings, openDuration: appearance.openDuration,
                             closeDuration: appearance.closeDuration, online: true).sanitized()
        return MenuReading(menu: menu, state: MenuState(rawValue: snapshot.state) ?? .collapsed,
                           highlighted: snapshot.highlighted)
    }

    static let properties: InterfaceName = "org.freedesktop.DBus.Properties"

    /// The properties whose change means the drawing changes.
    private static let menuProperties: Set<String> = ["Items", "Layout", "LayoutStyle", "Appearance"]

    /// The event a signal of petald's root object carries, if the overlay cares.
    static func event(_ message: Message) -> FeedEvent? {
        guard let arguments = try? message.argumentsWithoutDescriptors() else { return nil }
        switch (message.interface, message.member) {
        case (PetalClient.menuInterface.rawValue?, "StateChanged"):
            return arguments.first?.stringValue.flatMap(MenuState.init(rawValue:)).map(FeedEvent.stateChanged)
        case (MenuFeed.properties.rawValue?, "PropertiesChanged"):
            guard arguments.first?.stringValue == PetalClient.menuInterface.rawValue else { return nil }
            let changed = arguments.count > 1 ? arguments[1].stringKeyedEntries ?? [] : []
            let invalidated = arguments.count > 2 ? (arguments[2].arrayElements ?? []).compactMap(\.stringValue) : []
            if !Set(changed.map(\.key) + invalidated).isDisjoint(with: menuProperties) { return .menuChanged }
            if let highlighted = changed.first(where: { $0.key == "Highlighted" })?.value.unwrapped.stringValue {
                return .highlighted(highlighted)
            }
            return nil
        default:
            return nil
        }
    }
}
