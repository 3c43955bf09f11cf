import PetalCore
import PetalJSON
import Testing

/// `menus` (docs/configuration.md): names, sections, what they take from the top
/// level, main in one place, and the order of the menus.
struct ConfigurationDecoderMenusTests {
    /// `{"menus": {"NAME": {MEMBERS, "items": [one item]}}}`.
    static func menu(_ name: String, _ members: String = "") -> String {
        let separator = members.isEmpty ? "" : ", "
        return #"{"menus": {"\#(name)": {\#(members)\#(separator)"items": [{"id": "i", "action": "a.b"}]}}}"#
    }

    static let name = #"expected a menu name of 1 to 64 letters, digits, "_" or "-" such as "apps", found"#
    static let sectionKeys =
        "layout, spacing, firstAngle, angleInterval, radius, openDuration, closeDuration, closeOnActivate, "
        + "title, items, appearance, when, picker"

    static let rules: [ProblemCase] = [
        ProblemCase(#"{"menus": 3}"#, "menus", "expected an object of menu sections by name, found 3", at: "3"),
        ProblemCase(
            #"{"menus": []}"#, "menus", "expected an object of menu sections by name, found an array", at: "[]"),
        ProblemCase(menu("a b"), #"menus["a b"]"#, name + #" "a b""#, at: #"{"items""#),
        ProblemCase(menu("apps/x"), #"menus["apps/x"]"#, name + #" "apps/x""#, at: #"{"items""#),
        ProblemCase(menu(""), #"menus[""]"#, name + #" """#, at: #"{"items""#),
        ProblemCase(
            menu(String(repeating: "m", count: 65)), #"menus["\#(String(repeating: "m", count: 32))…"]"#,
            name + #" "\#(String(repeating: "m", count: 32))…" (65 bytes)"#, at: #"{"items""#),
        ProblemCase(
            #"{"menus": {"apps": 3}}"#, "menus.apps", "expected a menu section (an object with items), found 3",
            at: "3"),
        ProblemCase(
            #"{"menus": {"main": []}}"#, "menus.main",
            "expected a menu section (an object with items), found an array", at: "[]"),
        ProblemCase(
            #"{"menus": {"apps": {"title": "Apps"}}}"#, "menus.apps.items", "missing; every menu needs 1 to 64 items",
            at: #"{"title""#),
        ProblemCase(
            #"{"menus": {"apps": {"items": []}}}"#, "menus.apps.items", "expected 1 to 64 items, found none",
            at: "[]"),
        ProblemCase(
            #"{"menus": {"apps": {"items": {}}}}"#, "menus.apps.items", "expected an array of items, found an object",
            at: "{}}"),
        ProblemCase(
            menu("apps", #""layout": "circle""#), "menus.apps.layout",
            #"expected "linear", "stack", "radial" or "list", found "circle""#, at: #""circle""#),
        ProblemCase(
            menu("apps", #""radius": 0"#), "menus.apps.radius",
            "expected a number of pixels greater than 0 and at most 10000, found 0", at: "0"),
        ProblemCase(
            menu("apps", #""closeOnActivate": "no""#), "menus.apps.closeOnActivate",
            #"expected true or false, found "no""#, at: #""no""#),
        ProblemCase(menu("apps", #""title": 3"#), "menus.apps.title", "expected a title (a string), found 3", at: "3"),
        ProblemCase(
            menu("apps", #""title": "a\nb""#), "menus.apps.title",
            #"expected a title without control characters, found "a\nb""#, at: #""a\n"#),
        ProblemCase(
            menu("apps", #""appearance": 3"#), "menus.apps.appearance", "expected an object, found 3", at: "3"),
        ProblemCase(
            menu("apps", #""appearance": {"buttonSize": 0}"#), "menus.apps.appearance.buttonSize",
            "expected a number of pixels greater than 0 and at most 512, found 0", at: "0}"),
        ProblemCase(
            menu("apps", #""appearance": {"margin": [1]}"#), "menus.apps.appearance.margin",
            "expected an array of two numbers of pixels [x, y], each from 0 to 10000, found an array of 1 element",
            at: "[1]"),
        ProblemCase(
            menu("apps", #""name": "apps""#), "menus.apps.name",
            "unknown key, ignored; the keys known in menus.apps are " + sectionKeys, at: #""apps""#, .warning),
        ProblemCase(
            menu("apps", ##""appearance": {"colour": "#000000"}"##), "menus.apps.appearance.colour",
            "unknown key, ignored; the keys known in menus.apps.appearance are "
                + ConfigurationDecoder.appearanceKeys.joined(separator: ", "),
            at: ##""#000000""##, .warning),
    ]

    @Test(arguments: rules) func rejects(_ rule: ProblemCase) { expectOnlyProblem(rule) }

    static let mainTwice: [ProblemCase] = [
        ProblemCase(
            #"{"items": [], "menus": {"main": {"items": []}}}"#, "menus.main",
            #"expected the main menu in one place, found it both here and in the top-level "items""#,
            at: #"{"items": []}"#),
        ProblemCase(
            #"{"menu": {}, "menus": {"main": {"items": []}}}"#, "menus.main",
            #"expected the main menu in one place, found it both here and in the top-level "menu""#,
            at: #"{"items": []}"#),
        ProblemCase(
            #"{"menu": {}, "items": [], "menus": {"main": {}}}"#, "menus.main",
            #"expected the main menu in one place, found it both here and in the top-level "menu" and the top-level "items""#,
            at: "{}}"),
    ]

    @Test(arguments: mainTwice) func mainIsGivenInOnePlace(_ rule: ProblemCase) { expectOnlyProblem(rule) }

    @Test func namesAreOneToSixtyFourBytesOfLettersDigitsUnderscoresAndHyphens() throws {
        let longest = String(repeating: "m", count: 64)
        for name in ["a", "A-z_0-9", "-", "_", longest] {
            let config = try #require(expectValid(Self.menu(name)))
            #expect(config.menus.map(\.name) == ["main", name])
        }
        #expect(MenuName.isValid(longest) && !MenuName.isValid(longest + "m"))
        #expect(!MenuName.isValid("é") && !MenuName.isValid("a.b") && !MenuName.isValid("main/x"))
    }

    @Test func aVersion2FileIsOneMenuCalledMain() throws {
        let config = try #require(expectValid(#"{"menu": {"layout": "stack"}, "items": [{"id": "a", "action": "x"}]}"#))
        #expect(config.menus.count == 1 && config.otherMenus.isEmpty)
        #expect(config.main.name == "main" && config.main.title == "main")
        #expect(config.main.settings.geometry.style == .stack && config.defaults.settings == config.menu)
        #expect(config.main.appearance == config.defaults.appearance)
        #expect(expectValid("{}")?.menus == [MenuConfiguration.embeddedDefault.main])
    }

    @Test func aSectionTakesWhatItLeavesOutFromTheTopLevel() throws {
        let config = try #require(
            expectValid(
                #"""
                {"menu": {"layout": "linear", "spacing": 50, "closeOnActivate": false},
                 "appearance": {"buttonColor": "#111111", "anchor": "top-left"},
                 "menus": {"apps": {"radius": 70, "openDuration": 0, "appearance": {"anchor": "center"},
                                    "items": [{"id": "web", "action": "open.uri"}]}}}
                """#))
        let apps = try #require(config.section(named: "apps"))
        #expect(
            apps.settings
                == MenuSettings(
                    geometry: MenuGeometry(style: .linear, spacing: 50, radius: 70), openDuration: .zero,
                    closeOnActivate: false))
        #expect(apps.appearance == AppearanceSettings(anchor: .center, buttonColor: "#111111"))
        #expect(apps.title == "apps")
        #expect(config.main.appearance == AppearanceSettings(anchor: .topLeft, buttonColor: "#111111"))
        #expect(config.defaults.appearance == config.main.appearance)
    }

    @Test func mainMayBeWrittenInMenus() throws {
        let config = try #require(
            expectValid(
                #"""
                {"appearance": {"buttonColor": "#222222"},
                 "menus": {"apps": {"items": [{"id": "web", "action": "open.uri"}]},
                           "main": {"title": "Home", "layout": "stack", "appearance": {"shadow": false},
                                    "items": [{"id": "apps", "submenu": "apps"}]}}}
                """#))
        #expect(config.menus.map(\.name) == ["main", "apps"])
        #expect(config.main.title == "Home" && config.menu.geometry.style == .stack)
        #expect(config.appearance == AppearanceSettings(buttonColor: "#222222", shadow: false))
        // With no top-level "menu", the other menus take the documented defaults.
        #expect(config.defaults.settings == MenuSettings())
        #expect(config.section(named: "apps")?.settings == MenuSettings())
        #expect(config.section(named: "apps")?.appearance == AppearanceSettings(buttonColor: "#222222"))
    }

    @Test func restingButtonIsMergedLikeEveryAppearanceKey() throws {
        let config = try #require(
            expectValid(
                #"""
                {"appearance": {"restingButton": false},
                 "menus": {"main": {"appearance": {"shadow": false}},
                           "apps": {"appearance": {"restingButton": true},
                                    "items": [{"id": "web", "action": "open.uri"}]}}}
                """#))
        #expect(config.main.appearance == AppearanceSettings(shadow: false, restingButton: false))
        #expect(config.section(named: "apps")?.appearance == AppearanceSettings())
        let wrong = ConfigurationDecoder.decode(#"{"menus": {"main": {"appearance": {"restingButton": null}}}}"#)
        #expect(wrong.configuration == nil)
        #expect(wrong.problems.map(\.path) == ["menus.main.appearance.restingButton"])
        #expect(wrong.problems.map(\.message) == ["expected true or false, found null"])
    }

    @Test func mainInMenusKeepsVersion2sRuleForItems() throws {
        #expect(expectValid(#"{"menus": {"main": {"layout": "stack"}}}"#)?.items == MenuConfiguration.defaultItems)
        #expect(expectValid(#"{"menus": {"main": {"items": []}}}"#)?.items == [])
    }

    @Test func sixtyFourItemsAMenuAndNoMore() {
        let items = (0..<64).map { #"{"id": "i\#($0)", "action": "a"}"# }
        let allowed = #"{"menus": {"apps": {"items": [\#(items.joined(separator: ", "))]}}}"#
        #expect(expectValid(allowed)?.section(named: "apps")?.items.count == 64)
        let over =
            #"{"menus": {"apps": {"items": [\#((items + [#"{"id": "x", "action": "a"}"#]).joined(separator: ", "))]}}}"#
        expectOnlyProblem(
            ProblemCase(
                over, "menus.apps.items",
                "expected 1 to 64 items, found 65; a menu of layout \"list\" holds up to 100000", at: "[{"))
    }

    @Test func menusComeInConfigurationOrderWithThoseWrittenInPlaceAfterTheirParent() throws {
        let config = try #require(
            expectValid(
                #"""
                {"items": [{"id": "x", "submenu": {"items": [{"id": "a", "action": "a"}]}}],
                 "menus": {"zeta": {"items": [{"id": "y", "submenu": {"items": [
                                      {"id": "z", "submenu": {"items": [{"id": "a", "action": "a"}]}},
                                      {"id": "w", "submenu": {"items": [{"id": "a", "action": "a"}]}}]}}]},
                           "alpha": {"items": [{"id": "a", "action": "a"}]}}}
                """#))
        #expect(config.menus.map(\.name) == ["main", "main/x", "zeta", "zeta/y", "zeta/y/z", "zeta/y/w", "alpha"])
        #expect(config.menus.map(\.isWrittenInPlace) == [false, true, false, true, true, true, false])
        #expect(config.section(named: "zeta/y")?.submenus == ["zeta/y/z", "zeta/y/w"])
        #expect(config.section(named: "nope") == nil)
    }

    @Test func theSameIDMayBeInTwoMenus() throws {
        let config = try #require(
            expectValid(
                #"{"items": [{"id": "a", "action": "x"}], "menus": {"b": {"items": [{"id": "a", "action": "y"}]}}}"#))
        #expect(config.item(withID: "a")?.action == "x")
        #expect(config.section(named: "b")?.item(withID: "a")?.action == "y")
    }

    /// The named menus of docs/configuration.md.
    static let documented = #"""
        {
          "menu":  { "layout": "radial" },
          "items": [ { "id": "apps", "title": "Apps", "icon": "view-app-grid", "submenu": "apps" },
                     { "id": "shot", "title": "Screenshot", "icon": "camera-photo",
                       "action": "camera.screenshot", "key": "s" } ],
          "menus": {
            "apps":  { "title": "Apps", "layout": "radial", "firstAngle": 90, "angleInterval": 45,
                       "items": [ { "id": "web", "title": "Web", "icon": "web-browser", "key": "w",
                                    "action": "open.uri", "params": { "uri": "https://example.org" } } ] },
            "power": { "title": "Power", "layout": "linear", "when": { "app": "^$" },
                       "appearance": { "anchor": "center", "buttonColor": "#303030" },
                       "items": [ { "id": "lock", "title": "Lock", "icon": "system-lock-screen",
                                    "action": "command.run", "params": { "argv": ["loginctl", "lock-session"] } } ] }
          }
        }
        """#

    @Test func theDocumentedExampleLoads() throws {
        let decoded = ConfigurationDecoder.decode(Self.documented)
        #expect(decoded.problems.isEmpty, "\(decoded.problems)")
        let config = try #require(decoded.configuration)
        #expect(config.menus.map(\.name) == ["main", "apps", "power"])
        #expect(config.menus.map(\.title) == ["main", "Apps", "Power"])
        #expect(config.items.map(\.kind) == [.submenu, .action])
        #expect(config.items[0].submenu == "apps" && config.items[0].action == "")
        #expect(config.items.map(\.key) == [nil, "s"])
        let apps = try #require(config.section(named: "apps"))
        #expect(apps.settings.geometry == MenuGeometry(style: .radial, firstAngle: 90, angleInterval: 45))
        #expect(apps.items.first?.params == ["uri": "https://example.org"] && apps.items.first?.key == "w")
        let power = try #require(config.section(named: "power"))
        #expect(power.settings.geometry.style == .linear)
        #expect(power.appearance == AppearanceSettings(anchor: .center, buttonColor: "#303030"))
        #expect(power.items.first?.params == ["argv": ["loginctl", "lock-session"]])
        #expect(power.when?.description == #"{"app": "^$"}"#)
        #expect(ContextChoice.menu(for: DesktopContext(), among: config.menus) == "power")
        #expect(ContextChoice.menu(for: DesktopContext(app: "firefox"), among: config.menus) == "main")
        #expect(ConfigurationDecoder.decode(config.jsonValue.jsonText(pretty: true)).configuration == config)
    }
}
