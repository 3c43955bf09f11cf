import PetalCore
import PetalJSON
import Testing

/// Hostile configurations: each is refused (or accepted) with a sensible
/// message, never a crash, a hang or a flood of output.
struct ConfigurationDecoderHostileTests {
    static let wrongValues: [JSONValue] = [nil, true, 0, -1, 1.5, 1e300, "", "x", "NaN", [], [1], [:], ["a": 1]]

    /// Every key of every section, with every wrong type: an error at that key's
    /// path (or nothing, when the value happens to be valid), never anything else.
    @Test(arguments: [
        (
            "menu",
            [
                "layout", "spacing", "firstAngle", "angleInterval", "radius", "openDuration", "closeDuration",
                "closeOnActivate",
            ]
        ),
        ("plugins", ["paths", "disabled", "isolate", "settings"]),
        ("actions", ["timeout", "maxConcurrent"]),
    ])
    func wrongTypesInSections(_ section: String, _ keys: [String]) {
        for key in keys {
            for value in Self.wrongValues {
                let text = #"{"\#(section)": {"\#(key)": \#(value.jsonText)}}"#
                let problems = ConfigurationDecoder.decode(text).problems
                #expect(problems.count <= 1, "\(text)")
                for problem in problems {
                    #expect(problem.isError && problem.path.hasPrefix("\(section).\(key)"), "\(text): \(problem)")
                    #expect(problem.message.hasPrefix("expected "), "\(text): \(problem)")
                    #expect(problem.line == 1 && problem.column != nil, "\(text): \(problem)")
                }
            }
        }
    }

    @Test func wrongTypesInItems() {
        let keys = [
            "id", "title", "icon", "selectedIcon", "color", "action", "params", "toggle", "selected",
            "enabled", "keepOpen", "meta",
        ]
        for key in keys {
            for value in Self.wrongValues {
                var object: JSONObject = ["id": "i", "action": "a"]
                object[key] = value
                let text = JSONValue.object(["items": [.object(object)]]).jsonText
                for problem in ConfigurationDecoder.decode(text).problems {
                    #expect(problem.path == "items[0].\(key)", "\(text): \(problem)")
                    #expect(problem.message.hasPrefix("expected ") || problem.severity == .warning, "\(text)")
                }
            }
        }
        for value in Self.wrongValues where value.objectValue == nil && value.arrayValue == nil {
            let problems = ConfigurationDecoder.decode(#"{"items": \#(value.jsonText)}"#).problems
            #expect(problems.map(\.path) == ["items"])
            let inside = ConfigurationDecoder.decode(#"{"items": [\#(value.jsonText)]}"#).problems
            #expect(inside.map(\.path) == ["items[0]"])
        }
    }

    static let menuSectionKeys = [
        "layout", "spacing", "firstAngle", "angleInterval", "radius", "openDuration", "closeDuration",
        "closeOnActivate", "title", "items", "appearance",
    ]

    /// Every key of a menu section, wherever the section is, and an item's
    /// `submenu` and `key`, with every wrong type: errors at that key's path.
    @Test func wrongTypesInMenuSections() {
        let item: JSONValue = ["id": "i", "action": "a"]
        let places: [(path: String, wrap: (JSONObject) -> JSONValue)] = [
            ("menus.apps", { ["menus": ["apps": .object($0)]] }),
            ("menus.main", { ["menus": ["main": .object($0)]] }),
            ("items[0].submenu", { ["items": [["id": "s", "submenu": .object($0)]]] }),
        ]
        for (path, wrap) in places {
            for key in Self.menuSectionKeys {
                for value in Self.wrongValues {
                    var section: JSONObject = ["items": [item]]
                    section[key] = value
                    let text = wrap(section).jsonText
                    for problem in ConfigurationDecoder.decode(text).problems {
                        #expect(problem.path.hasPrefix("\(path).\(key)"), "\(text): \(problem)")
                        #expect(
                            problem.message.hasPrefix("expected ") || problem.message.hasPrefix("missing; ")
                                || problem.severity == .warning, "\(text): \(problem)")
                    }
                }
            }
        }
        for key in ["submenu", "key"] {
            for value in Self.wrongValues {
                var object: JSONObject = ["id": "i"]
                object[key] = value
                let text = JSONValue.object(["items": [.object(object)]]).jsonText
                for problem in ConfigurationDecoder.decode(text).problems {
                    #expect(problem.path.hasPrefix("items[0]"), "\(text): \(problem)")
                }
            }
        }
    }

    @Test func deepNestingIsASyntaxErrorAnywhere() {
        for prefix in ["", #"{"items": [{"id": "a", "action": "b", "params": "#, #"{"colour": "#] {
            let text = prefix + String(repeating: "[", count: 100_000)
            let problems = ConfigurationDecoder.decode(text).problems
            #expect(problems.count == 1)
            #expect(problems.first?.message == "invalid JSON: arrays and objects nested deeper than 128 levels")
        }
        let params = String(repeating: #"{"a": "#, count: 120) + "1" + String(repeating: "}", count: 120)
        #expect(expectValid(#"{"items": [{"id": "a", "action": "b", "params": \#(params)}]}"#)?.items.count == 1)
    }

    @Test func hugeNumbers() {
        let problems = ConfigurationDecoder.decode(#"{"menu": {"spacing": 1e400}}"#).problems
        #expect(problems.map(\.message) == ["invalid JSON: number 1e400 is out of range"])
        let digits = String(repeating: "9", count: 10_000)
        let big = ConfigurationDecoder.decode(#"{"actions": {"maxConcurrent": \#(digits)}}"#).problems
        #expect(big.count == 1)
        for key in ["openDuration", "firstAngle", "radius"] {
            #expect(ConfigurationDecoder.decode(#"{"menu": {"\#(key)": -1e308}}"#).errors.count == 1)
            #expect(ConfigurationDecoder.decode(#"{"menu": {"\#(key)": 5e-324}}"#).configuration != nil)
        }
    }

    @Test func tenThousandItems() {
        let items = (0..<10_000).map { #"{"id": "i\#($0)", "action": "a", "colour": 1}"# }.joined(separator: ",")
        let decoded = ConfigurationDecoder.decode(#"{"items": [\#(items)]}"#)
        #expect(decoded.configuration == nil)
        #expect(
            decoded.errors.first?.message
                == "expected at most 64 items, found 10000; a menu of layout \"list\" holds up to 100000")
        // Only the first 64 items are looked at, so the list stays short.
        #expect(decoded.problems.count == 65)
    }

    @Test func manyDuplicateIDsAreCapped() {
        let items = (0..<64).map { _ in #"{"id": "same", "action": "a", "selected": true}"# }
        let decoded = ConfigurationDecoder.decode(#"{"items": [\#(items.joined(separator: ","))]}"#)
        #expect(decoded.problems.count == ConfigurationDecoder.maximumProblems + 1)
        #expect(decoded.problems.first?.message == #""selected": true has no effect without "toggle": true"#)
    }

    @Test func twoMebibyteStrings() {
        let long = String(repeating: "x", count: 2 << 20)
        let title = ConfigurationDecoder.decode(item(#""title": "\#(long)""#)).problems
        #expect(title.map(\.message) == ["expected a title of at most 4096 bytes, found 2097152 bytes"])
        let key = ConfigurationDecoder.decode(#"{"menu": {"\#(long)": 1}}"#).problems
        #expect(key.map(\.path) == [#"menu["xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"]"#])
        #expect(key.first?.line == 1 && key.first?.column == 2_097_167)
        let layout = ConfigurationDecoder.decode(#"{"menu": {"layout": "\#(long)"}}"#).problems
        #expect(
            layout.map(\.message)
                == [
                    #"expected "linear", "stack", "radial" or "list", found "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…" (2097152 bytes)"#
                ])
    }

    @Test func duplicateKeysAreRefusedWherever() {
        for text in [
            #"{"menu": {"layout": "linear", "layout": "stack"}}"#,
            #"{"items": [{"id": "a", "id": "b", "action": "c"}]}"#,
        ] {
            let problems = ConfigurationDecoder.decode(text).problems
            #expect(problems.count == 1)
            #expect(problems.first?.message.hasPrefix("invalid JSON: duplicate key") == true)
        }
    }

    @Test func invalidUTF8AndStrayBytes() {
        let problems = ConfigurationDecoder.decode([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]).problems
        #expect(problems.map(\.message) == ["invalid JSON: invalid UTF-8 in a string"])
        #expect(
            ConfigurationDecoder.decode([0x00]).problems.first?.message
                == "invalid JSON: expected a value, found U+0000")
        #expect(
            ConfigurationDecoder.decode("{} {}").problems.first?.message
                == #"invalid JSON: unexpected "{" after the JSON value"#)
    }

    /// Random damage to a valid configuration never crashes the decoder, and a
    /// refused text always says why.
    @Test func mutatedConfigurationsNeverCrash() {
        let original = Array(MenuConfiguration.embeddedDefault.jsonValue.jsonText(pretty: true).utf8)
        var random = SplitMix(seed: 4)
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
            let decoded = ConfigurationDecoder.decode(bytes)
            #expect((decoded.configuration == nil) == !decoded.errors.isEmpty)
        }
    }
}

/// A small deterministic generator, so failures reproduce.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(upTo bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
