import PetalCore
import PetalJSON
import Testing

/// The `appearance` section (docs/configuration.md): defaults, every key, every rule.
struct ConfigurationDecoderAppearanceTests {
    static let size = "expected a number of pixels greater than 0 and at most 512, found"
    static let colour = ##"expected a colour such as "#ef5285" or "#ef5285cc", found"##
    static let margin = "expected an array of two numbers of pixels [x, y], each from 0 to 10000, found"
    static let pixels = "expected a number of pixels from 0 to 10000, found"
    static let anchor =
        #"expected "bottom-right", "bottom-left", "top-right", "top-left", "center" or "pointer", found"#

    /// `{"appearance": {MEMBERS}}`.
    static func appearance(_ members: String) -> String { #"{"appearance": {\#(members)}}"# }

    @Test func absentSectionGivesTheSpecDefaults() throws {
        let config = try #require(expectValid("{}"))
        let appearance = config.appearance
        #expect(appearance.anchor == .bottomRight)
        #expect(appearance.margin == Margin(x: 16, y: 32))
        #expect(appearance.buttonSize == 60 && appearance.itemSize == 60)
        #expect(appearance.buttonColor == "#ef5285" && appearance.iconColor == "#ffffff")
        #expect(appearance.buttonIcon == "list-add")
        #expect(appearance.springDamping == 0.75 && appearance.springVelocity == 1.0 && appearance.pressScale == 0.95)
        #expect(appearance.backdrop == "" && appearance.shadow)
        #expect(appearance.restingButton)
        #expect(appearance.labels == nil && appearance.font == "")
        #expect(appearance.width == 640 && appearance.lines == 15)
        #expect(try #require(expectValid(#"{"appearance": {}}"#)).appearance == AppearanceSettings())
    }

    @Test func everyKeyIsRead() throws {
        let config = try #require(
            expectValid(
                Self.appearance(
                    #"""
                    "anchor": "top-left", "margin": [0, 10000], "buttonSize": 512, "itemSize": 0.5,
                    "buttonColor": "#112233", "buttonIcon": "/usr/share/icons/plus.svg", "iconColor": "#AABBCCDD",
                    "springDamping": 1, "springVelocity": -100, "pressScale": 0.5, "backdrop": "#00000080", "shadow": false,
                    "restingButton": false, "labels": "always", "font": "Noto Sans CJK JP, Bold 11.5", "width": 160,
                    "lines": 100
                    """#)))
        #expect(
            config.appearance
                == AppearanceSettings(
                    anchor: .topLeft, margin: Margin(x: 0, y: 10000), buttonSize: 512, itemSize: 0.5,
                    buttonColor: "#112233", buttonIcon: "/usr/share/icons/plus.svg", iconColor: "#AABBCCDD",
                    springDamping: 1, springVelocity: -100, pressScale: 0.5, backdrop: "#00000080", shadow: false,
                    restingButton: false, labels: .always, font: "Noto Sans CJK JP, Bold 11.5", width: 160, lines: 100))
    }

    /// `labels` by default follows the layout: always beside a stack's
    /// column, on hover for a row and an arc; a given mode wins.
    @Test func labelsFollowTheLayoutUnlessGiven() throws {
        let defaults = LayoutStyle.allCases.map { AppearanceSettings().labelMode(for: $0) }
        #expect(defaults == [.hover, .always, .hover, .always])
        for mode in LabelMode.allCases {
            let config = try #require(expectValid(Self.appearance(#""labels": "\#(mode.rawValue)""#)))
            #expect(LayoutStyle.allCases.allSatisfy { config.appearance.labelMode(for: $0) == mode })
        }
        let desktops = try #require(expectValid(Self.appearance(#""font": """#)))
        #expect(desktops.appearance.font == "", "the desktop's font")
    }

    @Test(arguments: Anchor.allCases)
    func everyAnchorIsAccepted(_ anchor: Anchor) throws {
        let config = try #require(expectValid(Self.appearance(#""anchor": "\#(anchor.rawValue)""#)))
        #expect(config.appearance.anchor == anchor)
    }

    @Test func emptyBackdropMeansNone() throws {
        let config = try #require(expectValid(Self.appearance(#""backdrop": """#)))
        #expect(config.appearance.backdrop == "")
    }

    static let rules: [ProblemCase] = [
        ProblemCase(#"{"appearance": []}"#, "appearance", "expected an object, found an array", at: "[]"),
        ProblemCase(appearance(#""anchor": "bottom""#), "appearance.anchor", anchor + #" "bottom""#, at: #""bottom""#),
        ProblemCase(appearance(#""anchor": "Center""#), "appearance.anchor", anchor + #" "Center""#, at: #""Center""#),
        ProblemCase(appearance(#""anchor": 1"#), "appearance.anchor", anchor + " 1", at: "1"),
        ProblemCase(appearance(#""margin": 16"#), "appearance.margin", margin + " 16", at: "16"),
        ProblemCase(
            appearance(#""margin": [16]"#), "appearance.margin", margin + " an array of 1 element",
            at: "[16]"),
        ProblemCase(
            appearance(#""margin": [1, 2, 3]"#), "appearance.margin", margin + " an array of 3 elements",
            at: "[1, 2, 3]"),
        ProblemCase(appearance(#""margin": [16, -1]"#), "appearance.margin[1]", pixels + " -1", at: "-1"),
        ProblemCase(appearance(#""margin": ["16", 32]"#), "appearance.margin[0]", pixels + #" "16""#, at: #""16""#),
        ProblemCase(appearance(#""margin": [16, 10001]"#), "appearance.margin[1]", pixels + " 10001", at: "10001"),
        ProblemCase(appearance(#""buttonSize": 0"#), "appearance.buttonSize", size + " 0", at: "0"),
        ProblemCase(appearance(#""buttonSize": 513"#), "appearance.buttonSize", size + " 513", at: "513"),
        ProblemCase(appearance(#""buttonSize": "60""#), "appearance.buttonSize", size + #" "60""#, at: #""60""#),
        ProblemCase(appearance(#""itemSize": -60"#), "appearance.itemSize", size + " -60", at: "-60"),
        ProblemCase(appearance(#""itemSize": null"#), "appearance.itemSize", size + " null", at: "null"),
        ProblemCase(appearance(#""buttonColor": """#), "appearance.buttonColor", colour + #" """#, at: #""""#),
        ProblemCase(
            appearance(#""buttonColor": "red""#), "appearance.buttonColor", colour + #" "red""#,
            at: #""red""#),
        ProblemCase(
            appearance(##""iconColor": "#fff""##), "appearance.iconColor", colour + ##" "#fff""##,
            at: ##""#fff""##),
        ProblemCase(
            appearance(#""iconColor": 16777215"#), "appearance.iconColor", colour + " 16777215",
            at: "16777215"),
        ProblemCase(
            appearance(#""backdrop": "grey""#), "appearance.backdrop",
            ##"expected "" (none) or a colour such as "#00000080", found "grey""##, at: #""grey""#),
        ProblemCase(
            appearance(#""backdrop": false"#), "appearance.backdrop",
            ##"expected "" (none) or a colour such as "#00000080", found false"##, at: "false"),
        ProblemCase(
            appearance(#""buttonIcon": """#), "appearance.buttonIcon",
            #"expected an icon name or path such as "list-add", found """#, at: #""""#),
        ProblemCase(
            appearance(#""buttonIcon": 3"#), "appearance.buttonIcon",
            #"expected an icon name or path such as "list-add", found 3"#, at: "3"),
        ProblemCase(
            appearance(#""buttonIcon": "a\nb""#), "appearance.buttonIcon",
            #"expected an icon name or path without control characters, found "a\nb""#, at: #""a\n"#),
        ProblemCase(
            appearance(#""buttonIcon": "\#(String(repeating: "i", count: 4097))""#), "appearance.buttonIcon",
            "expected an icon name or path of at most 4096 bytes, found 4097 bytes", at: #""iii"#),
        ProblemCase(
            appearance(#""springDamping": 0"#), "appearance.springDamping",
            "expected a damping ratio greater than 0 and at most 1, found 0", at: "0"),
        ProblemCase(
            appearance(#""springDamping": 1.5"#), "appearance.springDamping",
            "expected a damping ratio greater than 0 and at most 1, found 1.5", at: "1.5"),
        ProblemCase(
            appearance(#""springVelocity": 100.5"#), "appearance.springVelocity",
            "expected a number from -100 to 100, found 100.5", at: "100.5"),
        ProblemCase(
            appearance(#""springVelocity": "fast""#), "appearance.springVelocity",
            #"expected a number from -100 to 100, found "fast""#, at: #""fast""#),
        ProblemCase(
            appearance(#""pressScale": 0"#), "appearance.pressScale",
            "expected a scale greater than 0 and at most 1, found 0", at: "0"),
        ProblemCase(
            appearance(#""pressScale": 1.05"#), "appearance.pressScale",
            "expected a scale greater than 0 and at most 1, found 1.05", at: "1.05"),
        ProblemCase(
            appearance(#""shadow": "yes""#), "appearance.shadow", #"expected true or false, found "yes""#,
            at: #""yes""#),
        ProblemCase(
            appearance(#""restingButton": "false""#), "appearance.restingButton",
            #"expected true or false, found "false""#, at: #""false""#),
        ProblemCase(
            appearance(#""restingButton": 0"#), "appearance.restingButton", "expected true or false, found 0",
            at: "0"),
        ProblemCase(
            appearance(#""labels": "sometimes""#), "appearance.labels",
            #"expected "hover", "always" or "none", found "sometimes""#, at: #""sometimes""#),
        ProblemCase(
            appearance(#""labels": false"#), "appearance.labels", #"expected "hover", "always" or "none", found false"#,
            at: "false"),
        ProblemCase(
            appearance(#""width": 159.5"#), "appearance.width",
            "expected a number of logical pixels from 160 to 10000, found 159.5", at: "159.5"),
        ProblemCase(
            appearance(#""width": "wide""#), "appearance.width",
            #"expected a number of logical pixels from 160 to 10000, found "wide""#, at: #""wide""#),
        ProblemCase(
            appearance(#""lines": 0"#), "appearance.lines", "expected a whole number of rows from 1 to 100, found 0",
            at: "0"),
        ProblemCase(
            appearance(#""lines": 101"#), "appearance.lines",
            "expected a whole number of rows from 1 to 100, found 101", at: "101"),
        ProblemCase(
            appearance(#""lines": 2.5"#), "appearance.lines",
            "expected a whole number of rows from 1 to 100, found 2.5", at: "2.5"),
        ProblemCase(
            appearance(#""font": 11"#), "appearance.font",
            #"expected a Pango font description such as "Sans Bold 11", found 11"#, at: "11"),
        ProblemCase(
            appearance(#""font": "Sans\tBold""#), "appearance.font",
            #"expected a Pango font description without control characters, found "Sans\tBold""#, at: #""Sans"#),
        ProblemCase(
            appearance(#""font": "\#(String(repeating: "f", count: 257))""#), "appearance.font",
            "expected a Pango font description of at most 256 bytes, found 257 bytes", at: #""fff"#),
        ProblemCase(
            appearance(#""shadows": true"#), "appearance.shadows",
            #"unknown key, ignored (did you mean "shadow"?); the keys known in appearance are "#
                + "anchor, margin, buttonSize, itemSize, buttonColor, buttonIcon, iconColor, "
                + "springDamping, springVelocity, pressScale, backdrop, shadow, restingButton, labels, font, "
                + "interaction, hoverConfirm, gesture, turbo, width, lines",
            at: "true", .warning),
        ProblemCase(
            #"{"apperance": {}}"#, "apperance",
            #"unknown key, ignored (did you mean "appearance"?); the keys known at the top level are "#
                + "menu, items, menus, plugins, actions, appearance",
            at: "{}", .warning),
    ]

    @Test(arguments: rules) func rejects(_ rule: ProblemCase) { expectOnlyProblem(rule) }

    @Test func everyBadValueIsReportedNotJustTheFirst() {
        let decoded = ConfigurationDecoder.decode(Self.appearance(#""buttonSize": 0, "margin": [-1, -2], "shadow": 1"#))
        #expect(decoded.configuration == nil)
        #expect(
            decoded.problems.map(\.path) == [
                "appearance.buttonSize", "appearance.margin[0]", "appearance.margin[1]", "appearance.shadow",
            ])
    }

    @Test func roundTrips() throws {
        var config = MenuConfiguration()
        config.appearance = AppearanceSettings(
            anchor: .pointer, margin: Margin(x: 2.5, y: 0), buttonSize: 48, itemSize: 40.25,
            buttonColor: "#123456", buttonIcon: "open-menu", iconColor: "#000000cc",
            springDamping: 0.5, springVelocity: -3.5, pressScale: 0.9, backdrop: "#80808080", shadow: false,
            restingButton: false, labels: .never, font: "Serif 12", interaction: .point, hoverConfirm: true,
            gesture: GestureTuning(jitter: 4, deadZone: 20), turbo: false,
            width: 812.5, lines: 7)
        let text = config.jsonValue.jsonText(pretty: true)
        #expect(try #require(expectValid(text)) == config)
    }

    @Test func defaultsAreWrittenAsTheSpecShowsThem() {
        #expect(
            MenuConfiguration.embeddedDefault.jsonValue["appearance"] == [
                "anchor": "bottom-right", "margin": [16, 32], "buttonSize": 60, "itemSize": 60,
                "buttonColor": "#ef5285", "buttonIcon": "list-add", "iconColor": "#ffffff",
                "springDamping": 0.75, "springVelocity": 1, "pressScale": 0.95, "backdrop": "", "shadow": true,
                "restingButton": true, "font": "", "hoverConfirm": false,
                "gesture": ["minStroke": 150, "turnAngle": 20, "pauseMs": 100, "jitter": 10], "turbo": true,
                "width": 640, "lines": 15,
            ])
        // `labels` and `interaction` are left out: the layout chooses.
        #expect(
            MenuConfiguration.embeddedDefault.jsonValue["appearance"]?.objectValue?.keys
                == ConfigurationDecoder.appearanceKeys.filter { $0 != "labels" && $0 != "interaction" })
    }
}
