import Foundation
import PetalCore
import TestSupport

/// The built petal-overlay, run as a user would, and what its frames look like.
enum OverlayBinary {
    static let url = RunningDaemon.binDirectory.appendingPathComponent("petal-overlay")
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let examples = repository.appendingPathComponent("examples/config")

    /// Runs `petal-overlay --render` with `arguments` into a fresh file and reads the frame back.
    static func render(_ arguments: [String], environment: [String: String] = [:]) async throws -> RGBAImage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-render-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("frame.png")
        let run = try await run(["--render", file.path] + arguments, environment: environment)
        guard run.status == 0 else { throw TestSetupError("petal-overlay --render failed: \(run.summary)") }
        return try await RGBAImage(png: try Data(contentsOf: file))
    }

    /// Runs petal-overlay with `arguments`, with no display and no session bus unless `environment` gives them.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> ExternalCommand {
        var variables = [
            "NO_AT_BRIDGE": "1", "GDK_GL": "disable", "HOME": FileManager.default.temporaryDirectory.path,
            "XDG_CONFIG_HOME": "/nonexistent", "PATH": "/usr/bin:/bin",
        ]
        variables.merge(environment) { _, new in new }
        let assignments = variables.map { "\($0.key)=\($0.value)" }
        return try await ExternalCommand.running(["/usr/bin/env", "-i"] + assignments + [url.path] + arguments)
    }
}

/// Colour checks on a rendered frame, whose centre button sits at the image's centre.
struct RenderedFrame {
    let image: RGBAImage

    /// The button's centre in the image.
    var centre: (x: Int, y: Int) { (image.width / 2, image.height / 2) }

    /// The pixel at `offset` from the button's centre.
    func pixel(at offset: Point) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        image.pixel(x: centre.x + Int(offset.x.rounded(.down)), y: centre.y + Int(offset.y.rounded(.down)))
    }

    /// Whether the pixel at `offset` is opaque `colour` (within a small tolerance).
    func shows(_ colour: String, at offset: Point) throws -> Bool {
        let x = centre.x + Int(offset.x.rounded(.down))
        let y = centre.y + Int(offset.y.rounded(.down))
        guard image.pixel(x: x, y: y).a > 240 else { return false }
        return try image.pixel(x: x, y: y, isWithin: 6, of: colour)
    }

    /// Whether nothing is drawn at `offset`.
    func isClear(at offset: Point) -> Bool {
        pixel(at: offset).a < 8
    }

    /// A point inside an item's disc but clear of its icon or title: up and
    /// to the left of its centre, 0.42 of its diameter away.
    static func onDisc(of centre: Point, itemSize: Double = 60) -> Point {
        Point(x: centre.x - itemSize * 0.3, y: centre.y - itemSize * 0.3)
    }

    func describe(_ offset: Point) -> String {
        let (r, g, b, a) = pixel(at: offset)
        return "rgba(\(r), \(g), \(b), \(a)) at \(offset) from the centre of a \(image.width)×\(image.height) frame"
    }
}
