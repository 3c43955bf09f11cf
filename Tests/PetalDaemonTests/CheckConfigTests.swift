import Foundation
import TestSupport
import Testing

/// `petald --check-config FILE` (docs/configuration.md): the menus' `when`,
/// in the order `show --context` tries them, and a bad one refused with its
/// place in the file.
@Suite struct CheckConfigTests {
    /// What `--check-config` said, the file's path written `config.json`.
    struct Checked {
        let status: Int32
        let output: String
        let errors: String
        var summary: String { "exit status \(status)\nstdout: \(output)\nstderr: \(errors)" }
    }

    /// Checks `configuration`, with `dropIns` (file name: text) as the
    /// providers' drop-in folder, written `providers` in what is said.
    static func check(
        _ configuration: String, dropIns: [String: String] = [:], arguments: [String] = []
    ) async throws -> Checked {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-check-\(UUID().uuidString.prefix(8))")
        let folder = root.appendingPathComponent("data/petal/providers")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("config.json")
        try Data(configuration.utf8).write(to: file)
        for (name, text) in dropIns { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let petald = RunningDaemon.binDirectory.appendingPathComponent("petald").path
        // Run through env: the drop-ins are looked for under XDG_DATA_HOME.
        let result = try await ExternalCommand.running(
            [
                "XDG_DATA_HOME=" + root.appendingPathComponent("data").path, petald,
            ] + arguments + ["--check-config", file.path])
        func written(_ text: String) -> String {
            text.replacingOccurrences(of: file.path, with: "config.json")
                .replacingOccurrences(of: folder.path, with: "providers")
        }
        return Checked(status: result.status, output: written(result.output), errors: written(result.errors))
    }

    static func menu(_ name: String, when: String) -> String {
        #""\#(name)": {"when": \#(when), "items": [{"id": "i", "title": "I", "action": "command.run"}]}"#
    }

    @Test func itListsTheMenusTheContextCanOpenInTheOrderTheyAreTried() async throws {
        let checked = try await Self.check(
            #"{"menus": {\#(Self.menu("browser", when: #"{"app": "firefox|chromium"}"#)), "#
                + #"\#(Self.menu("github", when: #"{"title": ".*GitHub.*", "app": "firefox"}"#)), "#
                + #""plain": {"items": [{"id": "i", "title": "I", "action": "command.run"}]}}}"#)
        #expect(checked.status == 0, "\(checked.summary)")
        #expect(
            checked.output == """
                config.json: OK, 4 menus (main: 3 items, browser: 1, github: 1, plain: 1), 0 warnings
                show --context opens the first that matches:
                  github   when {"app": "firefox", "title": ".*GitHub.*"}
                  browser  when {"app": "firefox|chromium"}
                  main     otherwise

                """)
    }

    @Test func withoutAWhenItSaysNothingOfTheContext() async throws {
        let checked = try await Self.check(#"{"items": [{"id": "i", "title": "I", "action": "command.run"}]}"#)
        #expect(checked.output == "config.json: OK, 1 item, 0 warnings\n", "\(checked.summary)")
    }

    // MARK: Actions nobody provides

    @Test func aMistypedActionIsAWarningWithItsPlaceAndAGuess() async throws {
        let checked = try await Self.check(
            #"{"items": [{"id": "run", "title": "Run", "action": "comand.run", "params": {"argv": ["true"]}}]}"#)
        #expect(checked.status == 0, "a warning alone does not fail the check: \(checked.summary)")
        #expect(checked.output == "config.json: OK, 1 item, 1 warning\n", "\(checked.summary)")
        #expect(
            checked.errors
                == #"config.json:1:52: warning: items[0].action: no loaded plugin, plugin file or action provider provides "comand.run"; the item is disabled (did you mean "command.run"?)"#
                + "\n", "\(checked.summary)")
    }

    @Test func aBuiltInPluginsVerbIsCheckedWithoutLoadingIt() async throws {
        let checked = try await Self.check(#"{"items": [{"id": "c", "title": "C", "action": "camera.opne"}]}"#)
        #expect(
            checked.errors.contains(
                #"items[0].action: camera has no action "camera.opne" (it has camera.open, camera.screenshot); the item is disabled (did you mean "camera.open"?)"#
            ), "\(checked.summary)")
    }

    @Test func aDropInsActionsAreKnownAndItsMistypedOnesGuessed() async throws {
        let checked = try await Self.check(
            #"{"items": [{"id": "a", "title": "A", "action": "hello.greet"}, {"id": "b", "title": "B", "action": "hello.gret"}]}"#,
            dropIns: ["hello.json": Self.hello])
        #expect(checked.output.hasPrefix("config.json: OK, 2 items, 1 warning\n"), "\(checked.summary)")
        #expect(checked.errors.contains(#"items[1].action: hello has no action "hello.gret""#), "\(checked.summary)")
        #expect(checked.errors.hasSuffix(#"(did you mean "hello.greet"?)"# + "\n"), "\(checked.summary)")
    }

    /// A plugin file's note names its namespace: any verb of it passes, as its actions are not read without running it.
    @Test func aPluginFilesNamespaceIsKnownFromItsNote() async throws {
        let plugins = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/plugins/hello-c").path
        let text = #"{"items": [{"id": "a", "title": "A", "action": "hello.greet"}]}"#
        let checked = try await Self.check(text, arguments: ["--plugin-dir", plugins])
        #expect(checked.output == "config.json: OK, 1 item, 0 warnings\n", "\(checked.summary)")
        let without = try await Self.check(text)
        #expect(without.output == "config.json: OK, 1 item, 1 warning\n", "\(without.summary)")
    }

    @Test func aPatternItCannotUseIsAnErrorAtItsPlace() async throws {
        let checked = try await Self.check(#"{"menus": {\#(Self.menu("web", when: #"{"app": "(?=fire)fox"}"#))}}"#)
        #expect(checked.status == 2)
        #expect(
            checked.errors.hasPrefix(
                #"config.json:1:36: menus.web.when.app: expected a regular expression that matches the whole app, such as "firefox|chromium", found "(?=fire)fox": Petal's matcher does not support lookahead"#
            ), "\(checked.summary)")
    }

    // MARK: Menus too large for a small screen

    @Test func aMenuThatCannotFitASmallScreenIsAWarningAtItsItems() async throws {
        let items = (0..<40).map { #"{"id": "i\#($0)", "title": "I", "action": "command.run"}"# }
        let checked = try await Self.check(
            #"{"menu": {"layout": "radial"}, "items": [\#(items.joined(separator: ", "))]}"#)
        #expect(checked.status == 0, "a warning alone does not fail the check: \(checked.summary)")
        #expect(checked.output == "config.json: OK, 40 items, 1 warning\n", "\(checked.summary)")
        #expect(
            checked.errors
                == #"config.json:1:41: warning: items: menu "main" cannot fit a 1280×720 output expanded: its 40 items laid out radial take 927×927 pixels; at most 30 of its items would"#
                + "\n", "\(checked.summary)")
    }

    // MARK: Drop-in files

    private static let valid = #"{"items": [{"id": "i", "title": "I", "action": "command.run"}]}"#
    private static let hello =
        #"{"name": "hello", "busName": "org.example.Hello", "path": "/h", "actions": [["hello.greet", "Hi", ""]]}"#

    @Test func goodDropInsAreListedAndPass() async throws {
        let checked = try await Self.check(
            Self.valid,
            dropIns: [
                "hello.json": Self.hello,
                "weather.json": #"{"name": "weather", "busName": "org.example.W", "path": "/w", "actions": []}"#,
            ])
        #expect(checked.status == 0, "\(checked.summary)")
        #expect(
            checked.output
                == "config.json: OK, 1 item, 0 warnings\nproviders: OK, 2 provider drop-ins (hello, weather)\n",
            "\(checked.summary)")
        #expect(checked.errors == "", "\(checked.summary)")
    }

    @Test func aBadDropInIsAnErrorNamingTheFileAndTheFault() async throws {
        let checked = try await Self.check(
            Self.valid,
            dropIns: [
                "hello.json": Self.hello,
                "weather.json": #"{"name": "sky", "busName": "org.example.W", "path": "/w", "actions": []}"#,
                "clock.json": #"{"name": "clock", "busName": "org.example.C", "path": "/c", "actions": [["c", "C"]]}"#,
            ])
        #expect(checked.status == 2, "\(checked.summary)")
        #expect(
            checked.output == "config.json: OK, 1 item, 0 warnings\n", "the file itself is good: \(checked.summary)")
        #expect(
            checked.errors == """
                providers/clock.json: provider drop-in skipped: actions[0] must be [id, title, icon], three strings
                providers/weather.json: provider drop-in skipped: "name" is "sky"; it must match the file's name, weather.json
                providers: 2 of 3 provider drop-ins bad; petald would skip them

                """, "\(checked.summary)")
    }

    @Test func aBadFileAndABadDropInAreBothReported() async throws {
        let checked = try await Self.check(
            #"{"items": 3}"#, dropIns: ["hello.json": #"{"name": "hello"}"#])
        #expect(checked.status == 2, "\(checked.summary)")
        #expect(checked.errors.contains("petald would not start with this file"), "\(checked.summary)")
        #expect(
            checked.errors.contains(
                #"providers/hello.json: provider drop-in skipped: "busName" must be a well-known bus name"#),
            "\(checked.summary)")
    }
}
