import DBus
import Foundation
import Linux
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// A `list` made from a row table in a sealed memory file (docs/dbus-api.md,
/// "Row tables"): one object, its rows read in place and handed to frontends
/// as the same file, named by their ids or indexes; every refusal names its
/// error, and the daemon serves on.
@Suite(.timeLimit(.minutes(2))) struct RowTableMenuTests {
    static let menusInterface: InterfaceName = "org.petal.Petal1.Menus"
    static let menuInterface: InterfaceName = "org.petal.Petal1.Menu"

    /// `count` rows titled "row N"; row 3 is called "lock", row 5 cannot be chosen.
    static func table(_ count: Int, title: (Int) -> String = { "row \($0)" }) -> [UInt8] {
        var builder = RowTableBuilder()
        for row in 0..<count {
            builder.append(id: row == 3 ? "lock" : "", title: title(row), selectable: row != 5)
        }
        return builder.encoded()
    }

    static func sealed(_ bytes: [UInt8]) throws -> FileDescriptor {
        try bytes.withUnsafeBytes { try SealedMemory.make(name: "test-rows", bytes: $0) }
    }

    static func options(rows file: FileDescriptor) -> DBusValue {
        .dictionary(.string, .variant, [(.string("rows"), .variant(.unixFD(file.rawValue)))])
    }

    /// Calls `member` of the Menus interface on `connection` with `json` and the row table `file`.
    static func call(
        _ member: MemberName, _ json: String, rows file: FileDescriptor, on connection: DBusConnection
    ) async throws -> [DBusValue] {
        try await connection.call(
            destination: PetalBus.name, path: PetalBus.path, interface: menusInterface, member: member,
            [.string(json), options(rows: file)], timeout: .seconds(60))
    }

    /// Starts a `PickFrom` of `bytes` and returns its answer and its menu's name once it is expanded.
    static func pickFrom(
        _ fixture: MenusFixture, _ bytes: [UInt8], json: String = #"{"picker": {"multi": true}}"#
    ) async throws -> (answer: Task<[DBusValue], any Error>, name: String) {
        let file = try sealed(bytes)
        let caller = try fixture.daemon.connectClient()
        let answer = Task { try await call("PickFrom", json, rows: file, on: caller) }
        var name: String?
        _ = try await eventually {
            name = PetalBus.menuName(at: try await fixture.client.activeMenu())
            return name?.hasPrefix("adhoc-") == true
        }
        guard let name else { throw TestSetupError("PickFrom's menu never opened") }
        try await fixture.wait(until: name, is: "expanded")
        return (answer, name)
    }

    static func menuCall(
        _ fixture: MenusFixture, _ name: String, _ member: MemberName, _ arguments: [DBusValue] = []
    ) async throws -> [DBusValue] {
        try await fixture.daemon.client.call(
            destination: PetalBus.name, path: PetalBus.menuPath(name), interface: menuInterface, member: member,
            arguments)
    }

    static func property(_ fixture: MenusFixture, _ name: String, _ property: String) async throws -> DBusValue {
        let reply = try await fixture.daemon.client.call(
            destination: PetalBus.name, path: PetalBus.menuPath(name), interface: "org.freedesktop.DBus.Properties",
            member: "Get", [.string(menuInterface.rawValue), .string(property)])
        return reply.first?.unwrapped ?? .string("")
    }

    /// The rows `GetRows` answers for the menu `name`, mapped as a frontend maps them.
    static func rows(_ fixture: MenusFixture, _ name: String) async throws -> RowTable {
        let message = Message.methodCall(
            destination: PetalBus.name, path: PetalBus.menuPath(name), interface: menuInterface, member: "GetRows")
        let reply = try await fixture.daemon.client.call(message)
        guard case .unixFD(let raw) = try reply.arguments().first else { throw TestSetupError("GetRows answered no h") }
        let mapping = try SealedMapping(FileDescriptor(duplicating: raw), maximumSize: Limits.listMenuBytes)
        return try RowTable(
            RowBytes(base: mapping.bytes.baseAddress!, count: mapping.bytes.count) {
                withExtendedLifetime(mapping) {}
            })
    }

    static func submit(_ fixture: MenusFixture, _ name: String, _ ids: [String]) async throws {
        _ = try await menuCall(
            fixture, name, "Submit", [.array(.string, ids.map(DBusValue.string)), .dictionary(.string, .variant, [])])
    }

    @Test func aPickFromOfARowTableIsOneListServedFromItsFile() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let (answer, name) = try await Self.pickFrom(fixture, Self.table(1000))
        #expect(try await Self.property(fixture, name, "Items").arrayCount == 0)
        #expect(try await Self.property(fixture, name, "RowCount") == .uint32(1000))
        #expect(try await Self.property(fixture, name, "LayoutStyle") == .string("list"))

        let rows = try await Self.rows(fixture, name)
        #expect(rows.count == 1000)
        #expect(rows.title(999) == "row 999" && rows.id(3) == "lock" && !rows.isSelectable(5))

        try await Self.submit(fixture, name, ["999", "lock"])
        let picked = try await answer.value
        #expect(
            PickAnswer(lenient: DBusVariantDictionary(dbusValue: picked[0]) ?? DBusVariantDictionary([])).ids == [
                "lock", "999",
            ])
        let gone = try await eventually { !(try await fixture.menuNames().contains(name)) }
        #expect(gone, "the menu went once chosen from")
    }

    @Test func rowsAreNamedByTheirIDsAndEveryWrongOneIsRefused() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let (answer, name) = try await Self.pickFrom(fixture, Self.table(10))
        await expectPetalError("UnknownItem") { try await Self.submit(fixture, name, ["10"]) }
        await expectPetalError("UnknownItem", containing: "10 rows") { try await Self.submit(fixture, name, ["3"]) }
        await expectPetalError("ItemDisabled") { try await Self.submit(fixture, name, ["5"]) }
        try await Self.submit(fixture, name, ["7"])
        let picked = try await answer.value
        #expect(
            PickAnswer(lenient: DBusVariantDictionary(dbusValue: picked[0]) ?? DBusVariantDictionary([])).ids == ["7"])
    }

    @Test func aConfiguredMenuAnswersGetRowsFromItsItems() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let rows = try await Self.rows(fixture, "power")
        #expect(
            rows.count == 1 && rows.id(0) == "lock" && rows.title(0) == "Lock" && rows.icon(0) == "system-lock-screen")
        #expect(try await Self.property(fixture, "power", "RowCount") == .uint32(1))
    }

    @Test func everyBadTableIsRefusedWithItsErrorAndTheDaemonServesOn() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let caller = try fixture.daemon.connectClient()
        func pick(_ file: FileDescriptor, json: String = "{}") async throws {
            _ = try await Self.call("PickFrom", json, rows: file, on: caller)
        }

        // A file on disk cannot be sealed: it could change while petald reads it.
        let onDisk = FileManager.default.temporaryDirectory.appendingPathComponent("rows-\(UUID().uuidString)")
        try Data(Self.table(3)).write(to: onDisk)
        defer { try? FileManager.default.removeItem(at: onDisk) }
        let unsealed = FileDescriptor(adopting: open(onDisk.path, O_RDONLY | O_CLOEXEC))
        await expectDBusError(DBusError.Name.invalidArgs) { try await pick(unsealed) }
        await expectPetalError("InvalidMenu", containing: "items: the menu's rows come from its row table") {
            try await pick(Self.sealed(Self.table(3)), json: #"{"items": [{"id": "a"}]}"#)
        }
        await expectPetalError("InvalidMenu", containing: "layout:") {
            try await pick(Self.sealed(Self.table(3)), json: #"{"layout": "radial"}"#)
        }
        var corrupt = Self.table(3)
        corrupt[0] = UInt8(ascii: "X")
        await expectPetalError("InvalidMenu", containing: "rows: the rows are not a row table") {
            try await pick(Self.sealed(corrupt))
        }
        await expectPetalError("LimitExceeded", containing: "100001 rows") {
            try await pick(Self.sealed(Self.table(100_001) { _ in "" }))
        }
        #expect(try await fixture.menuNames().filter { $0.hasPrefix("adhoc-") }.isEmpty, "nothing was made")
        try await fixture.open("power")
        #expect(try await fixture.state(of: "power") == "expanded")
    }

    /// Tables count with the JSON towards what one connection's menus may hold;
    /// their files are closed once their menus go.
    @Test func tablesCountTowardsAConnectionsBytesAndGoWithTheirMenus() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let caller = try fixture.daemon.connectClient()
        let large = Self.table(100_000) { String(repeating: "x", count: 100 + $0 % 10) }  // ~12 MiB
        var paths: [ObjectPath] = []
        for _ in 0..<2 {
            let reply = try await Self.call("CreateMenu", "{}", rows: Self.sealed(large), on: caller)
            guard case .objectPath(let path) = reply.first else { throw TestSetupError("CreateMenu answered no path") }
            paths.append(path)
        }
        await expectPetalError("LimitExceeded", containing: "one connection may keep") {
            _ = try await Self.call("CreateMenu", "{}", rows: Self.sealed(large), on: caller)
        }
        // A refused call's descriptors are closed once its handler returns, just after its answer is sent.
        let kept = await eventually { Self.memoryFiles(of: fixture) == 2 }
        #expect(kept, "petald holds \(Self.memoryFiles(of: fixture)) row tables for its 2 menus")
        for path in paths {
            _ = try await caller.call(
                destination: PetalBus.name, path: PetalBus.path, interface: Self.menusInterface, member: "RemoveMenu",
                [.objectPath(path)])
        }
        let closed = await eventually { Self.memoryFiles(of: fixture) == 0 }
        #expect(closed, "petald still holds \(Self.memoryFiles(of: fixture)) row tables")
    }

    /// How many of petald's descriptors are memory files.
    static func memoryFiles(of fixture: MenusFixture) -> Int {
        let folder = "/proc/\(fixture.daemon.process.processIdentifier)/fd"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.filter { entry in
            ((try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(entry)")) ?? "").hasPrefix(
                "/memfd:")
        }.count
    }
}

extension DBusValue {
    /// How many elements an array has; nil for anything else.
    fileprivate var arrayCount: Int? {
        guard case .array(_, let elements) = self else { return nil }
        return elements.count
    }
}
