import PetalCore
import Testing

/// Every validation rule of docs/configuration.md, each with its exact path, message and place.
struct ConfigurationDecoderTests {
    static let distance = "expected a number of pixels greater than 0 and at most 10000, found"
    static let angle = "expected a number of degrees from -360 to 360, found"
    static let seconds = "expected a number of seconds from 0 to 60, found"
    static let flag = "expected true or false, found"
    static let layout = #"expected "linear", "stack", "radial" or "list", found"#

    static let documentRules: [ProblemCase] = [
        ProblemCase("[1, 2]", "", "expected a JSON object at the top level, found an array", at: "[1"),
        ProblemCase(#""menu""#, "", #"expected a JSON object at the top level, found "menu""#, at: #""menu""#),
        ProblemCase("null", "", "expected a JSON object at the top level, found null", at: "null"),
        ProblemCase(#"{"menu": {]}"#, "", #"invalid JSON: expected a string key or "}", found "]""#, at: "]"),
        ProblemCase(
            #"{"menu": {}, "menu": {}}"#, "", #"invalid JSON: duplicate key "menu" in an object"#, at: #""menu""#),
        ProblemCase(#"{"menu": {"spacing": NaN}}"#, "", #"invalid JSON: expected a value, found "N""#, at: "NaN"),
        ProblemCase("", "", "invalid JSON: expected a value, found end of input", at: ""),
    ]

    static let menuRules: [ProblemCase] = [
        ProblemCase(#"{"menu": 3}"#, "menu", "expected an object, found 3", at: "3"),
        ProblemCase(#"{"menu": {"layout": "circle"}}"#, "menu.layout", layout + #" "circle""#, at: #""circle""#),
        ProblemCase(#"{"menu": {"layout": "Radial"}}"#, "menu.layout", layout + #" "Radial""#, at: #""Radial""#),
        ProblemCase(#"{"menu": {"layout": 1}}"#, "menu.layout", layout + " 1", at: "1"),
        ProblemCase(#"{"menu": {"spacing": 0}}"#, "menu.spacing", distance + " 0", at: "0"),
        ProblemCase(#"{"menu": {"spacing": -5}}"#, "menu.spacing", distance + " -5", at: "-5"),
        ProblemCase(#"{"menu": {"spacing": "80"}}"#, "menu.spacing", distance + #" "80""#, at: #""80""#),
        ProblemCase(#"{"menu": {"spacing": 10000.5}}"#, "menu.spacing", distance + " 10000.5", at: "10000.5"),
        ProblemCase(#"{"menu": {"spacing": 1e308}}"#, "menu.spacing", distance + " 1e+308", at: "1e308"),
        ProblemCase(#"{"menu": {"radius": 0.0}}"#, "menu.radius", distance + " 0.0", at: "0.0"),
        ProblemCase(#"{"menu": {"radius": null}}"#, "menu.radius", distance + " null", at: "null"),
        ProblemCase(#"{"menu": {"firstAngle": 400}}"#, "menu.firstAngle", angle + " 400", at: "400"),
        ProblemCase(#"{"menu": {"firstAngle": "NaN"}}"#, "menu.firstAngle", angle + #" "NaN""#, at: #""NaN""#),
        ProblemCase(#"{"menu": {"angleInterval": -361}}"#, "menu.angleInterval", angle + " -361", at: "-361"),
        ProblemCase(
            #"{"menu": {"angleInterval": "Infinity"}}"#, "menu.angleInterval", angle + #" "Infinity""#,
            at: #""Infinity""#),
        ProblemCase(#"{"menu": {"openDuration": -0.1}}"#, "menu.openDuration", seconds + " -0.1", at: "-0.1"),
        ProblemCase(#"{"menu": {"openDuration": "0.3"}}"#, "menu.openDuration", seconds + #" "0.3""#, at: #""0.3""#),
        ProblemCase(#"{"menu": {"closeDuration": 61}}"#, "menu.closeDuration", seconds + " 61", at: "61"),
        ProblemCase(#"{"menu": {"closeDuration": [0.3]}}"#, "menu.closeDuration", seconds + " an array", at: "[0.3]"),
        ProblemCase(#"{"menu": {"closeOnActivate": "yes"}}"#, "menu.closeOnActivate", flag + #" "yes""#, at: #""yes""#),
        ProblemCase(#"{"menu": {"closeOnActivate": 1}}"#, "menu.closeOnActivate", flag + " 1", at: "1"),
    ]

    static let itemRules: [ProblemCase] =
        [
            ProblemCase(#"{"items": {}}"#, "items", "expected an array of items, found an object", at: "{}"),
            ProblemCase(
                #"{"items": ["camera"]}"#, "items[0]",
                #"expected an item (an object with an id, and an action or a submenu), found "camera""#,
                at: #""camera""#),
            ProblemCase(
                #"{"items": [{"action": "a.b"}]}"#, "items[0].id",
                #"missing; every item needs an id such as "camera""#, at: #"{"action""#),
            ProblemCase(
                #"{"items": [{"id": "", "action": "a.b"}]}"#, "items[0].id",
                #"expected an id such as "camera", found """#, at: #""""#),
            ProblemCase(
                #"{"items": [{"id": 3, "action": "a.b"}]}"#, "items[0].id",
                #"expected an id such as "camera", found 3"#, at: "3"),
            ProblemCase(
                #"{"items": [{"id": "\#(String(repeating: "d", count: 256))", "action": "a.b"}]}"#, "items[0].id",
                "expected an id of at most 255 bytes, found 256 bytes", at: #""ddd"#),
            ProblemCase(
                #"{"items": [{"id": "a\u0007b", "action": "a.b"}]}"#, "items[0].id",
                #"expected an id without control characters, found "a\u0007b""#, at: #""a\u0007"#),
            ProblemCase(
                #"{"items": [{"id": "x\u0085", "action": "a.b"}]}"#, "items[0].id",
                #"expected an id without control characters, found "x\u0085""#, at: #""x\u0085""#),
            ProblemCase(
                #"{"items": [{"id": "x", "action": "a"}, {"id": "y", "action": "a"}, {"id": "x", "action": "b"}]}"#,
                "items[2].id", #"expected a unique id, found "x", which items[0] has too"#, at: #""x""#),
            ProblemCase(item(#""title": 3"#), "items[0].title", "expected a title (a string), found 3", at: "3"),
            ProblemCase(
                item(#""title": "\#(String(repeating: "t", count: 4097))""#), "items[0].title",
                "expected a title of at most 4096 bytes, found 4097 bytes", at: #""ttt"#),
            ProblemCase(
                item(#""title": "a\nb""#), "items[0].title",
                #"expected a title without control characters, found "a\nb""#, at: #""a\n"#),
            ProblemCase(
                item(#""icon": 3"#), "items[0].icon",
                #"expected an icon name or path such as "camera-photo", found 3"#, at: "3"),
            ProblemCase(
                item(#""selectedIcon": false"#), "items[0].selectedIcon",
                #"expected an icon name or path such as "starred", found false"#, at: "false"),
        ] + colourRules + actionRules

    static let colourRules: [ProblemCase] = [
        "red", "#ef528", "#ef5285c", "#gg5285", "ef5285", "#ef5285cc00", "# ef528",
    ]
    .map { colour in
        ProblemCase(
            item(#""color": "\#(colour)""#), "items[0].color",
            ##"expected a colour such as "#ef5285" or "#ef5285cc", found "\##(colour)""##, at: #""\#(colour)""#)
    }

    static let actionRules: [ProblemCase] = [
        ProblemCase(
            #"{"items": [{"id": "i"}]}"#, "items[0].action",
            #"missing; every item needs an action such as "camera.open" or a submenu"#, at: #"{"id""#),
        ProblemCase(
            #"{"items": [{"id": "i", "action": ""}]}"#, "items[0].action",
            #"expected an action id such as "camera.open", found """#, at: #""""#),
        ProblemCase(
            #"{"items": [{"id": "i", "action": 42}]}"#, "items[0].action",
            #"expected an action id such as "camera.open", found 42"#, at: "42"),
        ProblemCase(
            #"{"items": [{"id": "i", "action": "\#(String(repeating: "a", count: 256))"}]}"#,
            "items[0].action", "expected an action id of at most 255 bytes, found 256 bytes", at: #""aaa"#),
        ProblemCase(
            #"{"items": [{"id": "i", "action": "a\tb"}]}"#, "items[0].action",
            #"expected an action id without control characters, found "a\tb""#, at: #""a\t"#),
        ProblemCase(
            item(#""params": []"#), "items[0].params", "expected an object of parameters, found an array",
            at: "[]}"),
        ProblemCase(
            item(#""params": "x=1""#), "items[0].params",
            #"expected an object of parameters, found "x=1""#, at: #""x=1""#),
        ProblemCase(item(#""toggle": "true""#), "items[0].toggle", flag + #" "true""#, at: #""true""#),
        ProblemCase(item(#""selected": 1"#), "items[0].selected", flag + " 1", at: "1"),
        ProblemCase(item(#""enabled": null"#), "items[0].enabled", flag + " null", at: "null"),
        ProblemCase(item(#""keepOpen": "no""#), "items[0].keepOpen", flag + #" "no""#, at: #""no""#),
        ProblemCase(
            item(#""selected": true"#), "items[0].selected",
            #""selected": true has no effect without "toggle": true"#, at: "true", .warning),
    ]

    static let isolation = #"expected "third-party", "all", "none" or an array of plugin names, found"#

    static let pluginAndActionRules: [ProblemCase] = [
        ProblemCase(#"{"plugins": []}"#, "plugins", "expected an object, found an array", at: "[]"),
        ProblemCase(#"{"plugins": {"isolate": "some"}}"#, "plugins.isolate", isolation + #" "some""#, at: #""some""#),
        ProblemCase(#"{"plugins": {"isolate": true}}"#, "plugins.isolate", isolation + " true", at: "true"),
        ProblemCase(
            #"{"plugins": {"isolate": ["weather", 2]}}"#, "plugins.isolate[1]",
            #"expected a plugin name (a string) such as "weather", found 2"#, at: "2"),
        ProblemCase(
            #"{"plugins": {"paths": "/opt"}}"#, "plugins.paths",
            #"expected an array of folder paths, found "/opt""#, at: #""/opt""#),
        ProblemCase(
            #"{"plugins": {"paths": ["/opt", "relative/dir"]}}"#, "plugins.paths[1]",
            #"expected an absolute folder path such as "/opt/petal/plugins", found "relative/dir""#,
            at: #""relative"#),
        ProblemCase(
            #"{"plugins": {"paths": [""]}}"#, "plugins.paths[0]",
            #"expected an absolute folder path such as "/opt/petal/plugins", found """#, at: #""""#),
        ProblemCase(
            #"{"plugins": {"paths": [3]}}"#, "plugins.paths[0]",
            #"expected an absolute folder path such as "/opt/petal/plugins", found 3"#, at: "3"),
        ProblemCase(
            #"{"plugins": {"paths": ["/a\u0000b"]}}"#, "plugins.paths[0]",
            #"expected an absolute folder path such as "/opt/petal/plugins", found "/a\u0000b""#, at: #""/a"#),
        ProblemCase(
            #"{"plugins": {"disabled": "camera"}}"#, "plugins.disabled",
            #"expected an array of plugin names, found "camera""#, at: #""camera""#),
        ProblemCase(
            #"{"plugins": {"disabled": ["camera", 3]}}"#, "plugins.disabled[1]",
            #"expected a plugin name (a string) such as "command", found 3"#, at: "3"),
        ProblemCase(
            #"{"plugins": {"settings": []}}"#, "plugins.settings",
            "expected an object with one object per plugin, found an array", at: "[]"),
        ProblemCase(
            #"{"plugins": {"settings": {"command": 3}}}"#, "plugins.settings.command",
            "expected an object of the plugin's settings, found 3", at: "3"),
        ProblemCase(
            #"{"plugins": {"settings": {"my plugin": true}}}"#, #"plugins.settings["my plugin"]"#,
            "expected an object of the plugin's settings, found true", at: "true"),
        ProblemCase(#"{"actions": 3}"#, "actions", "expected an object, found 3", at: "3"),
        ProblemCase(
            #"{"actions": {"timeout": 0}}"#, "actions.timeout",
            "expected a number of seconds greater than 0 and at most 600, found 0", at: "0"),
        ProblemCase(
            #"{"actions": {"timeout": 600.5}}"#, "actions.timeout",
            "expected a number of seconds greater than 0 and at most 600, found 600.5", at: "600.5"),
        ProblemCase(
            #"{"actions": {"timeout": "20"}}"#, "actions.timeout",
            #"expected a number of seconds greater than 0 and at most 600, found "20""#, at: #""20""#),
        ProblemCase(
            #"{"actions": {"maxConcurrent": 0}}"#, "actions.maxConcurrent",
            "expected a whole number from 1 to 1024, found 0", at: "0"),
        ProblemCase(
            #"{"actions": {"maxConcurrent": 1025}}"#, "actions.maxConcurrent",
            "expected a whole number from 1 to 1024, found 1025", at: "1025"),
        ProblemCase(
            #"{"actions": {"maxConcurrent": 2.5}}"#, "actions.maxConcurrent",
            "expected a whole number from 1 to 1024, found 2.5", at: "2.5"),
        ProblemCase(
            #"{"actions": {"maxConcurrent": 9223372036854775807}}"#, "actions.maxConcurrent",
            "expected a whole number from 1 to 1024, found 9223372036854775807", at: "9223"),
        ProblemCase(
            #"{"actions": {"maxConcurrent": 1e300}}"#, "actions.maxConcurrent",
            "expected a whole number from 1 to 1024, found 1e+300", at: "1e300"),
    ]

    @Test(arguments: documentRules) func document(_ rule: ProblemCase) { expectOnlyProblem(rule) }
    @Test(arguments: menuRules) func menu(_ rule: ProblemCase) { expectOnlyProblem(rule) }
    @Test(arguments: itemRules) func items(_ rule: ProblemCase) { expectOnlyProblem(rule) }
    @Test(arguments: pluginAndActionRules) func pluginsAndActions(_ rule: ProblemCase) { expectOnlyProblem(rule) }

    @Test func tooManyItems() {
        let items = (0...64).map { #"{"id": "i\#($0)", "action": "a"}"# }.joined(separator: ", ")
        expectOnlyProblem(
            ProblemCase(
                #"{"items": [\#(items)]}"#, "items",
                "expected at most 64 items, found 65; a menu of layout \"list\" holds up to 100000",
                at: "[{"))
        let allowed = (0..<64).map { #"{"id": "i\#($0)", "action": "a"}"# }.joined(separator: ", ")
        #expect(expectValid(#"{"items": [\#(allowed)]}"#)?.items.count == 64)
    }
}
