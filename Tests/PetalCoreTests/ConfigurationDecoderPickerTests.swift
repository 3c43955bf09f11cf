import PetalCore
import PetalJSON
import Testing

/// A menu section's `picker` (docs/configuration.md, "picker"): every key
/// read, each fault reported at its JSON path and left at its default, and
/// the section written back as it was read.
struct ConfigurationDecoderPickerTests {
    static func picker(_ members: String) -> String {
        ConfigurationDecoderMenusTests.menu("run", #""layout": "list", "picker": {\#(members)}"#)
    }

    @Test func everyKeyIsRead() throws {
        let decoded = ConfigurationDecoder.decode(
            Self.picker(
                #""prompt": "run", "message": "pick one", "filter": "fi", "selected": 2, "multi": true, "custom": false, "caseSensitive": true, "sort": "score", "keys": ["Alt+1", "Control+Delete"]"#
            ))
        #expect(decoded.problems.isEmpty, "\(decoded.problems)")
        let section = try #require(decoded.configuration?.section(named: "run"))
        var expected = PickerSettings()
        (expected.prompt, expected.message, expected.filter, expected.selected) = ("run", "pick one", "fi", 2)
        (expected.multi, expected.custom, expected.caseSensitive, expected.sort) = (true, false, true, .score)
        expected.customKeys = ["Alt+1", "Control+Delete"]
        #expect(section.picker == expected)
        #expect(section.settings.geometry.style == .list)
    }

    @Test func aMenuWithoutOneHasNoneAndCustomFollowsWhoMadeTheMenu() throws {
        let decoded = ConfigurationDecoder.decode(ConfigurationDecoderMenusTests.menu("run"))
        #expect(try #require(decoded.configuration?.section(named: "run")).picker == nil)
        let settings = PickerSettings()
        #expect(settings.acceptsCustom(isAdHoc: true) && !settings.acceptsCustom(isAdHoc: false))
        var refusing = PickerSettings()
        refusing.custom = false
        #expect(!refusing.acceptsCustom(isAdHoc: true))
    }

    static let faults: [ProblemCase] = [
        ProblemCase(
            Self.picker(#""prompt": 3"#), "menus.run.picker.prompt", "expected a prompt (a string), found 3", at: "3}"),
        ProblemCase(
            Self.picker(#""selected": -1"#), "menus.run.picker.selected",
            "expected a row number from 0 (the first row), found -1", at: "-1"),
        ProblemCase(
            Self.picker(#""multi": "yes""#), "menus.run.picker.multi", #"expected true or false, found "yes""#,
            at: #""yes""#),
        ProblemCase(
            Self.picker(#""sort": "best""#), "menus.run.picker.sort", #"expected "order" or "score", found "best""#,
            at: #""best""#),
        ProblemCase(
            Self.picker(#""keys": ["Alt+1", "Hyperspace+1"]"#), "menus.run.picker.keys[1]",
            #"expected a key such as "Alt+1" or "Control+Delete" (modifiers Control, Ctrl, Alt, Shift, Super, Meta, Hyper joined by "+" before a key name), found "Hyperspace+1""#,
            at: #""Hyperspace+1""#),
        ProblemCase(
            Self.picker(#""keys": [\#((1...20).map { #""F\#($0)""# }.joined(separator: ", "))]"#),
            "menus.run.picker.keys", "expected at most 19 keys, found 20", at: #"["F1""#),
        ProblemCase(
            Self.picker(#""prompt": "\#(String(repeating: "p", count: 4097))""#), "menus.run.picker.prompt",
            "expected a prompt of at most 4096 bytes, found 4097 bytes", at: #""ppp"#),
        ProblemCase(
            Self.picker(#""mutli": true"#), "menus.run.picker.mutli",
            #"unknown key, ignored (did you mean "multi"?); the keys known in menus.run.picker are prompt, message, filter, selected, multi, custom, caseSensitive, sort, keys"#,
            at: "true", .warning),
        ProblemCase(
            ConfigurationDecoderMenusTests.menu("run", #""picker": []"#), "menus.run.picker",
            "expected an object, found an array", at: "[]"),
    ]

    @Test(arguments: faults) func refuses(_ fault: ProblemCase) { expectOnlyProblem(fault) }

    @Test func aPickerIsWrittenBackAsItWasRead() throws {
        let json = Self.picker(#""prompt": "run", "multi": true, "custom": true, "keys": ["Alt+1"], "sort": "score""#)
        let configuration = try #require(ConfigurationDecoder.decode(json).configuration)
        let again = ConfigurationDecoder.decode(configuration.jsonValue.jsonText(pretty: true))
        #expect(again.problems.isEmpty, "\(again.problems)")
        #expect(again.configuration?.section(named: "run")?.picker == configuration.section(named: "run")?.picker)
    }

    @Test func aListMenuHoldsAHundredThousandItemsAndNoMore() {
        func list(_ count: Int) -> String {
            let items = (0..<count).map { #"{"id": "r\#($0)", "action": "a.b"}"# }.joined(separator: ",")
            return #"{"menus": {"rows": {"layout": "list", "items": [\#(items)]}}}"#
        }
        let full = ConfigurationDecoder.decode(list(Limits.listMenuItems))
        #expect(full.problems.isEmpty, "\(full.problems.prefix(3))")
        #expect(full.configuration?.section(named: "rows")?.items.count == 100_000)
        let over = ConfigurationDecoder.decode(list(Limits.listMenuItems + 1))
        #expect(over.errors.map(\.message) == ["expected 1 to 100000 items, found 100001"])
    }
}
