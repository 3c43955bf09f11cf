import Foundation
import TestSupport
import Testing

/// `--render --scale`: a menu drawn for an output at scale 2 has the same
/// logical size, twice the pixels each way, and is crisp: icons and shadows
/// are made with the device's pixels, not drawn at 1× and stretched.
@Suite struct RenderScaleTests {
    /// The circle seed: three icon items on coloured discs, with shadows.
    static let config = OverlayBinary.examples.appendingPathComponent("circle-camera.json").path

    /// How far each channel of two pixels lies apart, summed.
    static func distance(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (r: Int, g: Int, b: Int, a: Int)) -> Int {
        abs(Int(a.r) - b.r) + abs(Int(a.g) - b.g) + abs(Int(a.b) - b.b) + abs(Int(a.a) - b.a)
    }

    /// The mean of the 2×2 block of `image` whose top-left pixel is (2x, 2y).
    static func block(_ image: RGBAImage, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        var sum = (r: 0, g: 0, b: 0, a: 0)
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let p = image.pixel(x: 2 * x + dx, y: 2 * y + dy)
            sum = (sum.r + Int(p.r), sum.g + Int(p.g), sum.b + Int(p.b), sum.a + Int(p.a))
        }
        return (sum.r / 4, sum.g / 4, sum.b / 4, sum.a / 4)
    }

    /// The share of the pixels of an icon's box, around (centre), that are
    /// neither the disc's colour nor the glyph's: the anti-aliased edge. A
    /// crisp edge is one device pixel wide whatever the scale, so at 2× the
    /// share halves; an icon stretched from 1× keeps it.
    static func edgeShare(_ image: RGBAImage, centre: (x: Int, y: Int), half: Int, disc: String, glyph: String) throws
        -> Double
    {
        var edge = 0
        var counted = 0
        for y in (centre.y - half)..<(centre.y + half) {
            for x in (centre.x - half)..<(centre.x + half) {
                counted += 1
                let plain =
                    try image.pixel(x: x, y: y, isWithin: 24, of: disc)
                    || image.pixel(x: x, y: y, isWithin: 24, of: glyph)
                if !plain { edge += 1 }
            }
        }
        return Double(edge) / Double(counted)
    }

    /// The middle of the box around every pixel of `colour`: one disc of that colour.
    static func centre(of colour: String, in image: RGBAImage) throws -> (x: Int, y: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<image.height {
            for x in 0..<image.width where try image.pixel(x: x, y: y, isWithin: 8, of: colour) {
                box = box.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? (x, y, x, y)
            }
        }
        return box.map { (($0.minX + $0.maxX) / 2, ($0.minY + $0.maxY) / 2) }
    }

    @Test func twiceTheScaleIsTwiceThePixelsOfTheSamePicture() async throws {
        async let single = OverlayBinary.render(["--config", Self.config, "--state", "expanded"])
        async let double = OverlayBinary.render(["--config", Self.config, "--state", "expanded", "--scale", "2"])
        let (one, two) = try await (single, double)
        #expect(two.width == 2 * one.width && two.height == 2 * one.height)
        // Each 2×2 block of the 2× picture averages to the 1× pixel, but where edges fall differently.
        var far = 0
        for y in 0..<one.height {
            for x in 0..<one.width where Self.distance(one.pixel(x: x, y: y), Self.block(two, x, y)) > 48 {
                far += 1
            }
        }
        #expect(Double(far) / Double(one.width * one.height) < 0.02, "\(far) pixels differ")
    }

    @Test func iconsAreMadeWithTheDevicesPixels() async throws {
        async let single = OverlayBinary.render(["--config", Self.config, "--state", "expanded"])
        async let double = OverlayBinary.render(["--config", Self.config, "--state", "expanded", "--scale", "2"])
        let (one, two) = try await (single, double)
        // The camera item: its disc (#ef5285) and white glyph, at its Layout place.
        let place = try #require(try Self.centre(of: "#ef5285", in: one))
        let atOne = try Self.edgeShare(one, centre: place, half: 14, disc: "#ef5285", glyph: "#ffffff")
        let atTwo = try Self.edgeShare(
            two, centre: (2 * place.x, 2 * place.y), half: 28, disc: "#ef5285", glyph: "#ffffff")
        #expect(atOne > 0.05, "the box holds the glyph's edge: \(atOne)")
        #expect(atTwo < 0.75 * atOne, "the edge is as thin at 2× as at 1×: \(atTwo) against \(atOne)")
    }
}
