import DBus
import Foundation
import Glibc
import PetalAPI
import TestSupport
import Testing

/// The `Appearance` property (docs/dbus-api.md and docs/configuration.md): the config's `appearance`
/// section with its defaults and the menu's durations, served as `a{sv}` by
/// the real petald, and announced on Reload only when it changed.
@Suite struct AppearanceTests {
    /// A config file in a folder of its own, removed when the test ends.
    final class AppearanceConfig {
        let folder: URL
        var path: String { folder.appendingPathComponent("config.json").path }

        init(_ text: String) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "petal-appearance-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try write(text)
        }

        func write(_ text: String) throws {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    /// Every key with its spec default, each with the type docs/dbus-api.md gives it.
    static let defaults: [String: DBusValue] = [
        "anchor": .string("bottom-right"), "margin": .array(.double, [.double(16), .double(32)]),
        "buttonSize": .double(60), "itemSize": .double(60), "buttonColor": .string("#ef5285"),
        "buttonIcon": .string("list-add"), "iconColor": .string("#ffffff"), "springDamping": .double(0.75),
        "springVelocity": .double(1), "pressScale": .double(0.95), "backdrop": .string(""), "shadow": .boolean(true),
        "restingButton": .boolean(true), "labels": .string("hover"), "font": .string(""),
        "interaction": .string("pie"), "hoverConfirm": .boolean(false),
        "gesture": DBusVariantDictionary([
            ("minStroke", .double(150)), ("turnAngle", .double(20)), ("pauseMs", .double(100)), ("jitter", .double(10)),
        ]).dbusValue,
        "turbo": .boolean(true), "width": .double(640), "lines": .double(15),
        "openDuration": .double(0.3), "closeDuration": .double(0.3),
    ]

    static let custom = #"""
        {"menu": {"openDuration": 0.5, "closeDuration": 0},
         "appearance": {"anchor": "top-left", "margin": [0, 8.5], "buttonSize": 48, "itemSize": 40,
                        "buttonColor": "#123456", "buttonIcon": "open-menu", "iconColor": "#000000cc",
                        "springDamping": 1, "springVelocity": -2, "pressScale": 0.8, "backdrop": "#00000080",
                        "shadow": false, "restingButton": false, "labels": "none", "font": "Serif Italic 12",
                        "interaction": "hover", "hoverConfirm": true, "gesture": {"deadZone": 20}, "turbo": false,
                        "width": 800, "lines": 10}}
        """#

    static let customValues: [String: DBusValue] = [
        "anchor": .string("top-left"), "margin": .array(.double, [.double(0), .double(8.5)]),
        "buttonSize": .double(48), "itemSize": .double(40), "buttonColor": .string("#123456"),
        "buttonIcon": .string("open-menu"), "iconColor": .string("#000000cc"), "springDamping": .double(1),
        "springVelocity": .double(-2), "pressScale": .double(0.8), "backdrop": .string("#00000080"),
        "shadow": .boolean(false), "restingButton": .boolean(false), "labels": .string("none"),
        "font": .string("Serif Italic 12"), "interaction": .string("hover"), "hoverConfirm": .boolean(true),
        "gesture": DBusVariantDictionary([
            ("minStroke", .double(150)), ("turnAngle", .double(20)), ("pauseMs", .double(100)), ("jitter", .double(10)),
            ("deadZone", .double(20)),
        ]).dbusValue,
        "turbo": .boolean(false), "width": .double(800), "lines": .double(10),
        "openDuration": .double(0.5), "closeDuration": .double(0),
    ]

    func petald(_ config: AppearanceConfig) async throws -> RunningDaemon {
        try await RunningDaemon(executable: "petald", arguments: ["--config", config.path])
    }

    @Test func defaultsAreServedExactly() async throws {
        let config = try AppearanceConfig("{}")
        let daemon = try await petald(config)
        defer { daemon.stop() }
        let appearance = try await daemon.property("Appearance")
        #expect(appearance.signature == "a{sv}")
        #expect(appearance.entries == Self.defaults)
        #expect(Set(appearance.entries.values.map(\.signature)) == ["s", "d", "ad", "b", "a{sv}"])
    }

    @Test func aConfigFilesValuesAreServed() async throws {
        let config = try AppearanceConfig(Self.custom)
        let daemon = try await petald(config)
        defer { daemon.stop() }
        #expect(try await daemon.property("Appearance").entries == Self.customValues)
    }

    /// A menu's `appearance` overrides the top-level keys, `restingButton` as
    /// the others: each menu object serves its merged result.
    @Test func restingButtonIsServedPerMenu() async throws {
        let config = try AppearanceConfig(
            #"""
            {"appearance": {"restingButton": false},
             "menus": {"main": {"items": [{"id": "apps", "submenu": "apps"}]},
                       "apps": {"appearance": {"restingButton": true},
                                "items": [{"id": "web", "action": "open.uri"}]}}}
            """#)
        let daemon = try await petald(config)
        defer { daemon.stop() }
        func resting(_ menu: String) async throws -> DBusValue? {
            let reply = try await daemon.client.call(
                destination: RunningDaemon.name, path: PetalBus.menuPath(menu),
                interface: "org.freedesktop.DBus.Properties", member: "Get",
                [.string(RunningDaemon.menu.rawValue), .string("Appearance")])
            return reply.first?.unwrapped.entries["restingButton"]
        }
        #expect(try await resting("main") == .boolean(false))
        #expect(try await resting("apps") == .boolean(true))
    }

    @Test func reloadAnnouncesTheNewAppearance() async throws {
        let config = try AppearanceConfig("{}")
        let daemon = try await petald(config)
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)
        try config.write(Self.custom)

        #expect(try await daemon.menu("Reload") == [])
        let changed = try await recorder.wait(for: "PropertiesChanged") { $0.changedProperties["Appearance"] != nil }
        #expect(changed.arguments.first == .string(RunningDaemon.menu.rawValue))
        #expect(changed.changedProperties["Appearance"]?.entries == Self.customValues)
        #expect(try await daemon.property("Appearance").entries == Self.customValues)
    }

    @Test func reloadWithTheSameAppearanceDoesNotAnnounceIt() async throws {
        let config = try AppearanceConfig(#"{"appearance": {"buttonSize": 50, "interaction": "pie"}}"#)
        let daemon = try await petald(config)
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)
        // Other sections change; the appearance and the durations do not (nor the labels: linear shows them
        // on hover too; the interaction is named).
        try config.write(#"{"menu": {"layout": "linear"}, "appearance": {"buttonSize": 50, "interaction": "pie"}}"#)

        #expect(try await daemon.menu("Reload") == [])
        try await recorder.wait(for: "PropertiesChanged") { $0.changedProperties["Items"] != nil }
        let announced = Set(recorder.signals("PropertiesChanged").flatMap { $0.changedProperties.keys })
        #expect(announced.contains("LayoutStyle"))
        #expect(!announced.contains("Appearance"), "announced \(announced)")
    }

    /// Unless the file names them, the labels served are the layout's in
    /// force: switching `LayoutStyle` to a stack announces `always`.
    @Test func labelsFollowTheLayoutInForce() async throws {
        let config = try AppearanceConfig("{}")
        let daemon = try await petald(config)
        defer { daemon.stop() }
        #expect(try await daemon.property("Appearance").entries["labels"] == .string("hover"))
        let recorder = try await SignalRecorder(daemon)
        try await daemon.setProperty("LayoutStyle", .string("stack"))
        let changed = try await recorder.wait(for: "PropertiesChanged") { $0.changedProperties["Appearance"] != nil }
        #expect(changed.changedProperties["Appearance"]?.entries["labels"] == .string("always"))
        #expect(try await daemon.property("Appearance").entries["labels"] == .string("always"))
    }

    @Test func aChangedDurationAloneIsAnnounced() async throws {
        let config = try AppearanceConfig("{}")
        let daemon = try await petald(config)
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)
        try config.write(#"{"menu": {"closeDuration": 0.1}}"#)

        #expect(try await daemon.menu("Reload") == [])
        let changed = try await recorder.wait(for: "PropertiesChanged") { $0.changedProperties["Appearance"] != nil }
        #expect(changed.changedProperties["Appearance"]?.entries["closeDuration"] == .double(0.1))
    }

    @Test(arguments: [
        (#"{"appearance": {"buttonColor": "pink"}}"#, "appearance.buttonColor", #"found "pink""#),
        (#"{"appearance": {"margin": [16, -1]}}"#, "appearance.margin[1]", "found -1"),
        (#"{"appearance": {"springDamping": 2}}"#, "appearance.springDamping", "found 2"),
        (#"{"appearance": {"restingButton": "no"}}"#, "appearance.restingButton", #"found "no""#),
    ])
    func aBadAppearanceOnReloadKeepsTheOldOne(_ bad: String, _ path: String, _ found: String) async throws {
        let config = try AppearanceConfig(Self.custom)
        let daemon = try await petald(config)
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)
        try config.write(bad)

        let error = await expectPetalError("InvalidConfig") { try await daemon.menu("Reload") }
        let message = error?.message ?? ""
        #expect(
            message.contains(config.path) && message.contains(path + ": expected") && message.contains(found),
            "the message should name the file, the field and the value: \(message)")
        #expect(try await daemon.property("Appearance").entries == Self.customValues)
        #expect(recorder.all.isEmpty, "a refused reload announces nothing: \(recorder.all)")
        #expect(daemon.process.isRunning)
        #expect(try await daemon.menu("Toggle") == [.string("expanding")], "the daemon still serves")
    }
}
