import PetalCore
import PetalJSON
import Testing

/// `appearance.interaction`, `hoverConfirm`, `gesture` and `turbo` (docs/configuration.md, "Pie gestures").
struct ConfigurationDecoderGestureTests {
    /// `{"appearance": {MEMBERS}}`.
    static func appearance(_ members: String) -> String { #"{"appearance": {\#(members)}}"# }

    @Test func defaultsArePieForARadialMenuAndKandosNumbers() throws {
        let appearance = try #require(expectValid("{}")).appearance
        #expect(appearance.interaction == nil)
        #expect(LayoutStyle.allCases.map(appearance.interactionMode(for:)) == [.point, .point, .pie, .point])
        #expect(!appearance.hoverConfirm && appearance.turbo)
        #expect(appearance.gesture == GestureTuning(minStroke: 150, turnAngle: 20, pauseMs: 100, jitter: 10))
        #expect(appearance.gesture.deadZone == nil)
    }

    @Test func everyKeyIsRead() throws {
        let config = try #require(
            expectValid(
                Self.appearance(
                    #"""
                    "interaction": "hover", "hoverConfirm": true, "turbo": false,
                    "gesture": {"minStroke": 90, "turnAngle": 35.5, "pauseMs": 250, "jitter": 0, "deadZone": 12}
                    """#)))
        let appearance = config.appearance
        #expect(appearance.interaction == .hover && appearance.hoverConfirm && !appearance.turbo)
        #expect(
            appearance.gesture == GestureTuning(minStroke: 90, turnAngle: 35.5, pauseMs: 250, jitter: 0, deadZone: 12))
        #expect(LayoutStyle.allCases.allSatisfy { appearance.interactionMode(for: $0) == .hover })
    }

    /// A menu's `gesture` overrides the numbers it names, over the top-level ones.
    @Test func aMenusGestureOverridesOnlyWhatItNames() throws {
        let config = try #require(
            expectValid(
                #"""
                {"appearance": {"gesture": {"pauseMs": 300}},
                 "menus": {"main": {"items": [{"id": "a", "action": "x.y"}],
                                    "appearance": {"interaction": "point", "gesture": {"minStroke": 80}}}}}
                """#))
        let main = config.main
        #expect(main.appearance.gesture == GestureTuning(minStroke: 80, pauseMs: 300))
        #expect(main.appearance.interaction == .point)
        #expect(config.defaults.appearance.gesture == GestureTuning(pauseMs: 300))
    }

    static let rules: [ProblemCase] = [
        ProblemCase(
            appearance(#""interaction": "flick""#), "appearance.interaction",
            #"expected "point", "pie" or "hover", found "flick""#, at: #""flick""#),
        ProblemCase(
            appearance(#""turbo": "yes""#), "appearance.turbo", #"expected true or false, found "yes""#,
            at: #""yes""#),
        ProblemCase(
            appearance(#""hoverConfirm": 1"#), "appearance.hoverConfirm", "expected true or false, found 1", at: "1"),
        ProblemCase(
            appearance(#""gesture": 150"#), "appearance.gesture", "expected an object, found 150", at: "150"),
        ProblemCase(
            appearance(#""gesture": {"minStroke": -1}"#), "appearance.gesture.minStroke",
            "expected a number of pixels from 0 to 4096, found -1", at: "-1"),
        ProblemCase(
            appearance(#""gesture": {"turnAngle": 0}"#), "appearance.gesture.turnAngle",
            "expected a number of degrees greater than 0 and at most 180, found 0", at: "0"),
        ProblemCase(
            appearance(#""gesture": {"pauseMs": 20000}"#), "appearance.gesture.pauseMs",
            "expected a number of milliseconds greater than 0 and at most 10000, found 20000", at: "20000"),
        ProblemCase(
            appearance(#""gesture": {"deadzone": 20}"#), "appearance.gesture.deadzone",
            #"unknown key, ignored (did you mean "deadZone"?); the keys known in appearance.gesture are "#
                + "minStroke, turnAngle, pauseMs, jitter, deadZone",
            at: "20", .warning),
    ]

    @Test(arguments: rules) func rejects(_ rule: ProblemCase) { expectOnlyProblem(rule) }

    /// What a file says is written back as it was read.
    @Test func theKeysAreWrittenBack() throws {
        let settings = AppearanceSettings(
            interaction: .hover, hoverConfirm: true, gesture: GestureTuning(minStroke: 99, deadZone: 7), turbo: false)
        let object = try #require(settings.jsonValue.objectValue)
        #expect(object["interaction"] == .string("hover"))
        #expect(object["hoverConfirm"] == .bool(true) && object["turbo"] == .bool(false))
        let gesture = try #require(object["gesture"]?.objectValue)
        #expect(gesture["minStroke"]?.doubleValue == 99 && gesture["deadZone"]?.doubleValue == 7)
        #expect(AppearanceSettings().jsonValue.objectValue?["interaction"] == nil, "the layout chooses")
        #expect(AppearanceSettings().jsonValue.objectValue?["gesture"]?.objectValue?["deadZone"] == nil)
        let text = #"{"appearance": \#(settings.jsonValue.jsonText)}"#
        #expect(try #require(expectValid(text)).appearance == settings)
    }
}
