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
        // The screen's bottom edge is 424 pixels below the small output's: an EWMH panel along the
        // whole bottom edge, its window on the large output only, is 424 pixels below the small one.
        let window = Rect(x: 1024, y: 984, width: 1280, height: 40)
        for struts in [
            [ScreenStrut(edge: .bottom, thickness: 40, start: 0, end: 2303)],
            [ScreenStrut(edge: .bottom, thickness: 40, start: 0, end: 2303, window: window)],
        ] {
            #expect(Self.small.less(struts, screen: Self.screen).workArea == Rect(x: 0, y: 0, width: 1024, height: 600))
            #expect(Self.large.less(struts, screen: Self.screen).workArea == Rect(x: 0, y: 0, width: 1280, height: 984))
        }
    }

    @Test func i3barOnAShorterOutputTakesItsHeightOffThatOutput() {
        // i3bar at the small output's bottom sets bottom = 20 from that output's edge, not the screen's,
        // so its band as the EWMH reads it lies 424 pixels below the output; its window shows where it is.
        let struts = ScreenStrut.parse(
            [0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0, 1024], window: Rect(x: 0, y: 580, width: 1024, height: 20))
        #expect(struts.map(\.window) == [Rect(x: 0, y: 580, width: 1024, height: 20)])
        #expect(Self.small.less(struts, screen: Self.screen).workArea == Rect(x: 0, y: 0, width: 1024, height: 580))
        #expect(Self.large.less(struts, screen: Self.screen).workArea == Rect(x: 0, y: 0, width: 1280, height: 1024))
        // Without its window the band is read as the EWMH says, and the small output stays whole.
        let unknown = ScreenStrut.parse(
            [0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0, 1024], window: Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(unknown.map(\.window) == [nil])
        #expect(Self.small.less(unknown, screen: Self.screen).workArea == Rect(x: 0, y: 0, width: 1024, height: 600))
    }

    @Test func aPanelsWindowTakesNoMoreThanItsStrut() {
        // A dock 100 pixels tall that keeps 40 (room to grow its icons over windows), and a
        // top bar at the large output's top whose window is in a scaled (GDK_SCALE=2) screen's pixels.
        let dock = ScreenStrut(
            edge: .bottom, thickness: 40, start: 1024, end: 2303,
            window: Rect(x: 1024, y: 924, width: 1280, height: 100))
        #expect(Self.large.less([dock], screen: Self.screen).workArea == Rect(x: 0, y: 0, width: 1280, height: 984))
        let top = ScreenStrut.parse(
            [0, 0, 60, 0, 0, 0, 0, 0, 2048, 4607, 0, 0], window: Rect(x: 2048, y: 0, width: 2560, height: 60), scale: 2)
        #expect(Self.large.less(top, screen: Self.screen).workArea == Rect(x: 0, y: 30, width: 1280, height: 994))
        #expect(Self.small.less(top, screen: Self.screen).workArea == Rect(x: 0, y: 0, width: 1024, height: 600))
    }

    @Test func aLeftOrRightPanelsWindowNarrowsTheOutputItIsOn() {
        // Panels whose struts count from their output's edges, on the small output's right and the large one's left.
        let right = ScreenStrut(
            edge: .right, thickness: 50, start: 0, end: 600, window: Rect(x: 974, y: 0, width: 50, height: 600))
        let left = ScreenStrut(
            edge: .left, thickness: 30, start: 0, end: 1024, window: Rect(x: 1024, y: 0, width: 30, height: 1024))
        #expect(
            Self.small.less([right, left], screen: Self.screen).workArea == Rect(x: 0, y: 0, width: 974, height: 600))
        #expect(
            Self.large.less([right, left], screen: Self.screen).workArea == Rect(x: 30, y: 0, width: 1250, height: 1024)
        )
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
