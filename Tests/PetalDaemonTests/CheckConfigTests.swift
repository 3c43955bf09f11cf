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

    static func check(_ configuration: String) async throws -> Checked {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-check-\(UUID().uuidString.prefix(8)).json")
        try Data(configuration.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let petald = RunningDaemon.binDirectory.appendingPathComponent("petald").path
        let result = try await ExternalCommand.running([petald, "--check-config", file.path])
        return Checked(
            status: result.status, output: result.output.replacingOccurrences(of: file.path, with: "config.json"),
            errors: result.errors.replacingOccurrences(of: file.path, with: "config.json"))
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
}
