import DBus
import DBusJSON
import PetalCore
import PetalJSON

/// petald's public D-Bus API (SPEC §2), typed: the calls a client makes and
/// how it reads the answers. Shared by petalctl and the overlay client.
///
/// A value type over one connection; every call is a D-Bus round trip.
public struct PetalClient: Sendable {
    /// petald's well-known bus name.
    public static let name = PetalBus.name
    /// The menu's object path.
    public static let path = PetalBus.path
    /// The menu's interface.
    public static let menuInterface = PetalBus.menuInterface
    /// The interface of each item's object.
    public static let itemInterface = PetalBus.itemInterface
    /// The standard interface that lists the item objects.
    public static let objectManager: InterfaceName = "org.freedesktop.DBus.ObjectManager"
    /// The folder of the item objects; each is `itemsPath/<label>` (``itemPath(_:)``).
    public static let itemsPath = PetalBus.itemsPath

    /// Actions may run up to `actions.timeout`; a call waits a little longer than its largest value.
    public static let actionCallTimeout: Duration = .seconds(ConfigurationDecoder.maximumTimeoutSeconds + 30)
    /// libdbus's "no timeout" (INT32_MAX milliseconds), for a Choose without one.
    public static let endlessCallTimeout: Duration = .milliseconds(Int64(Int32.max))

    /// The connection the calls go over.
    public let connection: DBusConnection
    /// A proxy for the menu object's `org.petal.Petal1.Menu`.
    public let menu: DBusProxy

    /// A client of the petald that owns ``name`` on `connection`'s bus.
    public init(connection: DBusConnection) {
        self.connection = connection
        menu = DBusProxy(connection: connection, destination: Self.name, path: Self.path, interface: Self.menuInterface)
    }

    /// The object path of the item with `id`: its bytes outside `[A-Za-z0-9]`
    /// written as `_xx` (SPEC §2).
    public static func itemPath(_ id: String) -> ObjectPath {
        PetalBus.itemPath(id)
    }

    // MARK: - Methods

    /// Calls `Toggle`, `Open` or `Close` and returns the state after it.
    public func change(_ member: MemberName) async throws -> String {
        try string(try await menu.call(member).first, member.rawValue)
    }

    /// Calls `Activate` and returns the action's result; waits as long as an action may run.
    public func activate(_ item: String) async throws -> JSONObject {
        var proxy = menu
        proxy.timeout = Self.actionCallTimeout
        return try result(try await proxy.call("Activate", [.string(item)]).first)
    }

    /// Calls `Trigger` with `params` and returns the action's result.
    public func trigger(_ action: String, _ params: JSONObject) async throws -> JSONObject {
        var proxy = menu
        proxy.timeout = Self.actionCallTimeout
        return try result(try await proxy.call("Trigger", [.string(action), DBusJSON.vardict(params)]).first)
    }

    /// Calls `Choose` and returns the id of the item chosen.
    ///
    /// - Parameters:
    ///   - timeout: seconds petald waits for a choice; nil waits for ever.
    ///   - dispatch: whether the chosen item's action still runs.
    /// - Throws: `org.petal.Petal1.Error.Cancelled` when the menu closes first.
    public func choose(timeout: Double?, dispatch: Bool) async throws -> String {
        var options: [(String, DBusValue)] = []
        if let timeout { options.append(("timeout", .double(timeout))) }
        if !dispatch { options.append(("dispatch", .boolean(false))) }
        var proxy = menu
        proxy.timeout = timeout.map { .seconds($0) + .seconds(5) } ?? Self.endlessCallTimeout
        return try string(try await proxy.call("Choose", [.vardict(options)]).first, "Choose")
    }

    /// Calls `Reload`.
    ///
    /// - Throws: `org.petal.Petal1.Error.InvalidConfig` naming the field at fault.
    public func reload() async throws {
        _ = try await menu.call("Reload")
    }

    // MARK: - Properties

    /// Sets `LayoutStyle`.
    public func setLayoutStyle(_ style: LayoutStyle) async throws {
        try await menu.setProperty("LayoutStyle", .string(style.rawValue))
    }

    /// Sets `Highlighted`: the item a frontend shows as hovered, or "" for none.
    ///
    /// - Throws: `org.freedesktop.DBus.Error.InvalidArgs` for an unknown id.
    public func setHighlighted(_ id: String) async throws {
        try await menu.setProperty("Highlighted", .string(id))
    }

    /// Every property of the menu, read with one `GetAll`.
    public func snapshot() async throws -> MenuSnapshot {
        try MenuSnapshot(properties: try await menu.allProperties())
    }

    /// `Appearance` alone, with defaults for whatever it lacks (all defaults
    /// from a petald that has no such property).
    public func appearance() async throws -> MenuAppearance {
        do {
            return MenuAppearance(try await menu.property("Appearance").unwrapped)
        } catch let error as DBusError where error.name == DBusError.Name.unknownProperty {
            return MenuAppearance()
        }
    }

    /// Every item object's `org.petal.Petal1.Item` properties, in the order of `order` (item ids).
    public func itemDetails(order: [String]) async throws -> [ItemDetails] {
        let reply = try await connection.call(
            destination: Self.name, path: Self.path, interface: Self.objectManager, member: "GetManagedObjects")
        let byID = ItemDetails.byID(managedObjects: reply.first)
        return order.compactMap { byID[$0] }
    }

    private func result(_ value: DBusValue?) throws -> JSONObject {
        guard let value, case .object(let object) = DBusJSON.json(value) else {
            throw DBusError.failed("petald answered with \(value.map { "\($0.type)" } ?? "nothing") instead of an a{sv} result")
        }
        return object
    }

    private func string(_ value: DBusValue?, _ member: String) throws -> String {
        guard let text = value?.stringValue else {
            throw DBusError.failed("petald answered \(member) with \(value.map { "\($0.type)" } ?? "nothing") instead of a string")
        }
        return text
    }
}
