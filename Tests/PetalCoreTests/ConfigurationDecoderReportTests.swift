import PetalCore
import PetalJSON
import Testing

/// How problems are collected, placed, ordered and worded; unknown keys; defaults.
struct ConfigurationDecoderReportTests {
    @Test func collectsEveryProblemInDocumentOrder() {
        let text = """
            {
              "menu": {
                "layout": "circle",
                "spacing": -1
              },
              "items": [
                { "id": "a", "action": "x" },
                { "id": "b", "action": "y",
                  "color": "red" },
                { "id": "a", "action": "" }
              ],
              "extra": true
            }
            """
        let decoded = ConfigurationDecoder.decode(text)
        #expect(decoded.configuration == nil)
        #expect(
            decoded.problems.map(\.description) == [
                #"3:15: menu.layout: expected "linear", "stack", "radial" or "list", found "circle""#,
                "4:16: menu.spacing: expected a number of pixels greater than 0 and at most 10000, found -1",
                ##"9:16: items[1].color: expected a colour such as "#ef5285" or "#ef5285cc", found "red""##,
                #"10:13: items[2].id: expected a unique id, found "a", which items[0] has too"#,
                #"10:28: items[2].action: expected an action id such as "camera.open", found """#,
                "12:12: warning: extra: unknown key, ignored; the keys known at the top level are menu, items, menus, plugins, actions, appearance",
            ])
        #expect(decoded.errors.count == 5)
        #expect(decoded.warnings.map(\.path) == ["extra"])
    }

    @Test func columnsCountUnicodeScalarsAndOffsetsCountBytes() {
        let decoded = ConfigurationDecoder.decode(#"{"x": "ééé", "menu": 3}"#)
        #expect(decoded.problems.map(\.path) == ["x", "menu"])
        #expect(
            decoded.problems.map(\.position) == [
                SourcePosition(line: 1, column: 7, offset: 6),
                SourcePosition(line: 1, column: 22, offset: 24),
            ])
    }

    @Test func describesLikeACompiler() {
        let colour = ConfigurationProblem(
            .error, path: "items[2].color", ##"expected a colour such as "#ef5285" or "#ef5285cc", found "red""##,
            at: SourcePosition(line: 14, column: 15, offset: 300), file: "config.json")
        #expect(
            colour.description
                == ##"config.json:14:15: items[2].color: expected a colour such as "#ef5285" or "#ef5285cc", found "red""##
        )
        #expect(colour.line == 14 && colour.column == 15 && colour.isError)
        let warning = ConfigurationProblem(
            .warning, path: "menu.colour", "unknown key, ignored",
            at: SourcePosition(line: 3, column: 5, offset: 20))
        #expect(warning.description == "3:5: warning: menu.colour: unknown key, ignored")
        #expect(
            warning.inFile("/etc/x.json").description == "/etc/x.json:3:5: warning: menu.colour: unknown key, ignored")
        let file = ConfigurationProblem(
            .error, path: "", "cannot open the file: No such file or directory", file: "/x.json")
        #expect(file.description == "/x.json: cannot open the file: No such file or directory")
        #expect(file.line == nil && file.column == nil)
        #expect(
            ConfigurationProblem(.error, path: "items", "expected an array of items, found 3").description
                == "items: expected an array of items, found 3")
    }

    // MARK: - Unknown keys

    static let unknownKeys: [ProblemCase] = [
        ProblemCase(
            #"{"colour": 1}"#, "colour",
            "unknown key, ignored; the keys known at the top level are menu, items, menus, plugins, actions, appearance",
            at: "1", .warning),
        ProblemCase(
            #"{"menu": {"Layout": "radial"}}"#, "menu.Layout",
            #"unknown key, ignored (did you mean "layout"?); the keys known in menu are layout, spacing, "#
                + "firstAngle, angleInterval, radius, openDuration, closeDuration, closeOnActivate",
            at: #""radial""#, .warning),
        ProblemCase(
            item(##""colour": "#ef5285""##), "items[0].colour",
            #"unknown key, ignored (did you mean "color"?); the keys known in items[0] are id, title, icon, "#
                + "selectedIcon, color, action, submenu, params, toggle, selected, enabled, keepOpen, key, meta",
            at: ##""#ef5285""##, .warning),
        ProblemCase(
            #"{"plugins": {"path": ["/opt"]}}"#, "plugins.path",
            #"unknown key, ignored (did you mean "paths"?); the keys known in plugins are paths, disabled, isolate, settings"#,
            at: #"["/opt"]"#, .warning),
        ProblemCase(
            #"{"actions": {"x": 1}}"#, "actions.x",
            "unknown key, ignored; the keys known in actions are timeout, maxConcurrent", at: "1", .warning),
        ProblemCase(
            #"{"actions": {"a b\u007f": 1}}"#, #"actions["a b\u007F"]"#,
            "unknown key, ignored; the keys known in actions are timeout, maxConcurrent", at: "1", .warning),
    ]

    @Test(arguments: unknownKeys) func unknownKeysAreWarnings(_ rule: ProblemCase) { expectOnlyProblem(rule) }

    @Test func warningsKeepTheConfiguration() {
        let decoded = ConfigurationDecoder.decode(#"{"menu": {"layout": "stack", "colour": "red"}}"#)
        #expect(decoded.warnings.count == 1 && decoded.errors.isEmpty)
        #expect(decoded.configuration?.menu.geometry.style == .stack)
    }

    @Test func theProblemListIsCapped() {
        let items = (0..<64).map { _ in #"{"id": 1, "action": 2}"# }.joined(separator: ",")
        let decoded = ConfigurationDecoder.decode(#"{"items": [\#(items)]}"#)
        #expect(decoded.problems.count == ConfigurationDecoder.maximumProblems + 1)
        #expect(decoded.problems.last?.message == "28 more problems were found; only the first 100 are shown")
        #expect(decoded.configuration == nil && decoded.problems.last?.severity == .error)

        // Past the cap, warnings alone leave the configuration usable.
        let noisy = (0..<64).map { #"{"id": "i\#($0)", "action": "a", "x": 1, "y": 2}"# }.joined(separator: ",")
        let warned = ConfigurationDecoder.decode(#"{"items": [\#(noisy)]}"#)
        #expect(warned.configuration?.items.count == 64)
        #expect(warned.errors.isEmpty && warned.problems.count == ConfigurationDecoder.maximumProblems + 1)
        #expect(warned.problems.last?.message == "28 more problems were found; only the first 100 are shown")
    }

    // MARK: - Defaults and values

    @Test func emptyObjectIsTheEmbeddedDefault() {
        #expect(expectValid("{}") == .embeddedDefault)
        #expect(expectValid("\u{FEFF}{}") == .embeddedDefault)  // a byte order mark is allowed
    }

    @Test func noItemsKeyKeepsTheDefaultItemsAndAnEmptyArrayEmptiesTheMenu() {
        #expect(expectValid(#"{"menu": {"layout": "linear"}}"#)?.items == MenuConfiguration.defaultItems)
        #expect(expectValid(#"{"items": []}"#)?.items == [])
    }

    @Test func readsEveryKey() throws {
        let config = try #require(
            expectValid(
                """
                {"menu": {"layout": "stack", "spacing": 0.5, "firstAngle": -360, "angleInterval": 360, "radius": 10000,
                          "openDuration": 0, "closeDuration": 60, "closeOnActivate": false},
                 "items": [{"id": "like", "title": "Like", "icon": "non-starred", "selectedIcon": "starred",
                            "color": "#EF5285cc", "action": "message.notify", "params": {"summary": "hi", "n": [1]},
                            "toggle": true, "selected": true, "enabled": false, "keepOpen": true},
                           {"id": "café ☕", "action": "x", "color": ""}],
                 "plugins": {"paths": ["/opt/petal"], "disabled": ["camera"], "settings": {"command": {"shell": false}}},
                 "actions": {"timeout": 0.001, "maxConcurrent": 1024.0}}
                """))
        #expect(
            config.menu.geometry
                == MenuGeometry(
                    style: .stack, spacing: 0.5, firstAngle: -360,
                    angleInterval: 360, radius: 10000))
        #expect(config.menu.openDuration == .zero && config.menu.closeDuration == .seconds(60))
        #expect(!config.menu.closeOnActivate)
        #expect(
            config.items == [
                MenuItem(
                    id: "like", title: "Like", icon: "non-starred", selectedIcon: "starred", color: "#EF5285cc",
                    action: "message.notify", params: ["summary": "hi", "n": [1]], toggle: true, selected: true,
                    enabled: false, keepOpen: true),
                MenuItem(id: "café ☕", title: "café ☕", action: "x"),
            ])
        #expect(
            config.plugins
                == PluginSettings(
                    paths: ["/opt/petal"], disabled: ["camera"],
                    settings: ["command": ["shell": false]]))
        #expect(config.actions == ActionSettings(timeout: .milliseconds(1), maxConcurrent: 1024))
    }

    @Test func secondsBecomeExactDurations() {
        let config = expectValid(#"{"menu": {"openDuration": 0.3, "closeDuration": 0.1}, "actions": {"timeout": 20}}"#)
        #expect(config?.menu.openDuration == .milliseconds(300))
        #expect(config?.menu.closeDuration == .milliseconds(100))
        #expect(config?.actions.timeout == .seconds(20))
    }

    @Test func limitsAreInclusive() {
        let id = String(repeating: "é", count: 127) + "x"  // 255 bytes
        #expect(expectValid(#"{"items": [{"id": "\#(id)", "action": "a"}]}"#)?.items.first?.id == id)
        expectValid(#"{"actions": {"timeout": 600, "maxConcurrent": 1}, "menu": {"spacing": 10000}}"#)
    }
}
