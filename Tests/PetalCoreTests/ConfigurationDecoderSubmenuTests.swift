import PetalCore
import PetalJSON
import Testing

/// Submenus (by name and written in place), keys, cycles and chains
/// (docs/configuration.md), each rule with its exact path and message.
struct ConfigurationDecoderSubmenuTests {
    /// `{"items": [ITEM], "menus": {"apps": a menu of one item}}`.
    static func withApps(_ item: String) -> String {
        #"{"items": [\#(item)], "menus": {"apps": {"items": [{"id": "web", "action": "open.uri"}]}}}"#
    }

    static let keyRule = #"expected a key of one character such as "s", found"#

    static let submenuRules: [ProblemCase] = [
        ProblemCase(
            withApps(#"{"id": "i", "action": "a.b", "submenu": "apps"}"#), "items[0]",
            "expected either an action or a submenu, found both", at: #"{"id": "i""#),
        ProblemCase(
            withApps(#"{"id": "i", "submenu": "aps"}"#), "items[0].submenu",
            #"expected the name of a menu, found "aps" (did you mean "apps"?); the menus are main, apps"#,
            at: #""aps""#),
        ProblemCase(
            #"{"items": [{"id": "i", "submenu": "zzzzzz"}]}"#, "items[0].submenu",
            #"expected the name of a menu, found "zzzzzz"; the menus are main"#, at: #""zzzzzz""#),
        ProblemCase(
            #"{"items": [{"id": "i", "submenu": {"items": [{"id": "a", "action": "a"}]}}, {"id": "j", "submenu": "main/i"}]}"#,
            "items[1].submenu",
            #"expected the name of a menu, found "main/i" (did you mean "main"?); the menus are main"#,
            at: #""main/i""#),
        ProblemCase(
            #"{"items": [{"id": "i", "submenu": 3}]}"#, "items[0].submenu",
            #"expected the name of a menu such as "apps", or a menu section (an object with items), found 3"#,
            at: "3"),
        ProblemCase(
            #"{"items": [{"id": "i", "submenu": ["apps"]}]}"#, "items[0].submenu",
            #"expected the name of a menu such as "apps", or a menu section (an object with items), found an array"#,
            at: #"["apps"]"#),
        ProblemCase(
            #"{"items": [{"id": "i", "submenu": {}}]}"#, "items[0].submenu.items",
            "missing; every menu needs 1 to 64 items", at: "{}"),
        ProblemCase(
            #"{"items": [{"id": "i", "submenu": {"items": [{"id": "j"}]}}]}"#, "items[0].submenu.items[0].action",
            #"missing; every item needs an action such as "camera.open" or a submenu"#, at: #"{"id": "j""#),
        ProblemCase(
            #"{"items": [{"id": "i", "submenu": {"items": [{"id": "j", "action": "a"}], "layout": "ring"}}]}"#,
            "items[0].submenu.layout", #"expected "linear", "stack", "radial" or "list", found "ring""#, at: #""ring""#),
        ProblemCase(
            withApps(#"{"id": "a/b", "submenu": "apps"}"#), "items[0].id",
            #"expected an id without "/" for an item with a submenu, found "a/b""#, at: #""a/b""#),
        ProblemCase(
            withApps(#"{"id": "i", "submenu": "apps", "params": {"x": 1}}"#), "items[0].params",
            #""params" has no effect on an item with a submenu, which runs no action"#, at: #"{"x""#, .warning),
    ]

    @Test(arguments: submenuRules) func submenus(_ rule: ProblemCase) { expectOnlyProblem(rule) }

    static let keyRules: [ProblemCase] =
        [
            (#""ab""#, #""ab""#), (#""""#, #""""#), ("3", "3"), ("null", "null"), (#"["s"]"#, "an array"),
            (#""\n""#, #""\n""#), (#""\u0000""#, #""\u0000""#),
        ].map { value, found in
            ProblemCase(item(#""key": \#(value)"#), "items[0].key", keyRule + " " + found, at: value)
        } + [
            ProblemCase(
                #"{"items": [{"id": "a", "action": "x", "key": "s"}, {"id": "b", "action": "y", "key": "s"}]}"#,
                "items[1].key", #"expected a unique key, found "s", which items[0] has too"#, at: #""s""#),
            ProblemCase(
                #"{"items": [{"id": "i", "submenu": {"items": [{"id": "a", "action": "x", "key": "k"}, {"id": "b", "action": "y", "key": "k"}]}}]}"#,
                "items[0].submenu.items[1].key",
                #"expected a unique key, found "k", which items[0].submenu.items[0] has too"#,
                at: #""k""#),
        ]

    @Test(arguments: keyRules) func keys(_ rule: ProblemCase) { expectOnlyProblem(rule) }

    @Test func aKeyIsOneCharacter() throws {
        for key in ["s", "S", "1", " ", "é", "e\u{301}", "👍", "🇫🇷"] {
            let config = try #require(
                expectValid(JSONValue.object(["items": [["id": "i", "action": "a", "key": .string(key)]]]).jsonText))
            #expect(config.items.first?.key == key)
        }
        let cased = expectValid(
            #"{"items": [{"id": "a", "action": "x", "key": "s"}, {"id": "b", "action": "y", "key": "S"}]}"#)
        #expect(cased?.items.map(\.key) == ["s", "S"])
        let twoMenus = expectValid(
            #"{"items": [{"id": "a", "action": "x", "key": "s"}], "menus": {"m": {"items": [{"id": "a", "action": "x", "key": "s"}]}}}"#
        )
        #expect(twoMenus?.menus.map { $0.items.first?.key } == ["s", "s"])
        // Canonically equivalent characters are the same key.
        let same = ConfigurationDecoder.decode(
            JSONValue.object([
                "items": [["id": "a", "action": "x", "key": "é"], ["id": "b", "action": "y", "key": "e\u{301}"]]
            ])
            .jsonText)
        #expect(same.problems.map(\.path) == ["items[1].key"])
    }

    @Test func itemsSayWhatTheyDo() throws {
        let config = try #require(
            expectValid(
                #"{"items": [{"id": "apps", "submenu": "apps", "key": "a"}, {"id": "x", "action": "x.y"}, {"id": "more", "submenu": {"items": [{"id": "z", "action": "z"}]}}], "menus": {"apps": {"items": [{"id": "web", "action": "open.uri"}]}}}"#
            ))
        #expect(config.items.map(\.kind) == [.submenu, .action, .submenu])
        #expect(config.items.map(\.submenu) == ["apps", nil, "main/more"])
        #expect(config.items.map(\.action) == ["", "x.y", ""])
        #expect(config.items.map(\.key) == ["a", nil, nil])
        let inPlace = try #require(config.section(named: "main/more"))
        #expect(inPlace.title == "main/more" && inPlace.items.map(\.id) == ["z"])
        #expect(config.main.submenus == ["apps", "main/more"])
    }

    // MARK: - Cycles

    static let cycle = "expected a submenu that does not lead back to its own menu, found the cycle"

    static let cycles: [ProblemCase] = [
        ProblemCase(
            #"{"items": [{"id": "m", "submenu": "main"}]}"#, "items[0].submenu", cycle + " main → main",
            at: #""main""#),
        ProblemCase(
            #"{"items": [{"id": "apps", "submenu": "apps"}], "menus": {"apps": {"items": [{"id": "back", "submenu": "main"}]}}}"#,
            "menus.apps.items[0].submenu", cycle + " main → apps → main", at: #""main""#),
        ProblemCase(
            #"{"menus": {"apps": {"items": [{"id": "x", "submenu": {"items": [{"id": "up", "submenu": "apps"}]}}]}}}"#,
            "menus.apps.items[0].submenu.items[0].submenu", cycle + " apps → apps/x → apps", at: #""apps"}"#),
        // Menus that main never opens are checked too.
        ProblemCase(
            #"{"menus": {"a": {"items": [{"id": "b", "submenu": "b"}]}, "b": {"items": [{"id": "a", "submenu": "a"}]}}}"#,
            "menus.b.items[0].submenu", cycle + " a → b → a", at: #""a"}"#),
    ]

    @Test(arguments: cycles) func cyclesAreRefused(_ rule: ProblemCase) { expectOnlyProblem(rule) }

    @Test func aLongCycleIsNamedWithItsMiddleLeftOut() {
        let menus = (0..<20).map { #""m\#($0)": {"items": [{"id": "next", "submenu": "m\#(($0 + 1) % 20)"}]}"# }
        let decoded = ConfigurationDecoder.decode(#"{"menus": {\#(menus.joined(separator: ", "))}}"#)
        // Without the submenu that closes it, the cycle is also a chain too long.
        #expect(decoded.problems.map(\.path) == ["menus.m7.items[0].submenu", "menus.m19.items[0].submenu"])
        #expect(
            decoded.problems.last?.message
                == Self.cycle + " m0 → m1 → m2 → m3 → m4 → m5 → … → m15 → m16 → m17 → m18 → m19 → m0")
    }

    @Test func aMenuOpenedFromTwoPlacesIsNoCycle() throws {
        let config = try #require(
            expectValid(
                #"{"items": [{"id": "a", "submenu": "a"}, {"id": "b", "submenu": "b"}], "menus": {"a": {"items": [{"id": "c", "submenu": "c"}]}, "b": {"items": [{"id": "c", "submenu": "c"}]}, "c": {"items": [{"id": "x", "action": "x"}]}}}"#
            ))
        #expect(config.menus.map(\.name) == ["main", "a", "b", "c"])
    }

    // MARK: - Chains

    /// Named menus `m1` → `m2` → … → `m<count>`.
    static func namedChain(_ count: Int) -> String {
        let menus = (1...count).map { index in
            let item =
                index == count ? #"{"id": "x", "action": "x"}"# : #"{"id": "next", "submenu": "m\#(index + 1)"}"#
            return #""m\#(index)": {"items": [\#(item)]}"#
        }
        return #"{"menus": {\#(menus.joined(separator: ", "))}}"#
    }

    /// Main and menus written in place in it, `count` menus in all.
    static func inPlaceChain(_ count: Int) -> String {
        var section = #"{"items": [{"id": "x", "action": "x"}]}"#
        for _ in 1..<count { section = #"{"items": [{"id": "a", "submenu": \#(section)}]}"# }
        return section
    }

    static let tooLong = "expected a chain of at most 8 menus, found 9:"

    @Test func eightMenusInAChainAndNoMore() {
        #expect(expectValid(Self.namedChain(8))?.menus.count == 9)
        expectOnlyProblem(
            ProblemCase(
                Self.namedChain(9), "menus.m8.items[0].submenu",
                Self.tooLong + " m1 → m2 → m3 → m4 → m5 → m6 → m7 → m8 → m9", at: #""m9"}"#))
        #expect(expectValid(Self.inPlaceChain(8))?.menus.count == 8)
        expectOnlyProblem(
            ProblemCase(
                Self.inPlaceChain(9), Array(repeating: "items[0].submenu", count: 8).joined(separator: "."),
                Self.tooLong + " main → main/a → main/a/a → main/a/a/a → main/a/a/a/a → main/a/a/a/a/a → "
                    + "main/a/a/a/a/a/a → main/a/a/a/a/a/a/a → main/a/a/a/a/a/a/a/a",
                at: #"{"items": [{"id": "x""#))
    }

    @Test func chainsMixNamedMenusAndMenusWrittenInPlace() {
        // main → m1 (named) → m1/a → m1/a/a, then named m2 … m6: 10 menus.
        let text = #"""
            {"items": [{"id": "go", "submenu": "m1"}],
             "menus": {"m1": {"items": [{"id": "a", "submenu": {"items": [{"id": "a", "submenu": {"items": [{"id": "n", "submenu": "m2"}]}}]}}]},
                       "m2": {"items": [{"id": "n", "submenu": "m3"}]}, "m3": {"items": [{"id": "n", "submenu": "m4"}]},
                       "m4": {"items": [{"id": "n", "submenu": "m5"}]}, "m5": {"items": [{"id": "n", "submenu": "m6"}]},
                       "m6": {"items": [{"id": "x", "action": "x"}]}}}
            """#
        let decoded = ConfigurationDecoder.decode(text)
        #expect(decoded.problems.map(\.path) == ["menus.m5.items[0].submenu"])
        #expect(
            decoded.problems.first?.message
                == Self.tooLong + " main → m1 → m1/a → m1/a/a → m2 → m3 → m4 → m5 → m6")
        #expect(decoded.problems.first?.line == 4)
    }

    @Test func aCycleAndATooLongChainAreBothReported() {
        let text =
            #"{"items": [{"id": "m", "submenu": "main"}, {"id": "c", "submenu": "m1"}], "menus": {\#(Self.namedChain(9).dropFirst(11).dropLast(1))}"#
        let decoded = ConfigurationDecoder.decode(text)
        #expect(
            decoded.problems.map(\.path) == ["items[0].submenu", "menus.m7.items[0].submenu"], "\(decoded.problems)")
    }

    @Test func thousandsOfUnknownNamesAreReportedQuickly() {
        let menus = (0..<5_000).map { #""m\#($0)": {"items": [{"id": "x", "submenu": "n\#($0)"}]}"# }
        let clock = ContinuousClock()
        var decoded: ConfigurationDecoding?
        let elapsed = clock.measure {
            decoded = ConfigurationDecoder.decode(#"{"menus": {\#(menus.joined(separator: ", "))}}"#)
        }
        #expect(
            decoded?.problems.first?.message
                == #"expected the name of a menu, found "n0"; the menus are main, m0, m1, m2, m3, m4, m5, m6, m7, "#
                + "m8, m9, m10, m11, m12, m13, m14, m15, m16, m17, m18 and 4981 more")
        #expect(elapsed < .seconds(10))
    }

    @Test func thousandsOfMenusAreCheckedQuickly() {
        // A chain of 5000 menus, each also opening the first: many cycles, one long chain.
        let menus = (0..<5_000).map { index in
            #""m\#(index)": {"items": [{"id": "next", "submenu": "m\#(min(index + 1, 4_999))"}, {"id": "first", "submenu": "m0"}]}"#
        }
        let clock = ContinuousClock()
        var decoded: ConfigurationDecoding?
        let elapsed = clock.measure {
            decoded = ConfigurationDecoder.decode(#"{"menus": {\#(menus.joined(separator: ", "))}}"#)
        }
        #expect(decoded?.configuration == nil)
        #expect(decoded?.problems.count == ConfigurationDecoder.maximumProblems + 1)
        #expect(elapsed < .seconds(10))
    }
}
