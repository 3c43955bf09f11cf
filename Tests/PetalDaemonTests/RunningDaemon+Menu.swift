import DBus
import Foundation
import TestSupport

/// One row of the `Items` property, `(ssssbb)`.
struct ItemRow: Equatable, CustomStringConvertible {
    let id: String
    let title: String
    let icon: String
    let action: String
    let enabled: Bool
    let selected: Bool

    init?(_ value: DBusValue) {
        guard case .structure(let fields) = value, fields.count == 6,
            let id = fields[0].stringValue, let title = fields[1].stringValue, let icon = fields[2].stringValue,
            let action = fields[3].stringValue, let enabled = fields[4].boolValue, let selected = fields[5].boolValue
        else { return nil }
        (self.id, self.title, self.icon, self.action, self.enabled, self.selected) = (
            id, title, icon, action, enabled, selected
        )
    }

    var description: String { "\(id)(\(action), enabled: \(enabled), selected: \(selected))" }
}

/// One item's centre from the `Layout` property, `(sdd)`.
struct LayoutPoint: Equatable, CustomStringConvertible {
    let id: String
    let x: Double
    let y: Double

    init(id: String, x: Double, y: Double) { (self.id, self.x, self.y) = (id, x, y) }

    init?(_ value: DBusValue) {
        guard case .structure(let fields) = value, fields.count == 3, let id = fields[0].stringValue,
            case .double(let x) = fields[1], case .double(let y) = fields[2]
        else { return nil }
        self.init(id: id, x: x, y: y)
    }

    /// Whether both coordinates are within a thousandth of a pixel of `other`'s.
    func isClose(to other: LayoutPoint) -> Bool {
        id == other.id && abs(x - other.x) < 1e-3 && abs(y - other.y) < 1e-3
    }

    var description: String { "\(id)(\(x), \(y))" }
}

/// The ids of the test daemon's menu, in order (Tests/TestDaemon/main.swift).
let testItemIDs = ["echo", "like", "stay", "slow", "hang", "fail", "off", "missing"]

extension RunningDaemon {
    /// Opens the menu and waits until it is expanded.
    func openMenu() async throws {
        _ = try await menu("Open")
        try await waitForState("expanded", within: .patience)
    }

    /// Sends Choose now (queued on the client before this returns, so later calls
    /// on the same connection reach the daemon after it) and returns its answer as a task.
    func startChoose(
        _ options: [(String, DBusValue)] = [], on connection: DBusConnection? = nil,
        at path: ObjectPath = RunningDaemon.path
    ) throws -> Task<String, any Error> {
        let connection = connection ?? client
        let message = Message.methodCall(
            destination: RunningDaemon.name, path: path, interface: RunningDaemon.menu, member: "Choose")
        try message.append(.vardict(options))
        let (replies, continuation) = AsyncThrowingStream<Message, any Error>.makeStream()
        try connection.loop.performAndWait {
            connection.sendWithReply(message, timeout: .seconds(15)) { result in
                continuation.yield(with: result.mapError { $0 as any Error })
                continuation.finish()
            }
        }
        return Task {
            for try await reply in replies {
                return try reply.arguments().first?.stringValue ?? ""
            }
            throw TestSetupError("Choose got no reply")
        }
    }

    /// Activates `item` and returns its action's result, the `a{sv}`.
    func activate(_ item: String, timeout: Duration = .seconds(10)) async throws -> DBusValue {
        try await menu("Activate", [.string(item)], timeout: timeout).first ?? .vardict([])
    }

    /// Triggers `action` with `params` and returns its result, the `a{sv}`.
    func trigger(_ action: String, _ params: [(String, DBusValue)] = [], timeout: Duration = .seconds(10)) async throws
        -> DBusValue
    {
        try await menu("Trigger", [.string(action), .vardict(params)], timeout: timeout).first ?? .vardict([])
    }

    /// The `Items` property, row by row.
    func items() async throws -> [ItemRow] {
        try await property("Items").arrayElements?.compactMap(ItemRow.init) ?? []
    }

    /// The row of item `id` in `Items`.
    func item(_ id: String) async throws -> ItemRow? {
        try await items().first { $0.id == id }
    }

    /// The `Layout` property, point by point.
    func layout() async throws -> [LayoutPoint] {
        try await property("Layout").arrayElements?.compactMap(LayoutPoint.init) ?? []
    }

    /// A new client connection to the daemon's bus, as a second client would make.
    func connectClient() throws -> DBusConnection {
        try DBusConnection.connect(to: .address(bus.address))
    }

    /// Calls `member` of `interface` at `path` (the menu object by default) from `connection`.
    func call(
        _ interface: InterfaceName, _ member: MemberName, _ arguments: [DBusValue] = [],
        at path: ObjectPath = RunningDaemon.path, from connection: DBusConnection? = nil,
        timeout: Duration = .seconds(10)
    ) async throws -> [DBusValue] {
        try await (connection ?? client).call(
            destination: Self.name, path: path, interface: interface, member: member, arguments, timeout: timeout)
    }

    /// Whether the daemon still answers a call on its menu (a Properties.Get of State).
    func answers() async -> Bool {
        (try? await state()).map { !$0.isEmpty } ?? false
    }
}

extension InterfaceName {
    /// `org.freedesktop.DBus.Properties`.
    static let propertiesInterface: InterfaceName = "org.freedesktop.DBus.Properties"
    /// `org.freedesktop.DBus.Introspectable`.
    static let introspectableInterface: InterfaceName = "org.freedesktop.DBus.Introspectable"
    /// `org.freedesktop.DBus.Peer`.
    static let peerInterface: InterfaceName = "org.freedesktop.DBus.Peer"
}
