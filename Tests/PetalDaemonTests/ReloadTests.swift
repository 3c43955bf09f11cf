import DBus
import Foundation
import TestSupport
import Testing

/// `Reload` and SIGHUP (docs/dbus-api.md and docs/configuration.md): the new configuration is swapped in
/// whole, keeping the state, the toggle selections and the highlight; a bad
/// configuration is refused and the old one stays in force.
@Suite struct ReloadTests {
    @Test func reloadKeepsStateSelectionsAndHighlight() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        try await daemon.openMenu()
        _ = try await daemon.activate("like")
        try await daemon.waitForState("collapsed", within: .patience)
        try await daemon.openMenu()
        try await daemon.setProperty("Highlighted", .string("echo"))
        let items = try await daemon.items()
        let recorder = try await SignalRecorder(daemon)

        #expect(try await daemon.menu("Reload") == [])

        #expect(try await daemon.state() == "expanded")
        #expect(try await daemon.items() == items)
        #expect(try await daemon.item("like")?.selected == true)
        #expect(try await daemon.property("Highlighted") == .string("echo"))
        #expect(recorder.stateChanges() == [], "a reload does not move the menu")
        let changed = Set(recorder.signals("PropertiesChanged").flatMap { $0.changedProperties.keys })
        #expect(changed.isSuperset(of: ["Items", "Layout"]), "announced \(changed)")
        #expect(!changed.contains("Highlighted"), "the highlighted item still exists")
    }

    @Test func brokenConfigurationIsRefusedAndTheOldOneStays() async throws {
        let flag = FileManager.default.temporaryDirectory.appendingPathComponent("petal-broken-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: flag) }
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_BROKEN_CONFIG": flag.path])
        defer { daemon.stop() }
        try await daemon.openMenu()
        let items = try await daemon.items()
        try Data().write(to: flag)
        let recorder = try await SignalRecorder(daemon)

        let error = await expectPetalError("InvalidConfig") { try await daemon.menu("Reload") }
        #expect(
            error?.message.contains("items[0].action") == true,
            "the message should name the field: \(error?.message ?? "")")
        #expect(try await daemon.items() == items)
        #expect(try await daemon.state() == "expanded")
        #expect(recorder.all.isEmpty, "a refused reload announces nothing: \(recorder.all)")
        #expect(try await daemon.activate("stay").entries == [:], "the old items still work")

        try FileManager.default.removeItem(at: flag)
        #expect(try await daemon.menu("Reload") == [])
        #expect(try await daemon.items() == items)
    }

    @Test func sighupReloads() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)

        kill(daemon.process.processIdentifier, SIGHUP)
        try await recorder.wait(for: "PropertiesChanged") { $0.changedProperties["Items"] != nil }
        #expect(daemon.process.isRunning)
        #expect(try await daemon.menu("Toggle") == [.string("expanding")])
        #expect(try await daemon.items().map(\.id) == testItemIDs)
    }

    /// A SIGHUP with a broken configuration is logged, and the daemon carries on.
    @Test func sighupWithBrokenConfigurationKeepsRunning() async throws {
        let flag = FileManager.default.temporaryDirectory.appendingPathComponent("petal-broken-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: flag) }
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_BROKEN_CONFIG": flag.path])
        defer { daemon.stop() }
        try Data().write(to: flag)

        kill(daemon.process.processIdentifier, SIGHUP)
        #expect(await eventually { daemon.log.contains("reload failed") }, "log: \(daemon.log)")
        #expect(daemon.process.isRunning)
        #expect(try await daemon.items().map(\.id) == testItemIDs)
        #expect(try await daemon.menu("Toggle") == [.string("expanding")])
    }
}
