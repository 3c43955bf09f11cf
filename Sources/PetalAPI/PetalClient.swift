import DBus
import DBusJSON
import PetalCore
import PetalJSON

/// The client core of petald's public D-Bus API, built on its declarations
/// (``PetalBus/Menu``, ``PetalBus/Item``): the calls a client makes and how
/// it reads and follows the answers, for petalctl, the overlay and the tests.
///
/// Every call has an async form and a callback form. The callback forms
/// (`then:`) may be used from any thread and answer on the connection's loop
/// thread: the overlay uses them, since a Swift task would start
/// libdispatch's worker pool, whose monitor wakes the process every second.
///
/// A value type over one connection; every call is a D-Bus round trip.
public struct PetalClient: Sendable {
    /// petald's well-known bus name.
    public static let name = PetalBus.name
    /// The main menu's object path.
    public static let path = PetalBus.path

    /// Actions may run up to `actions.timeout`; a call waits a little longer than its largest value.
    public static let actionCallTimeout: Duration = .seconds(ConfigurationDecoder.maximumTimeoutSeconds + 30)
    /// libdbus's "no timeout" (INT32_MAX milliseconds), for a Choose without one.
    public static let endlessCallTimeout: Duration = .milliseconds(Int64(Int32.max))

    /// The connection the calls go over.
    public let connection: DBusConnection
    /// The main menu's object, owned by petald.
    public let menu: DBusProxy

    /// A client of the petald that owns ``name`` on `connection`'s bus.
    public init(connection: DBusConnection) {
        self.connection = connection
        menu = DBusProxy(
            connection: connection, destination: Self.name, path: Self.path,
            interface: PetalBus.Menu.interface)
    }

    /// The object path of the item with `id`: its bytes outside `[A-Za-z0-9]`
    /// written as `_xx` (docs/dbus-api.md).
    public static func itemPath(_ id: String) -> ObjectPath {
        PetalBus.itemPath(id)
    }

    // MARK: - Methods

    /// Calls `Toggle`, `Open` or `Close` (``PetalBus/Menu/toggle`` …) and returns the state after it.
    public func change(_ method: DBusMethodDeclaration<MenuState>) async throws -> MenuState {
        try await menu.call(method)
    }

    /// Calls `Activate` and returns the action's result; waits as long as an action may run.
    public func activate(_ item: String) async throws -> JSONObject {
        var proxy = menu
        proxy.timeout = Self.actionCallTimeout
        return DBusJSON.object(try await proxy.call(PetalBus.Menu.activate, item))
    }

    /// Calls `Trigger` with `params` and returns the action's result.
    public func trigger(_ action: String, _ params: JSONObject) async throws -> JSONObject {
        var proxy = menu
        proxy.timeout = Self.actionCallTimeout
        return DBusJSON.object(try await proxy.call(PetalBus.Menu.trigger, action, DBusJSON.dictionary(params)))
    }

    /// Calls `Choose` and returns the id of the item chosen.
    ///
    /// - Parameters:
    ///   - timeout: seconds petald waits for a choice; nil waits for ever.
    ///   - dispatch: whether the chosen item's action still runs.
    /// - Throws: `org.petal.Petal1.Error.Cancelled` when the menu closes first.
    public func choose(timeout: Double?, dispatch: Bool) async throws -> String {
        var proxy = menu
        proxy.timeout = Self.choiceCallTimeout(timeout)
        return try await proxy.call(
            PetalBus.Menu.choose, ChooseOptions(timeout: timeout, dispatch: dispatch).dictionary)
    }

    /// Calls `Reload`.
    ///
    /// - Throws: `org.petal.Petal1.Error.InvalidConfig` naming the field at fault.
    public func reload() async throws {
        try await menu.call(PetalBus.Menu.reload)
    }

    // MARK: - Properties

    /// Sets `LayoutStyle`.
    public func setLayoutStyle(_ style: LayoutStyle) async throws {
        try await menu.set(PetalBus.Menu.layoutStyle, style)
    }

    /// Sets `Highlighted`: the item a frontend shows as hovered, or "" for none.
    ///
    /// - Throws: `org.freedesktop.DBus.Error.InvalidArgs` for an unknown id.
    public func setHighlighted(_ id: String) async throws {
        try await menu.set(PetalBus.Menu.highlighted, id)
    }

    /// Every property of the menu, read with one `GetAll`.
    public func snapshot() async throws -> MenuSnapshot {
        try MenuSnapshot(try await menu.getAll(PetalBus.Menu.interface))
    }

    /// `Appearance` alone, with defaults for whatever it lacks (all defaults
    /// from a petald that has no such property).
    public func appearance() async throws -> MenuAppearance {
        do {
            return MenuAppearance(lenient: try await menu.get(PetalBus.Menu.appearance))
        } catch let error as DBusError where error.name == DBusError.Name.unknownProperty {
            return MenuAppearance()
        }
    }

    /// This menu's item objects' `org.petal.Petal1.Item` properties, in the
    /// order of `order` (item ids), from the root's ObjectManager.
    public func itemDetails(order: [String]) async throws -> [ItemDetails] {
        let objects = try await root.call(ObjectManagerInterface.getManagedObjects)
        let byID = ItemDetails.byID(objects, inMenuAt: menu.path)
        return order.compactMap { byID[$0] }
    }

    /// Whether petald owns its name now (asking does not start it).
    public func isRunning() async throws -> Bool {
        try await connection.call(BusDaemonInterface.nameHasOwner, on: .bus, at: .bus, Self.name.rawValue)
    }
}
