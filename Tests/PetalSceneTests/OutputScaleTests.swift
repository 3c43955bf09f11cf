import PetalCore
import Testing

@testable import PetalScene

/// Outputs at every scale: a menu has one logical size, and device pixels
/// multiply it, so that it is crisp at 2×.
@Suite struct OutputScaleTests {
    typealias F = SceneFixtures

    static func output(scale: Double) -> OutputGeometry {
        OutputGeometry(name: "DP-1", frame: Rect(x: 0, y: 0, width: 1280, height: 800), scale: scale)
    }

    @Test(arguments: [1.0, 1.25, 1.5, 2, 3])
    func aMenuHasTheSameLogicalPlaceAndSizeAtEveryScaleAndDevicePixelsMultiply(_ scale: Double) {
        let menu = F.menu(.linear)
        let output = Self.output(scale: scale)
        let centre = Placement.centre(
            of: menu, placed: PlacementRequest(anchor: .bottomRight), on: output, pointer: nil)
        #expect(centre == Point(x: 1280 - 270, y: 800 - 32 - 30), "the same logical place as at 1×")
        let bounds = Placement.restingBounds(of: menu).offset(by: centre)
        #expect(bounds == Rect(x: 1280 - 300, y: 800 - 92, width: 300, height: 60))
        let device = output.device(bounds)
        #expect(
            device
                == PixelRect(
                    x: Int((980 * scale).rounded(.down)), y: Int((708 * scale).rounded(.down)),
                    width: Int((300 * scale).rounded(.up)), height: Int((60 * scale).rounded(.up))))
        #expect(output.device(menu.appearance.buttonSize) == 60 * scale)
        #expect(output.device(centre) == Point(x: 1010 * scale, y: 738 * scale))
        #expect(F.near(output.logical(fromDevice: output.device(centre)), centre))
    }

    @Test func theOutputsDeviceSizeIsItsLogicalSizeTimesItsScale() {
        #expect(Self.output(scale: 1).deviceSize == (1280, 800))
        #expect(Self.output(scale: 2).deviceSize == (2560, 1600))
        #expect(Self.output(scale: 1.5).deviceSize == (1920, 1200))
    }

    @Test func aFractionalEdgeCoversItsWholeDevicePixels() {
        let output = Self.output(scale: 1.5)
        // 1.5 × (3, 3, 1, 1) spans 4.5 to 6 device pixels: pixels 4 and 5.
        #expect(output.device(Rect(x: 3, y: 3, width: 1, height: 1)) == PixelRect(x: 4, y: 4, width: 2, height: 2))
    }

    @Test(arguments: [0.0, -2, .nan, .infinity])
    func aScaleThatIsNoPositiveNumberIsOne(_ scale: Double) {
        #expect(Self.output(scale: scale).scale == 1)
    }

    @Test func localAndDesktopPointsDifferByTheOutputsCorner() {
        let output = OutputGeometry(name: "HDMI-A-1", frame: Rect(x: 1920, y: -200, width: 1280, height: 800), scale: 2)
        #expect(output.local(Point(x: 2000, y: 0)) == Point(x: 80, y: 200))
        #expect(output.desktop(Point(x: 80, y: 200)) == Point(x: 2000, y: 0))
    }
}
