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

/// The overlay's view of petald: one connection on the DBus library's own
/// loop thread, petald's signals turned into ``FeedEvent``s, and the menu read
/// as a ``SceneMenu``. Only the public D-Bus API is used (SPEC §7).
final class MenuFeed: Sendable {
    let client: PetalClient

    /// Connects to `bus`.
    init(bus: BusAddress) throws {
        client = PetalClient(connection: try DBusConnection.connect(to: bus))
    }

    /// Delivers petald's signals to `handler`, on the D-Bus thread, from now
    /// on and across restarts of petald; returns once the bus has the rules.
    func follow(_ handler: @escaping @Sendable (FeedEvent) -> Void) async throws {
        let connection = client.connection
        _ = try await connection.subscribe(MatchRule(sender: PetalClient.name.rawValue, path: PetalClient.path)) { message in
            if let event = Self.event(message) { handler(event) }
        }
        _ = try await connection.subscribe(MatchRule(
            sender: BusName.bus.rawValue, path: .bus, interface: .bus, member: "NameOwnerChanged",
            arguments: [0: PetalClient.name.rawValue])) { message in
            let owner = (try? message.arguments().last?.stringValue) ?? ""
            handler(owner.isEmpty ? .vanished : .appeared)
        }
    }

    /// Whether petald owns its name now; asking does not start it.
    func petaldIsRunning() async -> Bool {
        let reply = try? await client.connection.call(
            destination: .bus, path: .bus, interface: .bus, member: "NameHasOwner", [.string(PetalClient.name.rawValue)])
        return reply?.first?.boolValue ?? false
    }

    /// Calls `handler` once if the connection to the bus is lost.
    func onDisconnect(_ handler: @escaping @Sendable () -> Void) {
        client.connection.onDisconnect(handler)
    }

    /// The menu as petald describes it now, with its state and highlight.
    func read() async throws -> (menu: SceneMenu, state: MenuState, highlighted: String) {
        let snapshot = try await client.snapshot()
        let details = Dictionary(try await client.itemDetails(order: snapshot.items.map(\.id)).map { ($0.id, $0) },
                                 uniquingKeysWith: { first, _ in first })
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
        let menu = SceneMenu(items: items, appearance: appearance.settings, openDuration: appearance.openDuration,
                             closeDuration: appearance.closeDuration, online: true)
        return (menu, MenuState(rawValue: snapshot.state) ?? .collapsed, snapshot.highlighted)
    }

    /// The properties whose change means the drawing changes.
    private static let menuProperties: Set<String> = ["Items", "Layout", "LayoutStyle", "Appearance"]

    /// The event a signal of petald's root object carries, if the overlay cares.
    static func event(_ message: Message) -> FeedEvent? {
        guard let arguments = try? message.arguments() else { return nil }
        switch (message.interface, message.member) {
        case (PetalClient.menuInterface.rawValue?, "StateChanged"):
            return arguments.first?.stringValue.flatMap(MenuState.init(rawValue:)).map(FeedEvent.stateChanged)
        case ("org.freedesktop.DBus.Properties"?, "PropertiesChanged"):
            guard arguments.first?.stringValue == PetalClient.menuInterface.rawValue else { return nil }
            let changed = arguments.count > 1 ? arguments[1].stringKeyedEntries ?? [] : []
            let invalidated = arguments.count > 2 ? (arguments[2].arrayElements ?? []).compactMap(\.stringValue) : []
            let names = Set(changed.map(\.key) + invalidated)
            if !names.isDisjoint(with: menuProperties) { return .menuChanged }
            if let highlighted = changed.first(where: { $0.key == "Highlighted" })?.value.unwrapped.stringValue {
                return .highlighted(highlighted)
            }
            return nil
        default:
            return nil
        }
    }
}
