import PetalCore
import PetalJSON
import Testing

/// A configuration of several menus written out as a configuration file, and read back.
struct MenuConfigurationJSONTests {
    static let several = #"""
        {"menu": {"layout": "linear"},
         "appearance": {"buttonColor": "#111111"},
         "items": [{"id": "apps", "submenu": "apps", "key": "a"},
                   {"id": "more", "submenu": {"title": "More", "radius": 80,
                                              "items": [{"id": "deep", "submenu": {"items": [{"id": "x", "action": "x"}]}}]}}],
         "menus": {"apps": {"title": "Apps", "spacing": 40, "appearance": {"anchor": "center"},
                            "items": [{"id": "web", "action": "open.uri", "params": {"uri": "https://example.org"}}]},
                   "power": {"items": [{"id": "lock", "action": "command.run", "key": "l"}]}}}
        """#

    @Test func severalMenusAreWrittenInMenusAndReadBack() throws {
        let config = try #require(expectValid(Self.several))
        let json = config.jsonValue
        #expect(json.objectValue?.keys == ["menu", "items", "menus", "plugins", "actions", "appearance"])
        #expect(json["menus"]?.objectValue?.keys == ["apps", "power"])
        // A section writes what differs from the top level; one written in place stays in place.
        #expect(
            json["menus"]?["apps"]
                == [
                    "title": "Apps", "spacing": 40,
                    "items": [
                        [
                            "id": "web", "title": "web", "icon": "", "color": "", "action": "open.uri",
                            "params": ["uri": "https://example.org"], "toggle": false, "selected": false,
                            "selectedIcon": "", "enabled": true, "keepOpen": false,
                        ]
                    ],
                    "appearance": ["anchor": "center"],
                ])
        let more = json["items"]?.arrayValue?[1]
        #expect(more?["submenu"]?["title"] == "More" && more?["submenu"]?["radius"] == 80)
        #expect(more?["submenu"]?["items"]?.arrayValue?.first?["submenu"]?["items"] != nil)
        #expect(json["items"]?.arrayValue?[0]["submenu"] == "apps" && json["items"]?.arrayValue?[0]["key"] == "a")
        #expect(json["items"]?.arrayValue?[0]["params"] == nil)
        #expect(expectValid(json.jsonText(pretty: true)) == config)
    }

    @Test func mainWithSettingsOfItsOwnIsWrittenInMenus() throws {
        var config = MenuConfiguration()
        config.main.title = "Home"
        config.appearance.anchor = .topLeft
        config.otherMenus = [MenuSection(name: "b", items: [MenuItem(id: "x", title: "X", action: "x")])]
        let json = config.jsonValue
        #expect(json["menu"] == nil && json["items"] == nil)
        #expect(json["menus"]?.objectValue?.keys == ["main", "b"])
        #expect(json["menus"]?["main"]?["appearance"] == ["anchor": "top-left"])
        #expect(expectValid(json.jsonText(pretty: true)) == config)
    }

    @Test func aOneMenuConfigurationIsWrittenAsVersion2WroteIt() throws {
        var config = MenuConfiguration(menu: MenuSettings(geometry: MenuGeometry(style: .stack)))
        config.items.append(MenuItem(id: "k", title: "K", action: "k", key: "k"))
        let json = config.jsonValue
        #expect(json["menus"] == nil && json["menu"]?["layout"] == "stack")
        #expect(json["items"]?.arrayValue?.last?["key"] == "k")
        #expect(expectValid(json.jsonText(pretty: true)) == config)
    }
}
