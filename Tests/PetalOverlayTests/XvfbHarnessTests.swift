import Foundation
import TestSupport
import Testing

/// The X11 half of the display harness: Xvfb, xcompmgr, xdotool, `import`
/// screenshots, and the solid stand-in window, checked against each other.
@Suite("Harness on Xvfb", .timeLimit(.minutes(5)))
struct XvfbHarnessTests {
    @Test("Xvfb starts on a free display and xcompmgr makes it composited")
    func startsComposited() async throws {
        let display = try await XvfbDisplay(width: 800, height: 600, compositor: true)
        defer { display.stop() }
        #expect(display.environment["DISPLAY"] == ":\(display.number)")
        #expect(display.environment["GDK_BACKEND"] == "x11")
        #expect(try await display.isComposited())
        let image = try await display.screenshot()
        #expect((image.width, image.height) == (800, 600))
    }

    @Test("without xcompmgr GTK sees no compositor, and two displays get two numbers")
    func notCompositedWithoutXcompmgr() async throws {
        let first = try await XvfbDisplay(width: 320, height: 240, compositor: false)
        defer { first.stop() }
        let second = try await XvfbDisplay(width: 320, height: 240, compositor: false)
        defer { second.stop() }
        #expect(first.number != second.number)
        #expect(try await first.isComposited() == false)
    }

    @Test("the solid window's colour is on screen where it is, and not where it is not")
    func solidWindowColourInScreenshot() async throws {
        let display = try await XvfbDisplay(width: 640, height: 480)
        defer { display.stop() }
        let behind = try await SolidWindow(on: display, colour: "#336699")
        #expect((behind.size.width, behind.size.height) == (640, 480))
        let front = try await SolidWindow(on: display, colour: "#e04010", size: (100, 80), position: (200, 150))
        defer { front.stop() }
        let image = try await display.waitForPixel(x: 250, y: 190, toBe: "#e04010")
        #expect(try image.pixel(x: 10, y: 10, isWithin: 2, of: "#336699"), "saw \(image.hex(x: 10, y: 10))")
        #expect(try image.pixel(x: 320, y: 300, isWithin: 2, of: "#336699"), "saw \(image.hex(x: 320, y: 300))")
        #expect(try !image.pixel(x: 10, y: 10, isWithin: 2, of: "#e04010"))
        behind.stop()
        // Once the window behind is gone, the bare root shows there: xcompmgr paints it grey.
        try await display.waitForPixel(x: 10, y: 10, toBe: "#808080", tolerance: 2)
    }

    @Test("an xdotool click at a screen point reaches the window there, in its coordinates")
    func clickReachesWindow() async throws {
        let display = try await XvfbDisplay(width: 640, height: 480)
        defer { display.stop() }
        let behind = try await SolidWindow(on: display, colour: "#336699")
        let front = try await SolidWindow(on: display, colour: "#e04010", size: (100, 80), position: (200, 150))
        try await display.waitForPixel(x: 250, y: 190, toBe: "#e04010")

        try await display.click(x: 123, y: 45)
        try await behind.waitForPress(x: 123, y: 45)
        try await display.click(x: 230, y: 170, button: 3)
        try await front.waitForPress(x: 30, y: 20, button: 3)
        #expect(behind.presses.count == 1, "the front window's click went behind too: \(behind.reports)")

        try await display.movePointer(toX: 400, y: 400)
        try await display.pressButton()
        try await behind.waitForPress(x: 400, y: 400)
        try await display.releaseButton()
        try await behind.waitForReport { $0 == "release 400 400 1" }
    }

    @Test("Escape, Return, digits, Tab and the arrows reach the window under the pointer")
    func keysReachWindow() async throws {
        let display = try await XvfbDisplay(width: 640, height: 480)
        defer { display.stop() }
        let window = try await SolidWindow(on: display, colour: "#336699")
        try await display.movePointer(toX: 320, y: 240)
        try await display.press(.escape)
        try await window.waitForKey(.escape)
        let keys: [Key] = [.return, .digit(1), .digit(9), .tab, .left, .right, .up, .down]
        for key in keys { try await display.press(key) }
        try await window.waitForKey(.down)
        #expect(window.keys == ["Escape"] + keys.map(\.name))
    }
}

/// Screenshot decoding, on PNGs ImageMagick draws: no display needed.
@Suite("RGBAImage")
struct RGBAImageTests {
    /// A 2×2 PNG: red, green on top; blue, half-transparent white below.
    static func quadrants() throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = [
            "(", "xc:#ff0000", "xc:#00ff00", "+append", ")",
            "(", "xc:#0000ff", "xc:#ffffff80", "+append", ")", "-append", "png:-",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    @Test("pixels come row by row from the top left, with alpha")
    func decodes() async throws {
        let image = try await RGBAImage(png: try Self.quadrants())
        #expect((image.width, image.height) == (2, 2))
        #expect(image.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        #expect(image.pixel(x: 1, y: 0) == (0, 255, 0, 255))
        #expect(image.pixel(x: 0, y: 1) == (0, 0, 255, 255))
        #expect(image.pixel(x: 1, y: 1).a == 0x80)
        #expect(image.hex(x: 1, y: 0) == "#00ff00")
    }

    @Test("a colour matches within the tolerance and not beyond it")
    func tolerance() async throws {
        let image = try await RGBAImage(png: try Self.quadrants())
        #expect(try image.pixel(x: 0, y: 0, isWithin: 0, of: "#ff0000"))
        #expect(try image.pixel(x: 0, y: 0, isWithin: 8, of: "#f80808"))
        #expect(try !image.pixel(x: 0, y: 0, isWithin: 7, of: "#f80808"))
        #expect(try !image.pixel(x: 0, y: 0, isWithin: 8, of: "#00ff00"))
        #expect(throws: TestSetupError.self) { try image.pixel(x: 0, y: 0, isWithin: 8, of: "red") }
    }

    @Test("the PNG is saved as it came")
    func saves() async throws {
        let png = try Self.quadrants()
        let image = try await RGBAImage(png: png)
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("petal-rgba-\(UUID().uuidString.prefix(8))/shot.png")
        try image.savePNG(to: file)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(try Data(contentsOf: file) == png)
    }

    @Test("what is not a PNG is an error, not an image")
    func rejectsGarbage() async throws {
        await #expect(throws: TestSetupError.self) { try await RGBAImage(png: Data("not a png".utf8)) }
    }
}
