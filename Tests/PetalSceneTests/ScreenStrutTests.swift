import PetalCore
import Testing

@testable import PetalScene

/// A panel's strut taken off the work area of the output it reaches into,
/// for a window manager (i3) that publishes no work area of its own.
@Suite struct ScreenStrutTests {
    static let screen = Size(width: 1024 + 1280, height: 1024)
    /// A 1024×600 output at the top-left and a 1280×1024 one right of it.
    static let small = OutputGeometry(name: "a", frame: Rect(x: 0, y: 0, width: 1024, height: 600))
    static let large = OutputGeometry(name: "b", frame: Rect(x: 1024, y: 0, width: 1280, height: 1024))

    @Test func i3barsStrutIsReadAsABottomBand() {
        // xprop of i3bar on a 1024×600 screen.
        let struts = ScreenStrut.parse([0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0, 1024])
        #expect(struts == [ScreenStrut(edge: .bottom, thickness: 20, start: 0, end: 1024)])
        #expect(
            ScreenStrut.parse([0, 0, 24, 0]) == [ScreenStrut(edge: .top, thickness: 24, start: 0, end: 2_147_483_647)])
        #expect(ScreenStrut.parse([1, 2, 3]).isEmpty)
    }

    @Test func aBottomBarTakesItsHeightOffTheWorkArea() {
        let alone = OutputGeometry(name: "a", frame: Rect(x: 0, y: 0, width: 1024, height: 600))
        let struts = ScreenStrut.parse([0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0, 1024])
        #expect(
            alone.less(struts, screen: Size(width: 1024, height: 600)).workArea
                == Rect(x: 0, y: 0, width: 1024, height: 580))
    }

    @Test func aBandOnlyTakesRoomOffTheOutputItReachesInto() {
        // A top bar along the large output only, and a bottom bar along the large one's bottom edge.
        let struts = [
            ScreenStrut(edge: .top, thickness: 30, start: 1024, end: 2303),
            ScreenStrut(edge: .bottom, thickness: 25, start: 1024, end: 2303),
        ]
        #expect(Self.small.less(struts, screen: Self.screen).workArea == Rect(x: 0, y: 0, width: 1024, height: 600))
        #expect(Self.large.less(struts, screen: Self.screen).workArea == Rect(x: 0, y: 30, width: 1280, height: 969))
    }

    @Test func i3barsBandEndingWhereTheNextOutputBeginsLeavesThatOutputWhole() {
        // i3bar on the left output only; its end is the first pixel past the band, not the last in it.
        let left = OutputGeometry(name: "a", frame: Rect(x: 0, y: 0, width: 1024, height: 600))
        let right = OutputGeometry(name: "b", frame: Rect(x: 1024, y: 0, width: 1024, height: 600))
        let struts = ScreenStrut.parse([0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0, 1024])
        let screen = Size(width: 2048, height: 600)
        #expect(left.less(struts, screen: screen).workArea == Rect(x: 0, y: 0, width: 1024, height: 580))
        #expect(right.less(struts, screen: screen).workArea == Rect(x: 0, y: 0, width: 1024, height: 600))
    }

    @Test func aStrutInXPixelsIsTakenOffInLogicalOnes() {
        // GDK_SCALE=2 on a 2048×1200 screen: a 40-pixel bar is 20 logical pixels.
        let struts = ScreenStrut.parse([0, 0, 0, 40, 0, 0, 0, 0, 0, 0, 0, 2047], scale: 2)
        #expect(struts == [ScreenStrut(edge: .bottom, thickness: 20, start: 0, end: 1023.5)])
        #expect(
            Self.small.less(struts, screen: Size(width: 1024, height: 600)).workArea
                == Rect(x: 0, y: 0, width: 1024, height: 580))
    }

    @Test func aBandBelowAShorterOutputLeavesItWhole() {
        // The screen's bottom edge is 424 pixels below the small output's.
        let struts = [ScreenStrut(edge: .bottom, thickness: 40, start: 0, end: 2303)]
        #expect(Self.small.less(struts, screen: Self.screen).workArea == Rect(x: 0, y: 0, width: 1024, height: 600))
        #expect(Self.large.less(struts, screen: Self.screen).workArea.height == 984)
    }

    @Test func aWorkAreaTheWindowManagerGaveIsNarrowedFurther() {
        let output = OutputGeometry(
            name: "a", frame: Rect(x: 0, y: 0, width: 1024, height: 600),
            workArea: Rect(x: 0, y: 24, width: 1024, height: 576))
        let struts = [ScreenStrut(edge: .bottom, thickness: 20, start: 0, end: 1023)]
        #expect(
            output.less(struts, screen: Size(width: 1024, height: 600)).workArea
                == Rect(x: 0, y: 24, width: 1024, height: 556))
        #expect(output.less([], screen: Size(width: 1024, height: 600)) == output)
    }
}
