import Foundation
import PetalCore
import PetalJSON
import Testing

/// The files in examples/config, and the embedded default written out and read back.
struct ConfigurationDecoderExampleTests {
    /// The repository's root, found from this file's path (Tests/PetalCoreTests/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let folder = root.appendingPathComponent("examples/config")
    /// The actions of Petal's built-in plugins (docs/plugins.md).
    static let builtInActions: Set = [
        "camera.open", "camera.screenshot", "message.notify", "message.compose", "phone.call", "command.run",
        "open.uri",
    ]

    static func load(_ name: String) throws -> MenuConfiguration {
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
        let decoded = ConfigurationDecoder.decode(bytes)
        #expect(decoded.problems.isEmpty, "\(name): \(decoded.problems)")
        return try #require(decoded.configuration)
    }

    static var exampleNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
            .sorted()
    }

    @Test func theClassicDesignsAndTheMenusAreAllThere() {
        #expect(
            Self.exampleNames == [
                "circle-camera.json", "fab-stack.json", "full-circle.json", "like-toggle.json", "linear-contacts.json",
                "named-menus.json", "submenus.json",
            ])
    }

    @Test(arguments: exampleNames)
    func everyExampleLoadsCleanlyAndUsesBuiltInActions(_ name: String) throws {
        let config = try Self.load(name)
        #expect(!config.items.isEmpty)
        for item in config.menus.flatMap(\.items) {
            switch item.kind {
            case .action:
                #expect(Self.builtInActions.contains(item.action), "\(name): \(item.id) uses \(item.action)")
            case .submenu:
                #expect(config.section(named: item.submenu ?? "") != nil, "\(name): \(item.id)")
            case .choice:
                Issue.record("\(name): \(item.id) is a choice")
            }
            #expect(!item.icon.isEmpty && item.color.hasPrefix("#") && item.title != item.id, "\(name): \(item.id)")
        }
        // Written out and read back, it is the same configuration.
        #expect(ConfigurationDecoder.decode(config.jsonValue.jsonText(pretty: true)).configuration == config)
    }

    /// The rules that keep circles apart (docs/configuration.md, "No
    /// overlap") leave every example, the four seeds among them, where the
    /// formula puts it, on the output `--check-config` measures against.
    @Test(arguments: exampleNames)
    func everyExampleKeepsTheFormulasPlaces(_ name: String) throws {
        for menu in try Self.load(name).menus {
            let geometry = menu.settings.geometry
            let room = LayoutRoom(width: 1280, height: 720, anchor: menu.appearance.anchor)
            let laidOut = geometry.positions(count: menu.items.count, discs: LayoutDiscs(menu.appearance), room: room)
            #expect(laidOut == menu.items.indices.map(geometry.position(at:)), "\(name): \(menu.name)")
            #expect(LayoutFitCheck.warning(for: menu) == nil, "\(name): \(menu.name)")
        }
    }

    @Test func linearContacts() throws {
        let config = try Self.load("linear-contacts.json")
        #expect(config.menu.geometry.style == .linear)
        #expect(config.items.map(\.id) == ["add-contact", "message", "phone"])
        #expect(config.menu.geometry.positions(count: 3, discs: LayoutDiscs(config.appearance)).map(\.y) == [0, 0, 0])
    }

    @Test func circleCamera() throws {
        let config = try Self.load("circle-camera.json")
        #expect(config.menu.geometry.style == .radial)
        #expect(config.items.map(\.id) == ["camera", "photo-library", "compose"])
    }

    @Test func fullCircleSpreadsNineItemsAllTheWayRound() throws {
        let config = try Self.load("full-circle.json")
        let geometry = config.menu.geometry
        #expect(geometry.style == .radial && geometry.firstAngle == 90 && geometry.angleInterval == 40)
        #expect(config.items.count == 9 && Set(config.items.map(\.id)).count == 9)
        let first = geometry.position(at: 0)
        #expect(first.x == 0 && first.y == -geometry.radius)  // straight up
        #expect(geometry.angleInterval * Double(config.items.count) == 360)
    }

    @Test func fabStack() throws {
        let config = try Self.load("fab-stack.json")
        #expect(config.menu.geometry.style == .stack)
        #expect(config.items.map(\.id) == ["pencil", "camera", "send"])
        #expect(config.menu.geometry.positions(count: 3, discs: LayoutDiscs(config.appearance)).map(\.x) == [0, 0, 0])
    }

    @Test func likeToggle() throws {
        let config = try Self.load("like-toggle.json")
        let like = try #require(config.item(withID: "like"))
        #expect(like.toggle && !like.selected && like.keepOpen)
        #expect(like.icon == "non-starred" && like.selectedIcon == "starred")
    }

    @Test func submenus() throws {
        let config = try Self.load("submenus.json")
        #expect(config.menus.map(\.name) == ["main", "main/session", "apps"])
        #expect(config.items.map(\.kind) == [.submenu, .action, .submenu])
        #expect(config.items.map(\.submenu) == ["apps", nil, "main/session"])
        let session = try #require(config.section(named: "main/session"))
        #expect(session.title == "Session" && session.settings.geometry.style == .linear)
        #expect(config.section(named: "apps")?.settings.geometry.firstAngle == 45)
        #expect(config.section(named: "main/session")?.settings.geometry.firstAngle == 90, "main's, inherited")
        // Every item of a menu has a key of its own.
        for menu in config.menus {
            let keys = menu.items.compactMap(\.key)
            #expect(keys.count == menu.items.count && Set(keys).count == keys.count, "\(menu.name)")
        }
    }

    @Test func namedMenusWithAnchorsOfTheirOwn() throws {
        let config = try Self.load("named-menus.json")
        #expect(config.menus.map(\.name) == ["main", "power", "web"])
        #expect(config.menus.map(\.appearance.anchor) == [.bottomRight, .center, .topRight])
        #expect(config.menus.map(\.settings.geometry.style) == [.stack, .linear, .radial])
        #expect(config.section(named: "web")?.appearance.margin == Margin(x: 24, y: 24))
        #expect(config.section(named: "power")?.settings.geometry.spacing == 72)
    }

    // MARK: - The guide

    /// The fenced blocks of docs/configuration.md, in order: their language and text.
    static func guideBlocks() throws -> [(language: String, text: String)] {
        let guide = try String(contentsOf: root.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        var blocks: [(language: String, text: String)] = []
        var open: (language: String, lines: [Substring])?
        for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append((block.language, block.lines.joined(separator: "\n")))
                    open = nil
                } else {
                    open = (String(line.dropFirst(3)), [])
                }
            } else {
                open?.lines.append(line)
            }
        }
        return blocks
    }

    @Test func theGuidesMenusLoadAndItsRefusalsAreAsShown() throws {
        let blocks = try Self.guideBlocks()
        let withMenus = blocks.indices.filter { blocks[$0].language == "json" && blocks[$0].text.contains(#""menus""#) }
        #expect(withMenus.count == 5)
        guard withMenus.count == 5 else { return }
        let named = ConfigurationDecoder.decode(blocks[withMenus[0]].text)
        #expect(named.problems.isEmpty, "\(named.problems)")
        #expect(named.configuration?.menus.map(\.name) == ["main", "apps", "power"])
        for refusal in [withMenus[2], withMenus[3]] {
            let refused = ConfigurationDecoder.decode(blocks[refusal].text)
            let shown = blocks[refusal + 1].text.split(separator: "\n").map(String.init)
            #expect(refused.problems.map { $0.inFile("config.json").description } == shown)
        }
        // The menus the context asks for, and the order petald --check-config shows.
        let contextual = try #require(ConfigurationDecoder.decode(blocks[withMenus[1]].text).configuration)
        let choices: [(DesktopContext, String)] = [
            (DesktopContext(app: "firefox", title: "Pull requests · GitHub"), "github"),
            (DesktopContext(app: "org.mozilla.firefox", title: "GitHub"), "browser"),
            (DesktopContext(app: "Alacritty"), "terminal"),
            (DesktopContext(), "desktop"),
            (DesktopContext(app: "gimp"), "main"),
        ]
        for (context, menu) in choices {
            #expect(ContextChoice.menu(for: context, among: contextual.menus) == menu, "\(context)")
        }
        // A picker.
        let picker = ConfigurationDecoder.decode(blocks[withMenus[4]].text)
        #expect(picker.problems.isEmpty, "\(picker.problems)")
        let power = try #require(picker.configuration?.section(named: "power"))
        #expect(power.settings.geometry.style == .list)
        #expect(power.picker?.prompt == "power" && power.picker?.customKeys == ["Alt+1"])
        let order = blocks.first { $0.text.hasPrefix("config.json: OK, 5 menus") }?.text.split(separator: "\n")
        #expect(
            order?.dropFirst(2).map { $0.split(separator: " ").first.map(String.init) }
                == ContextChoice.candidates(among: contextual.menus).map(\.name) + ["main"])
    }

    // MARK: - The embedded default

    @Test func embeddedDefaultRoundTrips() {
        let text = MenuConfiguration.embeddedDefault.jsonValue.jsonText(pretty: true)
        let decoded = ConfigurationDecoder.decode(text)
        #expect(decoded.problems.isEmpty)
        #expect(decoded.configuration == .embeddedDefault)
    }

    @Test func embeddedDefaultIsWrittenAsTheSpecShowsIt() {
        let json = MenuConfiguration.embeddedDefault.jsonValue
        #expect(
            json["menu"] == [
                "layout": "radial", "spacing": 80, "firstAngle": 100, "angleInterval": 40, "radius": 100,
                "openDuration": 0.3, "closeDuration": 0.3, "closeOnActivate": true,
            ])
        #expect(
            json["items"]?.arrayValue?.first == [
                "id": "camera", "title": "Camera", "icon": "camera-photo", "color": "#ef5285", "action": "camera.open",
                "params": [:], "toggle": false, "selected": false, "selectedIcon": "", "enabled": true,
                "keepOpen": false,
            ])
        #expect(
            json["plugins"] == ["paths": [], "disabled": [], "isolate": "third-party", "settings": ["command": [:]]])
        #expect(json["actions"] == ["timeout": 20, "maxConcurrent": 32])
        #expect(json.objectValue?.keys == ["menu", "items", "plugins", "actions", "appearance"])
    }
}
