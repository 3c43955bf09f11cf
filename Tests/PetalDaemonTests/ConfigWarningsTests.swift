import DBus
import Foundation
import Linux
import PetalAPI
import PetalBuiltInPlugins
import PetalPluginRuntime
import TestSupport
import Testing

@testable import PetalDaemon

/// `ConfigWarnings` (docs/dbus-api.md, "Configuration warnings"): the
/// configuration in force's warnings, with the file, line, column and JSON
/// path, a mistyped action's likely meaning, and a skipped drop-in file by
/// its own path; the same in the log at start, and announced with each
/// reload that succeeds.
@Suite(.timeLimit(.minutes(2))) struct ConfigWarningsTests {
    /// A daemon on `configuration`, with `dropIns` in its providers' folder.
    final class Fixture {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-warnings-\(UUID().uuidString.prefix(8))")
        var file: URL { root.appendingPathComponent("config.json") }
        var providers: URL { root.appendingPathComponent("data/petal/providers") }
        private(set) var daemon: RunningDaemon!

        init(_ configuration: String, dropIns: [String: String] = [:]) async throws {
            try FileManager.default.createDirectory(at: providers, withIntermediateDirectories: true)
            try configuration.write(to: file, atomically: true, encoding: .utf8)
            for (name, text) in dropIns {
                try text.write(to: providers.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            daemon = try await RunningDaemon(
                environment: [
                    "PETAL_TEST_CONFIG": file.path, "XDG_DATA_HOME": root.appendingPathComponent("data").path,
                ])
        }

        var client: PetalClient { PetalClient(connection: daemon.client) }

        deinit {
            daemon?.stop()
            try? FileManager.default.removeItem(at: root)
        }
    }

    static let mistyped = #"""
        {"items": [{"id": "echo", "title": "Echo", "action": "tset.echo"},
                   {"id": "noop", "title": "Noop", "action": "test.noop", "colour": "#ffffff"}]}
        """#

    /// A menu that cannot lie on a 1280×720 output is listed at its items, as `--check-config` says it.
    @Test func aMenuTooLargeForASmallScreenIsListed() async throws {
        let items = (0..<40).map { #"{"id": "i\#($0)", "title": "I", "action": "test.noop"}"# }
        let fixture = try await Fixture(#"{"items": [\#(items.joined(separator: ", "))]}"#)
        let warnings = try await fixture.client.configWarnings()
        #expect(
            warnings == [
                "\(fixture.file.path):1:11: items: menu \"main\" cannot fit a 1280×720 output expanded: its 40 items laid out radial take 927×927 pixels; at most 30 of its items would"
            ], "\(warnings)")
    }

    @Test func theWarningsAreServedInTheOrderOfTheFileAndLogged() async throws {
        let fixture = try await Fixture(
            Self.mistyped,
            dropIns: ["sky.json": #"{"name": "weather", "busName": "org.example.W", "path": "/w", "actions": []}"#])
        let warnings = try await fixture.client.configWarnings()
        let file = fixture.file.path
        #expect(
            warnings == [
                "\(file):1:54: items[0].action: no loaded plugin, plugin file or action provider provides \"tset.echo\"; the item is disabled (did you mean \"test.echo\"?)",
                "\(file):2:77: items[1].colour: unknown key, ignored (did you mean \"color\"?); the keys known in items[1] are id, title, icon, selectedIcon, color, action, submenu, params, toggle, selected, enabled, keepOpen, key, meta",
                "\(fixture.providers.path)/sky.json: provider drop-in skipped: \"name\" is \"weather\"; it must match the file's name, sky.json",
            ], "\(warnings)")
        let log = fixture.daemon.log
        #expect(log.contains("warning: items[0].action: no loaded plugin"), "\(log)")
        #expect(log.contains("skipped provider drop-in \(fixture.providers.path)/sky.json"), "\(log)")
        // The item is disabled, as before v4.
        let items = try await fixture.client.snapshot().items
        #expect(items.first { $0.id == "echo" }?.enabled == false)
    }

    @Test func eachReloadThatSucceedsAnnouncesTheWarningsInForce() async throws {
        let fixture = try await Fixture(Self.mistyped)
        let signals = try await SignalRecorder(fixture.daemon)
        let fixed = Self.mistyped.replacingOccurrences(of: "tset.echo", with: "test.echo")
        try fixed.write(to: fixture.file, atomically: true, encoding: .utf8)
        try await fixture.client.reload()
        let announced = try await signals.wait(for: "PropertiesChanged") {
            $0.changedProperties["ConfigWarnings"] != nil
        }
        #expect(announced.path == PetalBus.path.rawValue)
        #expect(announced.changedProperties["Menus"] != nil, "with Menus, in one signal")
        let left = try await fixture.client.configWarnings()
        #expect(left.count == 1 && left[0].contains("items[1].colour"), "\(left)")

        // The same file again: announced again, so a client hears of every reload.
        let mark = signals.mark
        try await fixture.client.reload()
        try await signals.wait(for: "PropertiesChanged", since: mark) { $0.changedProperties["ConfigWarnings"] != nil }

        // A reload that fails changes nothing and announces nothing.
        try "{".write(to: fixture.file, atomically: true, encoding: .utf8)
        let failed = signals.mark
        await expectPetalError("InvalidConfig") { try await fixture.client.reload() }
        #expect(try await fixture.client.configWarnings() == left)
        #expect(!signals.all.dropFirst(failed).contains { $0.changedProperties["ConfigWarnings"] != nil })
    }

    /// `--check-config` knows the built-in plugins' actions without loading
    /// them, and petald lists them before their first invocation loads them:
    /// the list it keeps must be what the libraries' own tables declare, read
    /// here by loading each library into this process, and what the copies
    /// linked into petald declare, at the version their files' notes give.
    @Test func theBuiltInActionsPetaldKnowsAreThePluginsOwn() throws {
        var declared: [String: [BuiltInActions.Declared]] = [:]
        var linked: [String: [BuiltInActions.Declared]] = [:]
        for name in BuiltInActions.declared.keys {
            let path = RunningDaemon.binDirectory.appendingPathComponent("libpetal-\(name).so").path
            let file = try PluginFile(path: path, user: getuid())
            guard
                case .success(let plugin) = PluginLibrary.open(
                    file, slot: CrashSlot(raw: -1), recordsCode: false, log: Logger())
            else {
                Issue.record("\(path) did not load")
                continue
            }
            #expect(plugin.name == name)
            declared[name] = Self.declared(by: plugin)
            guard let copy = BuiltInPlugins.linked.first(where: { $0.name == name }) else { continue }
            #expect(
                copy.version == file.note?.version,
                "\(name): linked \(copy.version), note \(String(describing: file.note))")
            guard
                case .success(let plugin) = PluginLibrary.open(copy, for: file, slot: CrashSlot(raw: -1), log: Logger())
            else {
                Issue.record("the copy of \(name) linked into petald was refused")
                continue
            }
            #expect(plugin.version == copy.version)
            linked[name] = Self.declared(by: plugin)
        }
        #expect(declared == BuiltInActions.declared)
        #expect(linked == BuiltInActions.declared)
        #expect(BuiltInPlugins.linked.count == BuiltInActions.declared.count)
    }

    private static func declared(by plugin: NativePlugin) -> [BuiltInActions.Declared] {
        plugin.declaredActions.map { BuiltInActions.Declared(id: $0.id, title: $0.title, icon: $0.icon) }
    }
}
