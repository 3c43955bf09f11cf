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
    static func check(_ configuration: String, dropIns: [String: String] = [:]) async throws -> Checked {
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
        let result = try await ExternalCommand.running([
            "XDG_DATA_HOME=" + root.appendingPathComponent("data").path, petald, "--check-config", file.path,
        ])
        func written(_ text: String) -> String {
            text.replacingOccurrences(of: file.path, with: "config.json")
                .replacingOccurrences(of: folder.path, with: "providers")
        }
        return Checked(status: result.status, output: written(result.output), errors: written(result.errors))
    }

    static func menu(_ name: String, when: String) -> String {
        #""\#(name)": {"when": \#(when), "items": [{"id": "i", "title": "I", "action": "a.b"}]}"#
    }

    @Test func itListsTheMenusTheContextCanOpenInTheOrderTheyAreTried() async throws {
        let checked = try await Self.check(
            #"{"menus": {\#(Self.menu("browser", when: #"{"app": "firefox|chromium"}"#)), "#
                + #"\#(Self.menu("github", when: #"{"title": ".*GitHub.*", "app": "firefox"}"#)), "#
                + #""plain": {"items": [{"id": "i", "title": "I", "action": "a.b"}]}}}"#)
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
        let checked = try await Self.check(#"{"items": [{"id": "i", "title": "I", "action": "a.b"}]}"#)
        #expect(checked.output == "config.json: OK, 1 item, 0 warnings\n", "\(checked.summary)")
    }

    @Test func aPatternItCannotUseIsAnErrorAtItsPlace() async throws {
        let checked = try await Self.check(#"{"menus": {\#(Self.menu("web", when: #"{"app": "(?=fire)fox"}"#))}}"#)
        #expect(checked.status == 2)
        #expect(
            checked.errors.hasPrefix(
                #"config.json:1:36: menus.web.when.app: expected a regular expression that matches the whole app, such as "firefox|chromium", found "(?=fire)fox": Petal's matcher does not support lookahead"#
            ), "\(checked.summary)")
    }

    // MARK: Drop-in files

    private static let valid = #"{"items": [{"id": "i", "title": "I", "action": "a.b"}]}"#
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
                provider drop-in providers/clock.json: actions[0] must be [id, title, icon], three strings
                provider drop-in providers/weather.json: "name" is "sky"; it must match the file's name, weather.json
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
                #"provider drop-in providers/hello.json: "busName" must be a well-known bus name"#),
            "\(checked.summary)")
    }
}
