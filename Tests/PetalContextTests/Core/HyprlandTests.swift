import PetalContextCore
import PetalCore
import Testing

/// Hyprland's event lines and starting replies, as its IPC documentation gives them.
@Suite struct HyprlandTests {
    @Test func activeWindowIsClassThenTitleWhichMayHoldCommas() {
        #expect(HyprlandEvent(line: "activewindow>>kitty,~") == .activeWindow(app: "kitty", title: "~"))
        #expect(
            HyprlandEvent(line: "activewindow>>firefox,Petal, menus, and more — Mozilla Firefox")
                == .activeWindow(app: "firefox", title: "Petal, menus, and more — Mozilla Firefox"))
        #expect(HyprlandEvent(line: "activewindow>>firefox,") == .activeWindow(app: "firefox", title: ""))
        #expect(HyprlandEvent(line: "activewindow>>,a title only") == .activeWindow(app: "", title: "a title only"))
        #expect(HyprlandEvent(line: "activewindow>>code,a>>b") == .activeWindow(app: "code", title: "a>>b"))
    }

    @Test func activeWindowWithNothingIsNoWindow() {
        #expect(HyprlandEvent(line: "activewindow>>,") == .noActiveWindow)
    }

    @Test func focusedMonIsTheOutputAndItsWorkspace() {
        #expect(HyprlandEvent(line: "focusedmon>>HDMI-A-1,2") == .focusedMonitor(name: "HDMI-A-1", workspace: "2"))
        #expect(
            HyprlandEvent(line: "focusedmon>>DP-1,name:web, and more")
                == .focusedMonitor(name: "DP-1", workspace: "name:web, and more"))
    }

    @Test func everyOtherEventIsIgnored() {
        let others = [
            "activewindowv2>>55d0c0ffee20", "focusedmonv2>>DP-1,2", "workspace>>2", "workspacev2>>2,2",
            "openwindow>>55d0c0ffee20,2,kitty,~", "closewindow>>55d0c0ffee20", "windowtitle>>55d0c0ffee20",
            "windowtitlev2>>55d0c0ffee20,~", "movewindow>>55d0c0ffee20,2", "createworkspace>>3",
            "destroyworkspace>>3", "moveworkspace>>3,DP-1", "renameworkspace>>3,web", "activespecial>>,DP-1",
            "activelayout>>kb,English (US)", "fullscreen>>1", "monitoradded>>DP-2", "monitorremoved>>DP-2",
            "openlayer>>waybar", "closelayer>>waybar", "submap>>resize", "changefloatingmode>>55d0c0ffee20,1",
            "urgent>>55d0c0ffee20", "screencast>>1,0", "configreloaded>>", "pin>>55d0c0ffee20,1",
        ]
        for line in others { #expect(HyprlandEvent(line: line[...]) == nil, "\(line)") }
    }

    @Test func linesThatAreNoEventAreIgnored() {
        for line in ["", "activewindow", "activewindow>>nocomma", "focusedmon>>DP-1", ">>", "ACTIVEWINDOW>>a,b"] {
            #expect(HyprlandEvent(line: line[...]) == nil, "\(line)")
        }
    }

    @Test func linesSplitAcrossReadsComeOutWhole() {
        var reader = HyprlandLineReader()
        #expect(reader.lines(in: Array("activewin".utf8)).isEmpty)
        #expect(
            reader.lines(in: Array("dow>>kitty,~\nfocusedmon>>DP-1,1\nactive".utf8))
                == ["activewindow>>kitty,~", "focusedmon>>DP-1,1"])
        #expect(reader.lines(in: Array("window>>,\n".utf8)) == ["activewindow>>,"])
    }

    @Test func aTitleCutInsideACharacterAcrossReadsIsWhole() {
        let bytes = Array("activewindow>>foot,é\n".utf8)
        let split = bytes.firstIndex(of: 0xC3)! + 1
        var reader = HyprlandLineReader()
        #expect(reader.lines(in: bytes[..<split]).isEmpty)
        #expect(reader.lines(in: bytes[split...]) == ["activewindow>>foot,é"])
    }

    @Test func anOverlongLineIsKeptToTheLimitAndTheNextLineIsWhole() {
        var reader = HyprlandLineReader()
        let long = "activewindow>>app," + String(repeating: "x", count: 100_000)
        let lines = reader.lines(in: Array((long + "\nfocusedmon>>DP-1,1\n").utf8))
        #expect(lines.count == 2)
        #expect(lines[0].utf8.count == HyprlandLineReader.maximumLineBytes)
        #expect(lines[1] == "focusedmon>>DP-1,1")
    }

    @Test func theStartingStateComesFromActiveWindowAndTheFocusedMonitor() throws {
        var reader = HyprlandContextReader()
        let window = Array(#"{"address": "0x55d0c0ffee10", "class": "kitty", "title": "~, home", "monitor": 1}"#.utf8)
        let monitors = Array(
            #"[{"id": 0, "name": "DP-1", "focused": false}, {"id": 1, "name": "HDMI-A-1", "focused": true}]"#.utf8)
        #expect(
            try reader.start(activeWindow: window, monitors: monitors)
                == DesktopContext(app: "kitty", instance: "", title: "~, home", output: "HDMI-A-1"))
    }

    @Test func noActiveWindowAtTheStartIsAnEmptyObject() throws {
        var reader = HyprlandContextReader()
        let context = try reader.start(
            activeWindow: Array("{}".utf8), monitors: Array(#"[{"name": "DP-1", "focused": true}]"#.utf8))
        #expect(context == DesktopContext(app: "", instance: "", title: "", output: "DP-1"))
    }

    @Test func startingRepliesThatAreNotJSONAreFailures() {
        var reader = HyprlandContextReader()
        #expect(throws: HyprlandContextReader.Failure.self) {
            try reader.start(activeWindow: Array("unknown request".utf8), monitors: Array("[]".utf8))
        }
        #expect(throws: HyprlandContextReader.Failure.self) {
            try reader.start(activeWindow: Array("{}".utf8), monitors: Array("{}".utf8))
        }
    }

    @Test func eventsChangeTheContextAndOnlyChangesAreSaid() throws {
        var reader = HyprlandContextReader()
        _ = try reader.start(
            activeWindow: Array("{}".utf8), monitors: Array(#"[{"name": "DP-1", "focused": true}]"#.utf8))
        #expect(
            reader.take(line: "activewindow>>kitty,~")
                == DesktopContext(app: "kitty", instance: "", title: "~", output: "DP-1"))
        #expect(reader.take(line: "activewindow>>kitty,~") == nil)
        #expect(reader.take(line: "focusedmonv2>>HDMI-A-1,2") == nil)
        #expect(
            reader.take(line: "focusedmon>>HDMI-A-1,2")
                == DesktopContext(app: "kitty", instance: "", title: "~", output: "HDMI-A-1"))
        #expect(reader.take(line: "focusedmon>>HDMI-A-1,3") == nil, "another workspace on the same output")
        #expect(
            reader.take(line: "activewindow>>,") == DesktopContext(app: "", instance: "", title: "", output: "HDMI-A-1")
        )
    }
}
