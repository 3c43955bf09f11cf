import DBus
import DBusJSON
import PetalCore

/// petald's public D-Bus API (SPEC §2), typed: what petalctl asks and how it reads the answers.
struct PetalClient: Sendable {
    static let name: BusName = "org.petal.Petal1"
    static let path: ObjectPath = "/org/petal/Petal1"
    static let menuInterface: InterfaceName = "org.petal.Petal1.Menu"
    static let itemInterface: InterfaceName = "org.petal.Petal1.Item"
    static let objectManager: InterfaceName = "org.freedesktop.DBus.ObjectManager"

    /// Actions may run up to `actions.timeout`; a call waits a little longer than its largest value.
    static let actionCallTimeout: Duration = .seconds(ConfigurationDecoder.maximumTimeoutSeconds + 30)
    /// libdbus's "no timeout" (INT32_MAX milliseconds), for a Choose without one.
    static let endlessCallTimeout: Duration = .milliseconds(Int64(Int32.max))

    let connection: DBusConnection
    let menu: DBusProxy

    init(connection: DBusConnection) {
        self.connection = connection
        menu = DBusProxy(connection: connection, destination: Self.name, path: Self.path, interface: Self.menuInterface)
    }

    /// Calls `Toggle`, `Open` or `Close` and returns the state after it.
    func change(_ member: MemberName) async throws -> String {
        try string(try await menu.call(member).first, member.rawValue)
    }

    func activate(_ item: String) async throws -> JSONObject {
        var proxy = menu
        proxy.timeout = Self.actionCallTimeout
        return try result(try await proxy.call("Activate", [.string(item)]).first)
    }

    func trigger(_ action: String, _ params: JSONObject) async throws -> JSONObject {
        var proxy = menu
        proxy.timeout = Self.actionCallTimeout
        return try result(try await proxy.call("Trigger", [.string(action), DBusJSON.vardict(params)]).first)
    }

    func choose(timeout: Double?, dispatch: Bool) async throws -> String {
        var options: [(String, DBusValue)] = []
        if let timeout { options.append(("timeout", .double(timeout))) }
        if !dispatch { options.append(("dispatch", .boolean(false))) }
        var proxy = menu
        proxy.timeout = timeout.map { .seconds($0) + .seconds(5) } ?? Self.endlessCallTimeout
        return try string(try await proxy.call("Choose", [.vardict(options)]).first, "Choose")
    }

    func reload() async throws {
        _ = try await menu.call("Reload")
    }

    func setLayoutStyle(_ style: LayoutStyle) async throws {
        try await menu.setProperty("LayoutStyle", .string(style.rawValue))
    }

    func snapshot() async throws -> MenuSnapshot {
        try MenuSnapshot(properties: try await menu.allProperties())
    }

    /// Every item object's `org.petal.Petal1.Item` properties, in menu order.
    func itemDetails(order: [String]) async throws -> [ItemDetails] {
        let reply = try await connection.call(
            destination: Self.name, path: Self.path, interface: Self.objectManager, member: "GetManagedObjects")
        var byID: [String: ItemDetails] = [:]
        for object in reply.first?.arrayElements ?? [] {
            guard case .dictEntry(_, let interfaces) = object else { continue }
            for (interface, properties) in interfaces.stringKeyedEntries ?? [] where interface == Self.itemInterface.rawValue {
                let values = Dictionary((properties.stringKeyedEntries ?? []).map { ($0.key, $0.value.unwrapped) },
                                        uniquingKeysWith: { _, last in last })
                let details = ItemDetails(values)
                byID[details.id] = details
            }
        }
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

/// An item's own object (`org.petal.Petal1.Item`), for the preview.
struct ItemDetails: Equatable, Sendable {
    var id = "", title = "", icon = "", selectedIcon = "", color = "", action = ""
    var enabled = true, selected = false, toggle = false

    init(_ values: [String: DBusValue]) {
        id = values["Id"]?.stringValue ?? ""
        title = values["Title"]?.stringValue ?? ""
        icon = values["Icon"]?.stringValue ?? ""
        selectedIcon = values["SelectedIcon"]?.stringValue ?? ""
        color = values["Color"]?.stringValue ?? ""
        action = values["Action"]?.stringValue ?? ""
        enabled = values["Enabled"]?.boolValue ?? true
        selected = values["Selected"]?.boolValue ?? false
        toggle = values["Toggle"]?.boolValue ?? false
    }
}
