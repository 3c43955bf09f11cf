import Foundation

/// A screenshot as 8-bit RGBA pixels, row by row from the top left, and the
/// PNG it came from.
///
/// Decoded without a PNG library: ImageMagick's `identify` gives the size and
/// `convert png:- -depth 8 rgba:-` the raw pixels (Debian's imagemagick).
public struct RGBAImage: Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha.
    public let pixels: [UInt8]
    /// The PNG as the screenshot tool wrote it.
    public let png: Data

    /// ImageMagick's tools, by absolute path: Debian's, whatever PATH holds.
    static let identify = "/usr/bin/identify"
    static let convert = "/usr/bin/convert"

    /// Decodes `png`.
    ///
    /// - Throws: ``TestSetupError`` if ImageMagick cannot read it.
    public init(png: Data) async throws {
        let size = try await ToolRun.running(Self.identify, ["-format", "%w %h", "png:-"], input: png)
            .checked("identify")
        let numbers = String(decoding: size.output, as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 2 else {
            throw TestSetupError("identify printed no size: \(String(decoding: size.output, as: UTF8.self))")
        }
        let raw = try await ToolRun.running(Self.convert, ["png:-", "-depth", "8", "rgba:-"], input: png)
            .checked("convert png:- rgba:-")
        guard raw.output.count == numbers[0] * numbers[1] * 4 else {
            throw TestSetupError("convert gave \(raw.output.count) bytes for \(numbers[0])x\(numbers[1]) pixels")
        }
        width = numbers[0]
        height = numbers[1]
        pixels = [UInt8](raw.output)
        self.png = png
    }

    /// The pixel at (x, y), (0, 0) being the top left.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(
            (0..<width).contains(x) && (0..<height).contains(y),
            "(\(x), \(y)) is outside the \(width)x\(height) image")
        let offset = (y * width + x) * 4
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }

    /// The pixel at (x, y) as `#rrggbb`, for failure messages.
    public func hex(x: Int, y: Int) -> String {
        let (r, g, b, _) = pixel(x: x, y: y)
        return "#" + [r, g, b].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// Whether each of red, green and blue at (x, y) differs from `colour`'s
    /// by at most `tolerance` (alpha is not compared).
    ///
    /// - Parameter colour: `#rrggbb` (or `rrggbb`).
    /// - Throws: ``TestSetupError`` if `colour` is not of that form.
    public func pixel(x: Int, y: Int, isWithin tolerance: Int, of colour: String) throws -> Bool {
        let wanted = try Self.components(of: colour)
        let (r, g, b, _) = pixel(x: x, y: y)
        return zip([r, g, b], wanted).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    /// The red, green and blue of `#rrggbb`.
    public static func components(of colour: String) throws -> [UInt8] {
        let digits = colour.hasPrefix("#") ? colour.dropFirst() : Substring(colour)
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else {
            throw TestSetupError("not a #rrggbb colour: \(colour)")
        }
        return [UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }

    /// Writes the PNG to `file` (its folder is created if missing).
    public func savePNG(to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try png.write(to: file)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
