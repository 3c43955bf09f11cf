import PetalCore
import PetalJSON
import Testing

/// Items whose action nothing names are warned about where the file names
/// the action, with what was likely meant (docs/configuration.md).
@Suite struct ActionCheckTests {
    static let known = KnownActions(
        ids: ["command.run", "camera.open", "camera.screenshot", "weather.now"],
        namespaces: ["clock": "plugin clock (disabled: listed in plugins.disabled)"])

    func warnings(_ text: String, known: KnownActions = known) throws -> [ConfigurationProblem] {
        let decoded = ConfigurationDecoder.decode(text)
        let configuration = try #require(decoded.configuration, "\(decoded.problems)")
        return LoadedConfiguration(
            configuration, file: "config.json", warnings: decoded.problems.map { $0.inFile("config.json") },
            actionSites: decoded.actionSites
        )
        .warnings(knowing: known)
    }

    @Test func aMistypedActionIsWarnedAboutAtItsValueWithAGuess() throws {
        let found = try warnings(#"{"items": [{"id": "run", "action": "comand.run"}]}"#)
        #expect(
            found.map(\.description) == [
                #"config.json:1:36: warning: items[0].action: no loaded plugin, plugin file or action provider provides "comand.run"; the item is disabled (did you mean "command.run"?)"#
            ])
        // As ConfigWarnings lists it: without the severity.
        #expect(
            found.first?.listed
                == #"config.json:1:36: items[0].action: no loaded plugin, plugin file or action provider provides "comand.run"; the item is disabled (did you mean "command.run"?)"#
        )
    }

    @Test func aMistypedVerbNamesTheNamespacesActions() throws {
        let found = try warnings(
            #"{"menus": {"apps": {"items": [{"id": "c", "action": "camera.opne"}]}}, "items": [{"id": "x", "action": "weather.now"}]}"#
        )
        #expect(found.count == 1)
        #expect(found.first?.path == "menus.apps.items[0].action")
        #expect(
            found.first?.message
                == #"camera has no action "camera.opne" (it has camera.open, camera.screenshot); the item is disabled (did you mean "camera.open"?)"#
        )
    }

    @Test func aNamespaceKnownOnlyByNameTakesAnyVerbAndIsAGuess() throws {
        #expect(try warnings(#"{"items": [{"id": "t", "action": "clock.tick"}]}"#).isEmpty)
        let found = try warnings(#"{"items": [{"id": "t", "action": "clok.tick"}]}"#)
        #expect(found.first?.message.hasSuffix(#"(did you mean "clock.tick"?)"#) == true)
    }

    @Test func submenusAndChoicesNameNoAction() throws {
        let text = #"{"items": [{"id": "a", "submenu": {"items": [{"id": "b", "action": "nothing.here"}]}}]}"#
        let found = try warnings(text)
        #expect(found.map(\.path) == ["items[0].submenu.items[0].action"])
        #expect(found.first?.message.contains("did you mean") == false, "nothing is close to nothing.here")
    }

    @Test func warningsComeInTheOrderOfTheText() throws {
        let text = #"""
            {"items": [{"id": "a", "action": "x.y", "colr": 1}, {"id": "b", "action": "command.run"},
                       {"id": "c", "action": "z.w"}]}
            """#
        let found = try warnings(text)
        #expect(found.map(\.path) == ["items[0].action", "items[0].colr", "items[2].action"])
    }

    @Test func aConfigurationMadeInCodeIsWarnedAboutAtItsPaths() {
        var configuration = MenuConfiguration(items: [MenuItem(id: "a", title: "A", action: "command.run")])
        configuration.otherMenus = [
            MenuSection(name: "power", items: [MenuItem(id: "off", title: "Off", action: "power.off")])
        ]
        let found = LoadedConfiguration(configuration).warnings(knowing: Self.known)
        #expect(found.map(\.path) == ["menus.power.items[0].action"])
        #expect(found.first?.file == nil && found.first?.position == nil)
    }
}
