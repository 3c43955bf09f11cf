import DBus
import Foundation
import TestSupport
import Testing

/// The menu's properties (docs/dbus-api.md and docs/configuration.md): what GetAll lists, the layouts, the
/// two writable properties and how writes are refused.
@Suite struct PropertiesTests {
    @Test func getAllListsExactlyTheSpecsPropertiesWithTheirTypes() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let reply = try await daemon.call(.propertiesInterface, "GetAll", [.string(RunningDaemon.menu.rawValue)])
        let all = try #require(reply.first)

        let types = all.entries.mapValues(\.signature)
        #expect(
            types == [
                "State": "s", "Items": "a(ssssbb)", "Actions": "a(sss)", "Plugins": "a(sssss)",
                "Highlighted": "s", "Layout": "a(sdd)", "LayoutStyle": "s", "Version": "s", "Appearance": "a{sv}",
                "Name": "s", "Title": "s", "Placement": "a{sv}", "Parent": "o", "Submenu": "o", "Owner": "s",
                "Picker": "a{sv}", "ItemDetails": "a{sa{sv}}", "RowCount": "u",
            ])
        guard case .array(_, let items) = all.entries["Items"] else { throw TestSetupError("no Items") }
        #expect(all.entries["RowCount"] == .uint32(UInt32(items.count)), "RowCount counts the Items")
        #expect(all.entries["Name"] == .string("main") && all.entries["Parent"] == .objectPath("/"))
        #expect(all.entries["Owner"] == .string(""), "a configured menu has no owner")
        #expect(all.entries["State"] == .string("collapsed"))
        #expect(all.entries["Highlighted"] == .string(""))
        #expect(all.entries["LayoutStyle"] == .string("radial"))
    }

    @Test func itemsListTheMenuInOrder() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let items = try await daemon.items()
        #expect(items.map(\.id) == testItemIDs)
        #expect(items.first?.title == "Echo")
        #expect(items.first?.icon == "edit-copy")
        #expect(items.first?.action == "test.echo")
    }

    /// Actions lists the test daemon's own actions under plugin "test", and
    /// any other action under a plugin that Plugins shows as loaded.
    @Test func actionsListTheTestPluginsActions() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let actions = try await rows(of: "Actions", daemon)
        #expect(actions.allSatisfy { $0.count == 3 && !$0[0].isEmpty && !$0[1].isEmpty }, "\(actions)")
        #expect(
            Set(actions.filter { $0[1] == "test" }.map { $0[0] }) == [
                "test.echo", "test.noop", "test.slow", "test.fail", "test.invalid", "test.hang", "test.big",
            ])
        #expect(actions.contains(["test.echo", "test", "Echo"]))
        #expect(Set(actions.map { $0[0] }).count == actions.count, "action ids are unique")

        let loaded = Set(
            try await rows(of: "Plugins", daemon).filter { $0.count == 5 && $0[3] == "loaded" }.map { $0[0] })
        let providers = Set(actions.map { $0[1] }).subtracting(["test"])
        #expect(
            providers.isSubset(of: loaded), "every other action's plugin is listed as loaded: \(providers) vs \(loaded)"
        )
    }

    /// The rows of an array-of-structs property, each as its string fields.
    private func rows(of property: String, _ daemon: RunningDaemon) async throws -> [[String]] {
        try await daemon.property(property).arrayElements?.compactMap { row -> [String]? in
            guard case .structure(let fields) = row else { return nil }
            return fields.compactMap(\.stringValue)
        } ?? []
    }

    /// Radial by default (docs/configuration.md): θ = 100° + 40°·i, at (100 cos θ, −100 sin θ).
    @Test func layoutFollowsTheRadialFormula() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let expected = testItemIDs.enumerated().map { index, id in
            let theta = (100 + 40 * Double(index)) * .pi / 180
            return LayoutPoint(id: id, x: 100 * cos(theta), y: -100 * sin(theta))
        }
        try expectLayout(try await daemon.layout(), expected)
    }

    /// docs/configuration.md: linear is (80·(i+1), 0), stack is (0, −80·(i+1)).
    @Test(arguments: ["linear", "stack"])
    func settingLayoutStyleChangesLayoutAndAnnouncesBoth(_ style: String) async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)

        try await daemon.setProperty("LayoutStyle", .string(style))
        #expect(try await daemon.property("LayoutStyle") == .string(style))
        let expected = testItemIDs.enumerated().map { index, id in
            let step = 80 * Double(index + 1)
            return style == "linear" ? LayoutPoint(id: id, x: step, y: 0) : LayoutPoint(id: id, x: 0, y: -step)
        }
        try expectLayout(try await daemon.layout(), expected)

        let changed = try await recorder.wait(for: "PropertiesChanged") { $0.changedProperties["LayoutStyle"] != nil }
        #expect(changed.arguments.first == .string(RunningDaemon.menu.rawValue))
        #expect(changed.changedProperties["LayoutStyle"] == .string(style))
        let announced = changed.changedProperties["Layout"]?.arrayElements?.compactMap(LayoutPoint.init) ?? []
        try expectLayout(announced, expected)
    }

    @Test func unknownLayoutStyleIsInvalidArgs() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let named = await expectDBusError(DBusError.Name.invalidArgs) {
            try await daemon.setProperty("LayoutStyle", .string("diagonal"))
        }
        #expect(
            named?.message
                == #"Property LayoutStyle cannot be set so: "diagonal" is none of linear, stack, radial or list"#)
        await expectDBusError(DBusError.Name.invalidArgs) { try await daemon.setProperty("LayoutStyle", .int32(1)) }
        #expect(try await daemon.property("LayoutStyle") == .string("radial"))
    }

    @Test func highlightedTakesAKnownItemOrNothing() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)

        try await daemon.setProperty("Highlighted", .string("like"))
        #expect(try await daemon.property("Highlighted") == .string("like"))
        let changed = try await recorder.wait(for: "PropertiesChanged") { $0.changedProperties["Highlighted"] != nil }
        #expect(changed.changedProperties == ["Highlighted": .string("like")])

        await expectDBusError(DBusError.Name.invalidArgs) {
            try await daemon.setProperty("Highlighted", .string("nope"))
        }
        #expect(try await daemon.property("Highlighted") == .string("like"), "a refused write changes nothing")

        try await daemon.setProperty("Highlighted", .string(""))
        #expect(try await daemon.property("Highlighted") == .string(""))
        try await recorder.wait(for: "PropertiesChanged") { $0.changedProperties["Highlighted"] == .string("") }
    }

    @Test(arguments: ["State", "Items", "Actions", "Plugins", "Layout", "Version", "Appearance"])
    func readOnlyPropertiesRefuseSet(_ name: String) async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let before = try await daemon.property(name)
        await expectDBusError(DBusError.Name.propertyReadOnly) {
            try await daemon.setProperty(name, .string("expanded"))
        }
        #expect(try await daemon.property(name) == before)
    }

    @Test func unknownPropertyIsUnknownProperty() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        await expectDBusError(DBusError.Name.unknownProperty) { try await daemon.property("Nope") }
        await expectDBusError(DBusError.Name.unknownProperty) { try await daemon.setProperty("Nope", .string("x")) }
    }

    /// Version never changes, says so in introspection, and matches `petald --version`.
    @Test func versionIsConstAndMatchesTheExecutable() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let version = try #require(try await daemon.property("Version").stringValue)
        #expect(!version.isEmpty)

        let xml = try await daemon.call(.introspectableInterface, "Introspect").first?.stringValue ?? ""
        let menu = try #require(try IntrospectionDocument(xml: xml).interfaces[RunningDaemon.menu.rawValue])
        #expect(menu.annotations["Version"]?["org.freedesktop.DBus.Property.EmitsChangedSignal"] == "const")

        let petald = RunningDaemon.binDirectory.appendingPathComponent("petald").path
        let printed = try await ExternalCommand.running([petald, "--version"])
        #expect(printed.status == 0, "\(printed.summary)")
        #expect(printed.output.split(separator: "\n").first == "petald \(version)", "\(printed.summary)")
    }

    private func expectLayout(
        _ actual: [LayoutPoint], _ expected: [LayoutPoint], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try #require(actual.count == expected.count, "\(actual)", sourceLocation: sourceLocation)
        for (point, wanted) in zip(actual, expected) {
            #expect(point.isClose(to: wanted), "\(point) should be \(wanted)", sourceLocation: sourceLocation)
        }
    }
}
