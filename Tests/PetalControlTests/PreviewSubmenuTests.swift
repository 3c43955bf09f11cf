import Foundation
import TestSupport
import Testing

/// `petalctl preview --menu NAME` of a submenu: the chain from the top-level
/// menu drawn with the submenu spread from the item that opened it and the
/// parents' other items faded, from a file and from the running petald.
@Suite struct PreviewSubmenuTests {
    static let submenus = PreviewCommandTests.examples.appendingPathComponent("submenus.json").path

    /// main (`apps` → apps, `more` → main/more written in place, `run`), apps
    /// (linear, its own appearance), and power (`tools` → apps, as main's `apps` is).
    static let configuration = #"""
        {
          "menu": { "openDuration": 0.05, "closeDuration": 0.05, "layout": "stack", "spacing": 90 },
          "appearance": { "buttonSize": 50 },
          "items": [
            { "id": "apps", "title": "Apps", "submenu": "apps" },
            { "id": "more", "title": "More", "submenu": { "layout": "radial", "firstAngle": 0, "angleInterval": 90,
              "items": [ { "id": "x", "title": "X", "action": "command.run", "params": { "argv": ["true"] } },
                         { "id": "y", "title": "Y", "action": "command.run", "params": { "argv": ["true"] } } ] } },
            { "id": "run", "title": "Run", "action": "command.run", "params": { "argv": ["true"] } }
          ],
          "menus": {
            "apps": { "title": "Applications", "layout": "linear", "spacing": 70,
                      "appearance": { "buttonColor": "#303030", "itemSize": 40 },
                      "items": [ { "id": "web", "title": "Web", "action": "command.run", "params": { "argv": ["true"] } },
                                 { "id": "mail", "title": "Mail", "action": "command.run", "params": { "argv": ["true"] } } ] },
            "power": { "title": "Power", "layout": "linear",
                       "items": [ { "id": "lock", "title": "Lock", "action": "command.run", "params": { "argv": ["true"] } },
                                  { "id": "tools", "title": "Tools", "submenu": "apps" } ] }
          }
        }
        """#

    static func configFile() throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-preview-submenus-\(UUID().uuidString.prefix(8)).json")
        try Data(configuration.utf8).write(to: file)
        return file
    }

    /// The preview's document, after checking that petalctl succeeded.
    static func preview(_ daemon: RunningDaemon?, _ arguments: [String]) async throws -> SVGDocument {
        let result = try await Petalctl.run(on: daemon, ["preview", "--svg", "-"] + arguments)
        #expect(result.status == 0 && result.errors.isEmpty, "\(result.summary)")
        return try SVGDocument(result.output)
    }

    static func near(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool {
        abs(a.x - b.x) < 0.001 && abs(a.y - b.y) < 0.001
    }

    /// The centre of the menu group `name`.
    static func centre(_ document: SVGDocument, _ name: String) throws -> (x: Double, y: Double) {
        let menu = try #require(document.menus.first { $0.name == name })
        return (menu.x, menu.y)
    }

    /// The place of item `id` of menu `name`, relative to the drawing's origin (the first button).
    static func place(_ document: SVGDocument, _ id: String, of name: String) throws -> (x: Double, y: Double) {
        let centre = try centre(document, name)
        let item = try #require(document.items(inMenu: name)?.first { $0.id == id })
        return (centre.x + item.x, centre.y + item.y)
    }

    // MARK: - From a file

    @Test func aNamedSubmenuIsDrawnOpenFromItsItem() async throws {
        let document = try await Self.preview(nil, ["--config", Self.submenus, "--menu", "apps"])
        #expect(document.menus.map(\.name) == ["main", "apps"])
        // main: radial from 90° by 45°; apps opens from main's first item, straight up.
        #expect(Self.near(try Self.centre(document, "apps"), try Self.place(document, "apps", of: "main")))
        #expect(Self.near(try Self.centre(document, "apps"), (0, -100)))
        // apps has its own radius (120) and angles: 45°, 90°, 135° around its centre, fanning
        // away from main's other items.
        let apps = try #require(document.items(inMenu: "apps"))
        #expect(apps.map(\.id) == ["web", "files", "mail"])
        for (item, expected) in zip(apps, [(84.853, -84.853), (0.0, -120.0), (-84.853, -84.853)]) {
            #expect(Self.near((item.x, item.y), expected), "\(item.id) around the apps item")
        }
        #expect(document.items(withClass: "faded") == ["screenshot", "session"])
        #expect(document.items(withClass: "opened") == ["apps"])
        let faded = document.elements.filter { ($0.attributes["class"] ?? "").contains("faded") }
        #expect(faded.map { $0.attributes["opacity"] } == ["0.4", "0.4"])
        let root = try #require(document.elements.first { $0.attributes["id"] == "menu" })
        #expect(root.attributes["data-menu"] == "apps" && root.attributes["data-state"] == "expanded")
    }

    @Test func aSubmenuWrittenInPlaceIsDrawnWithItsOwnLayout() async throws {
        let document = try await Self.preview(nil, ["--config", Self.submenus, "--menu", "main/session"])
        #expect(document.menus.map(\.name) == ["main", "main/session"])
        #expect(document.menus.map(\.layout) == ["radial", "linear"])
        #expect(Self.near(try Self.centre(document, "main/session"), (-100, 0)), "main's third item, at 180°")
        let session = try #require(document.items(inMenu: "main/session"))
        #expect(session.map(\.id) == ["lock", "suspend"])
        #expect(Self.near((session[0].x, session[0].y), (72, 0)) && Self.near((session[1].x, session[1].y), (144, 0)))
        #expect(document.items(withClass: "faded") == ["apps", "screenshot"])
        #expect(document.items(withClass: "opened") == ["session"])
    }

    @Test func aTopLevelMenuIsDrawnAloneAndNothingIsFaded() async throws {
        let document = try await Self.preview(nil, ["--config", Self.submenus])
        #expect(document.menus.map(\.name) == ["main"])
        #expect(document.items(withClass: "faded").isEmpty && document.items(withClass: "opened").isEmpty)
        #expect(document.itemPositions.map(\.id) == ["apps", "screenshot", "session"])
    }

    @Test func eachMenuHasItsOwnMergedAppearance() async throws {
        let config = try Self.configFile()
        defer { try? FileManager.default.removeItem(at: config) }
        let document = try await Self.preview(nil, ["--config", config.path, "--menu", "apps"])
        let discs = document.elements.indices.filter {
            document.elements[$0].name == "g" && document.elements[$0].attributes["class"] == "button"
        }.map { document.elements[$0 + 1] }
        // main: buttonSize 50 from the top level, the default colour; apps: the same size, its own colour.
        #expect(discs.map { $0.attributes["r"] } == ["25", "25"])
        #expect(discs.map { $0.attributes["fill"] } == ["#ef5285", "#303030"])
        #expect(document.group(withID: "web")?.first { $0.name == "circle" }?.attributes["r"] == "20")
        #expect(document.group(withID: "run")?.first { $0.name == "circle" }?.attributes["r"] == "30")
        // apps is linear, 70 apart, from main's first item (stack, 90 up).
        #expect(Self.near(try Self.centre(document, "apps"), (0, -90)))
        #expect(Self.near(try Self.place(document, "mail", of: "apps"), (140, -90)))
        // --layout draws the previewed menu in another style; its parents keep theirs.
        let stacked = try await Self.preview(nil, ["--config", config.path, "--menu", "apps", "--layout", "stack"])
        #expect(stacked.menus.map(\.layout) == ["stack", "stack"])
        #expect(Self.near(try Self.place(stacked, "mail", of: "apps"), (0, -90 - 140)))
    }

    @Test func anUnknownMenuOfTheFileIsRefusedNamingItsMenus() async throws {
        let result = try await Petalctl.run(
            on: nil, ["preview", "--config", Self.submenus, "--menu", "games", "--svg", "-"])
        #expect(result.status == 1 && result.output.isEmpty)
        #expect(
            result.errors
                == "petalctl: \(Self.submenus) has no menu \"games\"; its menus are main, main/session, apps\n")
    }

    // MARK: - From petald

    @Test func petaldsSubmenuIsDrawnOpenFromItsItem() async throws {
        let config = try Self.configFile()
        defer { try? FileManager.default.removeItem(at: config) }
        let daemon = try await RunningDaemon(executable: "petald", arguments: ["--config", config.path])
        defer { daemon.stop() }
        // Closed, the chain is drawn closed: only main's button shows.
        let closed = try await Self.preview(daemon, ["--menu", "apps"])
        #expect(closed.menus.map(\.name) == ["main", "apps"])
        #expect(closed.menus.allSatisfy { $0.x == 0 && $0.y == 0 })
        #expect(closed.elements.first { $0.attributes["id"] == "menu" }?.attributes["data-state"] == "collapsed")

        let document = try await Self.preview(daemon, ["--menu", "apps", "--state", "expanded"])
        #expect(document.menus.map(\.name) == ["main", "apps"])
        #expect(Self.near(try Self.centre(document, "apps"), (0, -90)), "main's apps item, from petald's Layout")
        #expect(document.items(inMenu: "apps")?.map(\.id) == ["web", "mail"])
        #expect(Self.near(try Self.place(document, "web", of: "apps"), (70, -90)))
        #expect(document.items(withClass: "faded") == ["more", "run"])
        #expect(document.items(withClass: "opened") == ["apps"])
        #expect(document.group(withID: "web")?.first { $0.name == "circle" }?.attributes["r"] == "20")

        let inPlace = try await Self.preview(daemon, ["--menu", "main/more", "--state", "expanded"])
        #expect(inPlace.menus.map(\.name) == ["main", "main/more"])
        #expect(Self.near(try Self.centre(inPlace, "main/more"), (0, -180)))
        #expect(Self.near(try Self.place(inPlace, "x", of: "main/more"), (100, -180)))
        #expect(inPlace.items(withClass: "faded") == ["apps", "run"])
    }

    /// apps is open from power's `tools`: drawn that way, not from main's `apps`.
    @Test func anOpenSubmenuIsDrawnFromTheItemItWasOpenedFrom() async throws {
        let config = try Self.configFile()
        defer { try? FileManager.default.removeItem(at: config) }
        let daemon = try await RunningDaemon(executable: "petald", arguments: ["--config", config.path])
        defer { daemon.stop() }
        _ = try await Petalctl.run(on: daemon, ["show", "power"])
        try await NamedMenuCommandTests.waitForState(daemon, NamedMenuCommandTests.power, "expanded")
        let opened = try await Petalctl.run(on: daemon, ["activate", "tools", "--menu", "power"])
        #expect(opened.status == 0, "\(opened.summary)")
        try await NamedMenuCommandTests.waitForState(daemon, NamedMenuCommandTests.apps, "expanded")

        let document = try await Self.preview(daemon, ["--menu", "apps"])
        #expect(document.elements.first { $0.attributes["id"] == "menu" }?.attributes["data-state"] == "expanded")
        #expect(document.menus.map(\.name) == ["power", "apps"])
        #expect(Self.near(try Self.centre(document, "apps"), (180, 0)), "power's second item: linear, 90 apart")
        #expect(document.items(withClass: "faded") == ["lock"])
        #expect(document.items(withClass: "opened") == ["tools"])
    }

    @Test func anUnknownMenuOfPetaldIsRefusedNamingItsMenus() async throws {
        let config = try Self.configFile()
        defer { try? FileManager.default.removeItem(at: config) }
        let daemon = try await RunningDaemon(executable: "petald", arguments: ["--config", config.path])
        defer { daemon.stop() }
        let result = try await Petalctl.run(on: daemon, ["preview", "--menu", "games", "--svg", "-"])
        #expect(result.status == 1 && result.output.isEmpty)
        #expect(
            result.errors == "petalctl: petald has no menu \"games\"; its menus are main, main/more, apps, power\n")
        #expect(try await daemon.state() == "collapsed", "petald keeps serving")
    }
}
