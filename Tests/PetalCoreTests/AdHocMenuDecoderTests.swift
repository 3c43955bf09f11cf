import PetalCore
import PetalJSON
import Testing

/// Menus made over D-Bus (`CreateMenu`, `ChooseFrom`): choices, submenus
/// written in place, names, limits apart from malformed menus, hostile text.
struct AdHocMenuDecoderTests {
    /// Decodes `text` over the documented defaults, naming an unnamed menu `adhoc-7`.
    static func decode(
        _ text: String, defaults: MenuDefaults = MenuDefaults()
    ) throws(AdHocMenuError) -> (menu: AdHocMenu, warnings: [ConfigurationProblem]) {
        try AdHocMenuDecoder.decode(text, defaults: defaults) { $0 ?? "adhoc-7" }
    }

    /// The error `text` is refused with, if any.
    static func refusal(_ text: String) -> AdHocMenuError? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error
        }
    }

    /// A menu section of `count` items.
    static func items(_ count: Int) -> String {
        #"{"items": [\#((0..<count).map { #"{"id": "i\#($0)"}"# }.joined(separator: ", "))]}"#
    }

    /// A menu with menus written in place in it, `count` menus in all.
    static func nested(_ count: Int) -> String {
        var section = #"{"items": [{"id": "x"}]}"#
        for _ in 1..<count { section = #"{"items": [{"id": "a", "submenu": \#(section)}]}"# }
        return section
    }

    @Test func itemsWithNeitherActionNorSubmenuAreChoices() throws {
        let (decoded, warnings) = try Self.decode(
            #"{"items": [{"id": "yes", "title": "Yes", "key": "y"}, {"id": "run", "action": "camera.open"}]}"#)
        #expect(warnings.isEmpty)
        #expect(decoded.top.items.map(\.kind) == [.choice, .action])
        #expect(decoded.top.items.first == MenuItem(id: "yes", title: "Yes", key: "y"))
        #expect(decoded.top.name == "adhoc-7" && decoded.top.title == "adhoc-7" && decoded.submenus.isEmpty)
    }

    @Test func theGivenNameIsAskedAboutAndUsed() throws {
        var asked: [String?] = []
        let (decoded, _) = try AdHocMenuDecoder.decode(
            #"{"name": "pick", "title": "Pick one", "items": [{"id": "a"}]}"#, defaults: MenuDefaults()
        ) { given in
            asked.append(given)
            return given ?? "adhoc-1"
        }
        #expect(asked == ["pick"])
        #expect(decoded.top.name == "pick" && decoded.top.title == "Pick one")
    }

    @Test func menusWrittenInPlaceAreNamedAfterTheirParentAndItem() throws {
        let (decoded, _) = try Self.decode(
            #"""
            {"items": [{"id": "apps", "submenu": {"title": "Apps", "items": [
                          {"id": "web", "submenu": {"items": [{"id": "firefox", "action": "open.uri"}]}}]}},
                       {"id": "more", "submenu": {"items": [{"id": "x"}]}}]}
            """#)
        #expect(decoded.sections.map(\.name) == ["adhoc-7", "adhoc-7/apps", "adhoc-7/apps/web", "adhoc-7/more"])
        #expect(decoded.sections.map(\.title) == ["adhoc-7", "Apps", "adhoc-7/apps/web", "adhoc-7/more"])
        #expect(decoded.top.items.map(\.submenu) == ["adhoc-7/apps", "adhoc-7/more"])
        #expect(decoded.submenus[0].items.first?.submenu == "adhoc-7/apps/web")
    }

    /// Naming may come before a refusal (petald spends a number only once a
    /// menu is made), but once at most, and never for text that is not JSON.
    @Test func namingIsAskedOnceAtMost() {
        for text in ["{", #"{"items": []}"#, Self.items(65), #"{"name": "a b", "items": [{"id": "a"}]}"#] {
            var asked = 0
            #expect(throws: AdHocMenuError.self) {
                _ = try AdHocMenuDecoder.decode(text, defaults: MenuDefaults()) { _ in
                    asked += 1
                    return "x"
                }
            }
            #expect(asked == (text == "{" ? 0 : 1), "\(text)")
        }
    }

    @Test func sectionsTakeWhatTheyLeaveOutFromTheDefaults() throws {
        let defaults = MenuDefaults(
            settings: MenuSettings(geometry: MenuGeometry(style: .linear, spacing: 40)),
            appearance: AppearanceSettings(anchor: .pointer, buttonColor: "#101010"))
        let (decoded, _) = try Self.decode(
            #"{"radius": 50, "appearance": {"anchor": "center"}, "items": [{"id": "a", "submenu": {"items": [{"id": "b"}]}}]}"#,
            defaults: defaults)
        #expect(decoded.top.settings.geometry == MenuGeometry(style: .linear, spacing: 40, radius: 50))
        #expect(decoded.top.appearance == AppearanceSettings(anchor: .center, buttonColor: "#101010"))
        #expect(decoded.submenus[0].settings == defaults.settings)
        #expect(decoded.submenus[0].appearance == defaults.appearance)
        let written = decoded.jsonValue(over: defaults).jsonText
        #expect(try AdHocMenuDecoder.decode(written, defaults: defaults) { $0 ?? "other" }.menu == decoded)
    }

    @Test func unknownKeysAreWarnings() throws {
        let (_, warnings) = try Self.decode(
            #"{"colour": 1, "items": [{"id": "a", "x": 2, "submenu": {"name": "n", "items": [{"id": "b"}]}}]}"#)
        #expect(warnings.map(\.path) == ["colour", "items[0].x", "items[0].submenu.name"])
        #expect(warnings.allSatisfy { !$0.isError && $0.position == nil })
    }

    // MARK: - Malformed menus: InvalidMenu

    static let invalid: [(text: String, path: String, message: String)] = [
        ("[]", "", "expected a menu section (a JSON object with items), found an array"),
        (#"{"title": "T"}"#, "items", "missing; every menu needs 1 to 64 items"),
        (#"{"items": []}"#, "items", "expected 1 to 64 items, found none"),
        (#"{"items": [3]}"#, "items[0]", "expected an item (an object with an id), found 3"),
        (
            #"{"name": "a b", "items": [{"id": "a"}]}"#, "name",
            #"expected a menu name of 1 to 64 letters, digits, "_" or "-" such as "apps", found "a b""#
        ),
        (
            #"{"name": 3, "items": [{"id": "a"}]}"#, "name",
            #"expected a menu name of 1 to 64 letters, digits, "_" or "-" such as "apps", found 3"#
        ),
        (
            #"{"items": [{"id": "a", "action": "x", "submenu": {"items": [{"id": "b"}]}}]}"#, "items[0]",
            "expected either an action or a submenu, found both"
        ),
        (
            #"{"items": [{"id": "a", "submenu": "apps"}]}"#, "items[0].submenu",
            #"expected a submenu written in place (an object with items), found "apps"; "#
                + "a menu made over D-Bus cannot open a configured menu by name, as a reload may remove it"
        ),
        (
            #"{"items": [{"id": "a", "submenu": 3}]}"#, "items[0].submenu",
            "expected a submenu written in place (an object with items), found 3"
        ),
        (
            #"{"items": [{"id": "a"}, {"id": "a"}]}"#, "items[1].id",
            #"expected a unique id, found "a", which items[0] has too"#
        ),
        (
            #"{"items": [{"id": "a", "key": "k"}, {"id": "b", "key": "k"}]}"#, "items[1].key",
            #"expected a unique key, found "k", which items[0] has too"#
        ),
        (
            #"{"items": [{"id": "a/b", "submenu": {"items": [{"id": "c"}]}}]}"#, "items[0].id",
            #"expected an id without "/" for an item with a submenu, found "a/b""#
        ),
        (
            #"{"items": [{"id": "a", "submenu": {"items": [{"id": "b"}, {"id": "c", "submenu": {"items": [{"id": 7}]}}]}}]}"#,
            "items[0].submenu.items[1].submenu.items[0].id", #"expected an id such as "camera", found 7"#
        ),
        (
            #"{"items": [{"id": "a", "submenu": {"items": []}}]}"#, "items[0].submenu.items",
            "expected 1 to 64 items, found none"
        ),
        (
            #"{"appearance": {"anchor": "left"}, "items": [{"id": "a"}]}"#, "appearance.anchor",
            #"expected "bottom-right", "bottom-left", "top-right", "top-left", "center" or "pointer", found "left""#
        ),
    ]

    @Test(arguments: invalid) func malformedMenusAreInvalid(_ rule: (text: String, path: String, message: String)) {
        let refusal = Self.refusal(rule.text)
        guard case .invalid(let problems) = refusal else {
            Issue.record("\(rule.text): \(String(describing: refusal))")
            return
        }
        #expect(problems.map(\.path) == [rule.path])
        #expect(problems.map(\.message) == [rule.message])
        #expect(refusal?.description == (rule.path.isEmpty ? "" : rule.path + ": ") + rule.message)
    }

    @Test func everyErrorIsGiven() {
        let refusal = Self.refusal(#"{"layout": "ring", "items": [{"id": ""}, {"id": "b", "color": "red"}]}"#)
        #expect(refusal?.problems.map(\.path) == ["layout", "items[0].id", "items[1].color"])
    }

    // MARK: - Limits: LimitExceeded

    @Test func aListMenuTakesAHundredThousandItemsAndNoMore() {
        let list = { (count: Int) in
            Self.items(count).replacingOccurrences(of: "{\"items\"", with: "{\"layout\": \"list\", \"items\"")
        }
        #expect(Self.refusal(list(Limits.listMenuItems)) == nil)
        #expect(
            Self.refusal(list(Limits.listMenuItems + 1))
                == .limitExceeded([
                    ConfigurationProblem(.error, path: "items", "expected 1 to 100000 items, found 100001")
                ]))
    }

    @Test func sixtyFourItemsAMenu() throws {
        #expect(try Self.decode(Self.items(64)).menu.top.items.count == 64)
        #expect(
            Self.refusal(Self.items(65))
                == .limitExceeded([
                    ConfigurationProblem(
                        .error, path: "items",
                        "expected 1 to 64 items, found 65; a menu of layout \"list\" holds up to 100000")
                ]))
        let inPlace = Self.refusal(#"{"items": [{"id": "a", "submenu": \#(Self.items(100))}]}"#)
        #expect(
            inPlace?.problems.map(\.description) == [
                "items[0].submenu.items: expected 1 to 64 items, found 100; a menu of layout \"list\" holds up to 100000"
            ])
        guard case .limitExceeded = inPlace else {
            Issue.record("\(String(describing: inPlace))")
            return
        }
    }

    @Test func eightMenusInAChain() throws {
        #expect(try Self.decode(Self.nested(8)).menu.top.items.count == 1)
        #expect(try Self.decode(Self.nested(8)).menu.submenus.count == 7)
        let refusal = Self.refusal(Self.nested(9))
        guard case .limitExceeded(let problems) = refusal else {
            Issue.record("\(String(describing: refusal))")
            return
        }
        #expect(problems.map(\.path) == [Array(repeating: "items[0].submenu", count: 8).joined(separator: ".")])
        #expect(
            problems.first?.message
                == "expected a chain of at most 8 menus, found 9: adhoc-7 → adhoc-7/a → adhoc-7/a/a → adhoc-7/a/a/a → "
                + "adhoc-7/a/a/a/a → adhoc-7/a/a/a/a/a → adhoc-7/a/a/a/a/a/a → adhoc-7/a/a/a/a/a/a/a → "
                + "adhoc-7/a/a/a/a/a/a/a/a")
    }

    @Test func aLimitIsSaidOverAnythingElseWrong() {
        let refusal = Self.refusal(#"{"layout": "ring", "items": \#(Self.items(65).dropFirst(10).dropLast())}"#)
        #expect(
            refusal?.problems.map(\.message) == [
                "expected 1 to 64 items, found 65; a menu of layout \"list\" holds up to 100000"
            ])
        guard case .limitExceeded = refusal else {
            Issue.record("\(String(describing: refusal))")
            return
        }
    }

    // MARK: - Hostile text

    @Test func malformedJSONIsRefusedWithItsPlace() {
        let refusal = Self.refusal(#"{"items": [{"id": "a",}]}"#)
        #expect(refusal?.description == #"1:23: invalid JSON: expected a string key after ",", found "}""#)
        #expect(Self.refusal("")?.problems.first?.message == "invalid JSON: expected a value, found end of input")
        #expect(
            Self.refusal(#"{"items": [{"id": "a"}], "items": []}"#)?.problems.first?.message
                == #"invalid JSON: duplicate key "items" in an object"#)
        #expect(
            (try? AdHocMenuDecoder.decode([0x7B, 0xFF, 0x7D], defaults: MenuDefaults()) { $0 ?? "x" }) == nil)
    }

    @Test func deepNestingIsRefusedWithoutCrashing() {
        for prefix in ["", #"{"items": [{"id": "a", "params": "#, #"{"items": [{"id": "a", "submenu": "#] {
            let refusal = Self.refusal(prefix + String(repeating: "[", count: 100_000))
            #expect(
                refusal?.problems.map(\.message) == ["invalid JSON: arrays and objects nested deeper than 128 levels"])
        }
        // As deep as JSON may be: menus written in place 42 levels deep are a chain too long.
        let deepest = Self.refusal(Self.nested(42))
        guard case .limitExceeded(let problems) = deepest else {
            Issue.record("\(String(describing: deepest))")
            return
        }
        #expect(problems.count == 1)
        #expect(Self.refusal(Self.nested(43))?.problems.first?.message.hasPrefix("invalid JSON: arrays") == true)
    }

    @Test func aLongKeyOverManyValuesCostsNoPositions() throws {
        // Recording positions would copy the key once per value: 32 KiB × 16 Ki.
        let key = String(repeating: "k", count: 32 * 1024)
        let values = Array(repeating: "0", count: 15 * 1024).joined(separator: ",")
        let (_, warnings) = try Self.decode(#"{"\#(key)": [\#(values)], "items": [{"id": "a"}]}"#)
        #expect(warnings.count == 1)
    }

    @Test func randomDamageNeverCrashes() {
        let original = Array(
            #"{"name": "n", "items": [{"id": "a", "key": "a", "submenu": {"items": [{"id": "b", "action": "x"}]}}, {"id": "c"}]}"#
                .utf8)
        var random = SplitMix(seed: 9)
        let alphabet = Array(#"{}[]:,"\ 0-1e.tfn#x"#.utf8) + [0x00, 0xFF, 0x0A]
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0..<random.next(upTo: 4) + 1 {
                let at = random.next(upTo: bytes.count)
                switch random.next(upTo: 3) {
                case 0: bytes[at] = alphabet[random.next(upTo: alphabet.count)]
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet[random.next(upTo: alphabet.count)], at: at)
                }
            }
            do {
                let (decoded, _) = try AdHocMenuDecoder.decode(bytes, defaults: MenuDefaults()) { $0 ?? "r" }
                #expect(!decoded.top.items.isEmpty)
            } catch {
                #expect(!error.problems.isEmpty && error.problems.allSatisfy(\.isError))
            }
        }
    }
}
