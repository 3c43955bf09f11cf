import PetalContextCore
import PetalCore
import Testing

/// X11 properties decoded as the ICCCM and EWMH say, and the output a window is on.
@Suite struct X11WindowTests {
    @Test func wmClassIsTheSecondOfItsTwoStrings() {
        #expect(X11Window.windowClass(fromWMClass: Array("Navigator\0firefox\0".utf8)) == "firefox")
        #expect(X11Window.windowClass(fromWMClass: Array("urxvt\0URxvt".utf8)) == "URxvt", "no final NUL")
        #expect(X11Window.windowClass(fromWMClass: Array("\0Emacs\0".utf8)) == "Emacs", "an empty instance")
    }

    @Test func aWMClassWithoutAClassIsEmpty() {
        #expect(X11Window.windowClass(fromWMClass: Array("onlyinstance\0".utf8)) == "")
        #expect(X11Window.windowClass(fromWMClass: Array("onlyinstance".utf8)) == "")
        #expect(X11Window.windowClass(fromWMClass: []) == "")
    }

    @Test func wmClassIsLatin1() {
        #expect(X11Window.windowClass(fromWMClass: [0x61, 0, 0x43, 0x61, 0x66, 0xE9, 0]) == "Café")
    }

    @Test func netWMNameIsUTF8AndWinsOverWMName() {
        let title = X11Window.title(netWMName: Array("Ünïcödé — 日本語 🌸".utf8), wmName: (Array("Unicode".utf8), .latin1))
        #expect(title == "Ünïcödé — 日本語 🌸")
    }

    @Test func withoutNetWMNameTheTitleIsWMNameInItsEncoding() {
        #expect(X11Window.title(netWMName: nil, wmName: ([0x43, 0x61, 0x66, 0xE9], .latin1)) == "Café")
        #expect(X11Window.title(netWMName: [], wmName: (Array("Café".utf8), .utf8)) == "Café", "an empty _NET_WM_NAME")
        #expect(X11Window.title(netWMName: nil, wmName: nil) == "")
    }

    @Test func invalidUTF8IsReplacedAndATrailingNULDropped() {
        #expect(X11Window.text([0x61, 0xFF, 0x62], encoding: .utf8) == "a\u{FFFD}b")
        #expect(X11Window.text(Array("title\0".utf8), encoding: .utf8) == "title")
        #expect(X11Window.text(Array("title\0garbage".utf8), encoding: .latin1) == "title")
    }

    @Test func aPropertyCutInsideACharacterLosesOnlyThatCharacter() {
        let title = String(repeating: "日", count: 2000)  // 6,000 bytes, read to the property limit
        let read = Array(Array(title.utf8).prefix(X11Window.maximumPropertyBytes))
        let context = DesktopContext(app: "", instance: "", title: X11Window.text(read, encoding: .utf8), output: "")
            .capped()
        #expect(context.title == String(repeating: "日", count: 1365))
        #expect(context.title.utf8.count <= DesktopContext.maximumValueBytes)
    }

    @Test func theOutputIsTheOneHoldingTheCentre() {
        let outputs = [("eDP-1", 0, 0, 1920, 1080), ("HDMI-1", 1920, 0, 2560, 1440)]
        #expect(X11Window.output(holding: (960, 540), among: outputs) == "eDP-1")
        #expect(X11Window.output(holding: (1920, 10), among: outputs) == "HDMI-1", "the left edge belongs to HDMI-1")
        #expect(X11Window.output(holding: (1919, 1079), among: outputs) == "eDP-1")
        #expect(X11Window.output(holding: (100, 1200), among: outputs) == "", "below eDP-1: on no output")
        #expect(X11Window.output(holding: (-5, 10), among: outputs) == "")
        #expect(X11Window.output(holding: (10, 10), among: []) == "", "no RandR")
    }

    @Test func mirroredOutputsGiveTheFirst() {
        let outputs = [("eDP-1", 0, 0, 1920, 1080), ("DP-1", 0, 0, 1920, 1080)]
        #expect(X11Window.output(holding: (5, 5), among: outputs) == "eDP-1")
    }
}
