import Foundation
import TestSupport
import Testing

/// `petalctl preview --svg`: the SVG is parsed as XML and each item's place
/// checked against docs/configuration.md's formulas.
@Suite struct PreviewCommandTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples/config").standardized

    static let exampleFiles =
        (try? FileManager.default.contentsOfDirectory(atPath: examples.path))?
        .filter { $0.hasSuffix(".json") }.sorted() ?? []

    func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("petal-preview-\(UUID().uuidString)-\(name)")
    }

    @Test(arguments: ["linear", "stack", "radial"])
    func theRunningMenuIsDrawnAtItsLayout(style: String) async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        _ = try await Petalctl.run(on: daemon, ["layout", style])
        let file = temporaryFile("\(style).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await Petalctl.run(on: daemon, ["preview", "--svg", file.path, "--state", "expanded"])
        #expect(result.status == 0 && result.output.isEmpty, "\(result.summary)")
        let document = try SVGDocument(try String(contentsOf: file, encoding: .utf8))
        let positions = document.itemPositions
        #expect(positions.map(\.id) == ["echo", "like", "stay", "slow", "hang", "fail", "off", "missing"])
        for (index, position) in positions.enumerated() {
            let expected = SpecLayout.position(style, index: index)
            #expect(
                abs(position.x - expected.x) < 0.001 && abs(position.y - expected.y) < 0.001,
                "\(style) \(position.id): (\(position.x), \(position.y)) != \(expected)")
        }
        // The daemon's disabled items (off, and missing, whose action no plugin provides) are dimmed.
        #expect(document.items(withClass: "disabled") == ["off", "missing"])
    }

    @Test func aSelectedToggleIsMarkedAndTheCollapsedMenuShowsOnlyTheButton() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        _ = try await daemon.menu("Open")
        try await daemon.waitForState("expanded")
        _ = try await daemon.menu("Activate", [.string("like")])
        try await daemon.waitForState("collapsed")
        let result = try await Petalctl.run(on: daemon, ["preview", "--svg", "-"])
        #expect(result.status == 0)
        let document = try SVGDocument(result.output)
        #expect(document.items(withClass: "selected") == ["like"])
        #expect(document.itemPositions.allSatisfy { $0.x == 0 && $0.y == 0 }, "collapsed: items under the button")
        #expect(document.elements.first { $0.attributes["class"] == "button" }?.attributes["transform"] == "rotate(0)")
    }

    @Test(arguments: exampleFiles)
    func everyExampleConfigurationPreviewsWithoutADaemon(file: String) async throws {
        let path = Self.examples.appendingPathComponent(file).path
        let config =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let menu = config?["menu"] as? [String: Any] ?? [:]
        let items = (config?["items"] as? [[String: Any]] ?? []).map { $0["id"] as? String ?? "" }
        for style in ["linear", "stack", "radial"] {
            let result = try await Petalctl.run(
                on: nil, ["preview", "--config", path, "--layout", style, "--svg", "-"])
            #expect(result.status == 0, "\(result.summary)")
            let document = try SVGDocument(result.output)
            #expect(document.itemPositions.map(\.id) == items)
            for (index, position) in document.itemPositions.enumerated() {
                let expected = SpecLayout.position(
                    style, index: index, spacing: menu["spacing"] as? Double ?? 80,
                    firstAngle: menu["firstAngle"] as? Double ?? 100,
                    angleInterval: menu["angleInterval"] as? Double ?? 40,
                    radius: menu["radius"] as? Double ?? 100)
                #expect(
                    abs(position.x - expected.x) < 0.001 && abs(position.y - expected.y) < 0.001,
                    "\(file) \(style) \(position.id)")
            }
        }
    }

    @Test func animationUsesTheConfiguredOpenDuration() async throws {
        let config = temporaryFile("menu.json")
        defer { try? FileManager.default.removeItem(at: config) }
        try #"{"menu": {"layout": "linear", "openDuration": 0.75}, "items": [{"id": "a", "action": "x.y"}]}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let result = try await Petalctl.run(on: nil, ["preview", "--config", config.path, "--animate", "--svg", "-"])
        let document = try SVGDocument(result.output)
        let move = try #require(
            document.elements.first { $0.name == "animateTransform" && $0.attributes["type"] == "translate" })
        #expect(move.attributes["dur"] == "0.75s")
        #expect(move.attributes["to"] == "80 0")
    }

    @Test func theConfigurationsAppearanceIsDrawn() async throws {
        let config = temporaryFile("look.json")
        defer { try? FileManager.default.removeItem(at: config) }
        try
            ##"{"items": [{"id": "a", "action": "x.y"}], "appearance": {"buttonSize": 80, "itemSize": 50, "buttonColor": "#336699", "iconColor": "#ffcc00"}}"##
            .write(to: config, atomically: true, encoding: .utf8)
        let result = try await Petalctl.run(on: nil, ["preview", "--config", config.path, "--svg", "-"])
        #expect(result.status == 0, "\(result.summary)")
        let document = try SVGDocument(result.output)
        let button = try #require(document.group(withClass: "button"))
        #expect(button.first { $0.name == "circle" }?.attributes["r"] == "40")
        #expect(button.first { $0.name == "circle" }?.attributes["fill"] == "#336699")
        #expect(button.first { $0.name == "path" }?.attributes["stroke"] == "#ffcc00")
        #expect(document.group(withID: "a")?.first { $0.name == "circle" }?.attributes["r"] == "25")
    }

    /// Without --config, the sizes and colours are the running petald's Appearance.
    @Test func theDaemonsAppearanceIsDrawn() async throws {
        let config = temporaryFile("daemon.json")
        defer { try? FileManager.default.removeItem(at: config) }
        try ##"{"menu": {"openDuration": 0.4}, "appearance": {"buttonSize": 44, "buttonColor": "#102030"}}"##
            .write(to: config, atomically: true, encoding: .utf8)
        let daemon = try await RunningDaemon(executable: "petald", arguments: ["--config", config.path])
        defer { daemon.stop() }
        let result = try await Petalctl.run(on: daemon, ["preview", "--animate", "--svg", "-"])
        #expect(result.status == 0, "\(result.summary)")
        let document = try SVGDocument(result.output)
        let disc = try #require(document.group(withClass: "button")?.first { $0.name == "circle" })
        #expect(disc.attributes["r"] == "22" && disc.attributes["fill"] == "#102030")
        #expect(document.group(withID: "camera")?.first { $0.name == "circle" }?.attributes["r"] == "30")
        let move = try #require(
            document.elements.first { $0.name == "animateTransform" && $0.attributes["type"] == "translate" })
        #expect(move.attributes["dur"] == "0.4s", "the daemon's openDuration")
    }

    @Test func aBadConfigurationIsReportedWithItsPlace() async throws {
        let config = temporaryFile("bad.json")
        defer { try? FileManager.default.removeItem(at: config) }
        try #"{"items": [{"id": "a", "action": 42}]}"#.write(to: config, atomically: true, encoding: .utf8)
        let result = try await Petalctl.run(on: nil, ["preview", "--config", config.path, "--svg", "-"])
        #expect(result.status == 2)
        #expect(result.errors.contains(config.path))
        #expect(result.errors.contains("items[0].action"))
        let missing = try await Petalctl.run(on: nil, ["preview", "--config", "/nonexistent/menu.json", "--svg", "-"])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("/nonexistent/menu.json"))
        let unwritable = try await Petalctl.run(
            on: nil,
            [
                "preview", "--config", Self.examples.appendingPathComponent(Self.exampleFiles[0]).path,
                "--svg", "/nonexistent/out.svg",
            ])
        #expect(unwritable.status == 2)
        #expect(unwritable.errors.contains("cannot write /nonexistent/out.svg"))
    }
}
