import PetalCore
import PetalJSON
import Testing

/// A menu section's `when` (docs/configuration.md): each problem an error
/// at the JSON path of the value at fault, saying what was found and why it
/// cannot be used.
@Suite struct ConfigurationDecoderWhenTests {
    static func menu(_ when: String) -> String {
        ConfigurationDecoderMenusTests.menu("web", #""when": \#(when)"#)
    }

    static let regex = "expected a regular expression that matches the whole"

    static let rules: [ProblemCase] = [
        ProblemCase(
            menu("3"), "menus.web.when",
            #"expected an object of regular expressions by context key (app, instance, title and output), such as {"app": "firefox|chromium"}, found 3"#,
            at: "3"),
        ProblemCase(
            menu("{}"), "menus.web.when",
            #"expected an object of regular expressions by context key (app, instance, title and output), such as {"app": "firefox|chromium"}, found an empty object, which would match any context"#,
            at: "{}"),
        ProblemCase(
            menu(#"{"class": "firefox"}"#), "menus.web.when.class",
            "expected a key of the context; a when tests app, instance, title and output", at: #""firefox""#),
        ProblemCase(
            menu(#"{"apps": "firefox"}"#), "menus.web.when.apps",
            #"expected a key of the context (did you mean "app"?); a when tests app, instance, title and output"#,
            at: #""firefox""#),
        ProblemCase(
            menu(#"{"app": 3}"#), "menus.web.when.app", regex + #" app, such as "firefox|chromium", found 3"#, at: "3"),
        ProblemCase(
            menu(#"{"app": "fire(fox"}"#), "menus.web.when.app",
            regex
                + #" app, such as "firefox|chromium", found "fire(fox": it is not a regular expression in Swift Regex syntax: expected ')'"#,
            at: #""fire(fox""#),
        ProblemCase(
            menu(#"{"title": "(?=x)x"}"#), "menus.web.when.title",
            regex
                + #" title, such as ".*GitHub.*", found "(?=x)x": Petal's matcher does not support lookahead ((?=…) and (?!…)), which needs backtracking"#,
            at: #""(?=x)x""#),
        ProblemCase(
            menu(#"{"output": "\\bDP\\b"}"#), "menus.web.when.output",
            regex
                + #" output, such as "HDMI-A-1", found "\\bDP\\b": Petal's matcher does not support word boundaries (\b, \B); match the characters around the word instead"#,
            at: #""\\bDP"#),
        ProblemCase(
            menu(#"{"title": "\#(String(repeating: "x", count: 257))"}"#), "menus.web.when.title",
            regex
                + #" title, such as ".*GitHub.*", found "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…" (257 bytes): it is 257 bytes long; a pattern has at most 256"#,
            at: #""x"#),
        ProblemCase(
            #"{"items": [{"id": "s", "submenu": {"when": {"app": "("}, "items": [{"id": "i", "action": "a.b"}]}}]}"#,
            "items[0].submenu.when.app",
            regex
                + #" app, such as "firefox|chromium", found "(": it is not a regular expression in Swift Regex syntax: expected ')'"#,
            at: #""(""#),
    ]

    @Test(arguments: rules) func refuses(_ example: ProblemCase) {
        expectOnlyProblem(example)
    }

    @Test func everyProblemOfAWhenIsReported() {
        let decoded = ConfigurationDecoder.decode(Self.menu(#"{"app": "(", "title": "[", "colour": "x"}"#))
        #expect(decoded.errors.map(\.path) == ["menus.web.when.app", "menus.web.when.title", "menus.web.when.colour"])
        #expect(decoded.configuration == nil)
    }

    @Test func aWhenIsReadInto() throws {
        let config = try #require(
            expectValid(
                #"""
                {"items": [{"id": "s", "submenu": {"when": {"output": "DP-.*"}, "items": [{"id": "i", "action": "a.b"}]}}],
                 "menus": {"web": {"when": {"title": ".*GitHub.*", "app": "(?i)firefox|chromium"},
                                   "items": [{"id": "i", "action": "a.b"}]},
                           "plain": {"items": [{"id": "i", "action": "a.b"}]}}}
                """#))
        #expect(config.menus.map(\.name) == ["main", "main/s", "web", "plain"])
        #expect(
            config.menus.map { $0.when?.description } == [
                nil, #"{"output": "DP-.*"}"#, #"{"app": "(?i)firefox|chromium", "title": ".*GitHub.*"}"#, nil,
            ])
        let context = DesktopContext(app: "Firefox", title: "Petal · GitHub", output: "DP-1")
        #expect(ContextChoice.menu(for: context, among: config.menus) == "web")
        #expect(ContextChoice.menu(for: DesktopContext(output: "DP-2"), among: config.menus) == "main/s")
        // Written out and read back, the conditions are the same.
        #expect(ConfigurationDecoder.decode(config.jsonValue.jsonText(pretty: true)).configuration == config)
    }

    @Test func mainWithAWhenIsWrittenAsAMenuSection() throws {
        let config = try #require(expectValid(#"{"menus": {"main": {"when": {"app": "foot"}, "items": []}}}"#))
        #expect(config.main.when?.description == #"{"app": "foot"}"#)
        #expect(config.jsonValue.objectValue?["menus"]?.objectValue?["main"]?.objectValue?["when"] == ["app": "foot"])
        #expect(ConfigurationDecoder.decode(config.jsonValue.jsonText(pretty: false)).configuration == config)
    }

    @Test func aMenuMadeOverDBusHasNoWhen() {
        #expect(throws: AdHocMenuError.self) {
            try AdHocMenuDecoder.decode(
                #"{"when": {"app": "x"}, "items": [{"id": "a"}]}"#, defaults: MenuDefaults(), naming: { $0 ?? "m" })
        }
        do {
            _ = try AdHocMenuDecoder.decode(
                #"{"items": [{"id": "a", "submenu": {"when": {"app": "x"}, "items": [{"id": "b"}]}}]}"#,
                defaults: MenuDefaults(), naming: { $0 ?? "m" })
            Issue.record("a when in a submenu written in place was accepted")
        } catch {
            #expect(error.problems.map(\.path) == ["items[0].submenu.when"])
            #expect(error.problems.first?.message.hasPrefix(#"expected no "when" in a menu made over D-Bus"#) == true)
        }
    }
}
