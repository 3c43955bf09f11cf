import DBus
import Foundation
import PetalCore
import PetalJSON
import TestSupport
import Testing

/// docs/dbus-api.md: one object per item at /org/petal/Petal1/items/<label>, the
/// ObjectManager at the root, and InterfacesAdded/Removed on reload.
@Suite struct ItemObjectTests {
    static let awkwardIDs = ["café au lait", "a.b/c", "_x", "9lives", "like", "x-y"]

    @Test func everyItemHasAnObjectAtItsEscapedLabel() async throws {
        let config = try ConfigFile(items: Self.awkwardIDs.map { ($0, "command.run") })
        let daemon = try await RunningDaemon(
            executable: "petald", arguments: ["--config", config.path],
            environment: config.environment)
        defer { daemon.stop() }
        let managed = try await daemon.client.call(
            destination: RunningDaemon.name, path: RunningDaemon.path,
            interface: "org.freedesktop.DBus.ObjectManager", member: "GetManagedObjects")
        let objects = managed.first?.entriesByPath ?? [:]
        #expect(Set(objects.keys) == Set(Self.awkwardIDs.map { "/org/petal/Petal1/items/" + ItemLabel.escape($0) }))
        #expect(objects.keys.contains("/org/petal/Petal1/items/caf_c3_a9_20au_20lait"))
        #expect(objects.keys.contains("/org/petal/Petal1/items/a_2eb_2fc"))
        for id in Self.awkwardIDs {
            let path = try ObjectPath("/org/petal/Petal1/items/" + ItemLabel.escape(id))
            let reply = try await daemon.client.call(
                destination: RunningDaemon.name, path: path, interface: "org.freedesktop.DBus.Properties",
                member: "Get", [.string("org.petal.Petal1.Item"), .string("Id")])
            #expect(reply.first?.unwrapped == .string(id))
            let properties = objects[path.rawValue]?.entries["org.petal.Petal1.Item"]?.entries ?? [:]
            #expect(
                Set(properties.keys) == [
                    "Id", "Title", "Icon", "SelectedIcon", "Color", "Action", "Enabled",
                    "Selected", "Toggle", "Kind", "Submenu", "Key", "Meta",
                ])
            #expect(properties["Kind"] == .string("action") && properties["Submenu"] == .objectPath("/"))
            #expect(properties["Action"] == .string("command.run"))
        }
    }

    @Test func itemActivateFollowsTheMenuRules() async throws {
        let config = try ConfigFile(items: [("true", "command.run")], params: ["argv": ["true"]])
        let daemon = try await RunningDaemon(
            executable: "petald", arguments: ["--config", config.path],
            environment: config.environment)
        defer { daemon.stop() }
        let item: ObjectPath = "/org/petal/Petal1/items/true"
        await expectPetalError("NotExpanded") {
            try await daemon.client.call(
                destination: RunningDaemon.name, path: item,
                interface: "org.petal.Petal1.Item", member: "Activate")
        }
        _ = try await daemon.menu("Open")
        try await daemon.waitForState("expanded", within: .patience)
        let result = try await daemon.client.call(
            destination: RunningDaemon.name, path: item,
            interface: "org.petal.Petal1.Item", member: "Activate")
        #expect(result.first?.entries["status"]?.unwrapped.integerValue == 0)
        #expect(try await daemon.state() != "expanded")
    }

    @Test func reloadAnnouncesAddedAndRemovedItems() async throws {
        let config = try ConfigFile(items: [("old", "command.run"), ("kept", "command.run")])
        let daemon = try await RunningDaemon(
            executable: "petald", arguments: ["--config", config.path],
            environment: config.environment)
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)
        try config.write(items: [("kept", "command.run"), ("new one", "command.run")])
        _ = try await daemon.menu("Reload")
        let removed = try await recorder.wait(for: "InterfacesRemoved")
        #expect(removed.arguments == [.objectPath("/org/petal/Petal1/items/old"), .strings(["org.petal.Petal1.Item"])])
        let added = try await recorder.wait(for: "InterfacesAdded")
        #expect(added.arguments.first == .objectPath("/org/petal/Petal1/items/new_20one"))
        #expect(added.arguments.last?.entries["org.petal.Petal1.Item"]?.entries["Id"] == .string("new one"))
        #expect(recorder.signals("InterfacesAdded").count == 1)
        await expectDBusError("org.freedesktop.DBus.Error.UnknownObject") {
            try await daemon.client.call(
                destination: RunningDaemon.name, path: "/org/petal/Petal1/items/old",
                interface: "org.petal.Petal1.Item", member: "Activate")
        }
    }

    @Test func anItemMovedByAReloadStillReadsItsOwnProperties() async throws {
        let config = try ConfigFile(items: [("first", "command.run"), ("second", "phone.call")])
        let daemon = try await RunningDaemon(
            executable: "petald", arguments: ["--config", config.path],
            environment: config.environment)
        defer { daemon.stop() }
        try config.write(items: [("second", "phone.call"), ("between", "open.uri"), ("first", "command.run")])
        _ = try await daemon.menu("Reload")
        for (id, action) in [("first", "command.run"), ("second", "phone.call"), ("between", "open.uri")] {
            let reply = try await daemon.client.call(
                destination: RunningDaemon.name, path: try ObjectPath("/org/petal/Petal1/items/" + id),
                interface: "org.freedesktop.DBus.Properties", member: "Get",
                [.string("org.petal.Petal1.Item"), .string("Action")])
            #expect(reply.first?.unwrapped == .string(action), "item \(id)")
        }
    }
}

/// A configuration file in a folder of its own, with a state folder beside it.
struct ConfigFile {
    let folder: URL
    var path: String { folder.appendingPathComponent("config.json").path }
    var environment: [String: String] { ["XDG_STATE_HOME": folder.appendingPathComponent("state").path] }

    init(items: [(id: String, action: String)], params: JSONObject = [:]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("petal-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write(items: items, params: params)
    }

    func write(items: [(id: String, action: String)], params: JSONObject = [:]) throws {
        let list = JSONValue.array(
            items.map { item in
                .object(["id": .string(item.id), "action": .string(item.action), "params": .object(params)])
            })
        let text = JSONValue.object(["menu": ["openDuration": 0, "closeDuration": 0], "items": list]).jsonText
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

extension DBusValue {
    /// The entries of an `a{o…}` dictionary, keyed by path.
    var entriesByPath: [String: DBusValue] {
        Dictionary(
            (arrayElements ?? []).compactMap { entry in
                guard case .dictEntry(.objectPath(let path), let value) = entry else { return nil }
                return (path.rawValue, value)
            }, uniquingKeysWith: { _, last in last })
    }
}
