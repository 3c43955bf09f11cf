import PetalContextCore
import PetalCore
import Testing

/// sway's and i3's replies and events, in the shapes they send, made into the context.
@Suite struct I3ContextReaderTests {
    // MARK: Fixtures, as sway 1.7 and i3 4.22 print them (cut to what matters)

    static let subscribed = I3IPCMessage(.subscribe, payload: #"{"success": true}"#)

    /// sway: foot (Wayland) and Firefox (Xwayland) on workspace 1 of HEADLESS-1, Firefox focused.
    static let swayTree = I3IPCMessage(
        .getTree,
        payload: """
            {"id": 1, "type": "root", "name": "root", "focused": false, "focus": [3], "nodes": [
              {"id": 2147483647, "type": "output", "name": "__i3", "focused": false, "nodes": [
                {"id": 2147483646, "type": "workspace", "name": "__i3_scratch", "focused": false, "nodes": [], "floating_nodes": []}]},
              {"id": 3, "type": "output", "name": "HEADLESS-1", "focused": false, "focus": [4], "nodes": [
                {"id": 4, "type": "workspace", "name": "1", "output": "HEADLESS-1", "focused": false, "focus": [6, 5],
                 "floating_nodes": [], "nodes": [
                  {"id": 5, "type": "con", "name": "~", "app_id": "foot", "pid": 100, "shell": "xdg_shell",
                   "focused": false, "focus": [], "nodes": [], "floating_nodes": []},
                  {"id": 6, "type": "con", "name": "Petal — Mozilla Firefox", "app_id": null, "window": 4194307,
                   "shell": "xwayland", "window_properties": {"class": "firefox", "instance": "Navigator",
                   "title": "Petal — Mozilla Firefox"}, "focused": true, "focus": [], "nodes": [], "floating_nodes": []}]}]}]}
            """)

    static let swayWorkspaces = I3IPCMessage(
        .getWorkspaces,
        payload: """
            [{"id": 4, "type": "workspace", "name": "1", "num": 1, "output": "HEADLESS-1", "focused": true, "visible": true,
              "urgent": false, "rect": {"x": 0, "y": 0, "width": 1280, "height": 720}}]
            """)

    /// i3: urxvt in the content container of eDP-1, beside the dock area.
    static let i3Tree = I3IPCMessage(
        .getTree,
        payload: """
            {"id": 94001, "type": "root", "name": "root", "focused": false, "nodes": [
              {"id": 94002, "type": "output", "name": "eDP-1", "focused": false, "nodes": [
                {"id": 94003, "type": "dockarea", "name": "topdock", "focused": false, "nodes": []},
                {"id": 94004, "type": "con", "name": "content", "focused": false, "nodes": [
                  {"id": 94005, "type": "workspace", "name": "2: web", "num": 2, "focused": false, "focus": [94006],
                   "nodes": [
                    {"id": 94006, "type": "con", "name": "user@host: ~", "window": 12582920, "window_type": "normal",
                     "window_properties": {"class": "URxvt", "instance": "urxvt", "title": "user@host: ~"},
                     "focused": true, "nodes": [], "floating_nodes": []}],
                   "floating_nodes": []}]}]}]}
            """)

    static let i3Workspaces = I3IPCMessage(
        .getWorkspaces,
        payload: """
            [{"id": 94005, "num": 2, "name": "2: web", "visible": true, "focused": true, "output": "eDP-1", "urgent": false}]
            """)

    static func window(_ change: String, id: Int, app: String?, name: String, xClass: String? = nil) -> I3IPCMessage {
        let appID = app.map { "\"\($0)\"" } ?? "null"
        let properties = xClass.map { #", "window": 4194400, "window_properties": {"class": "\#($0)"}"# } ?? ""
        return I3IPCMessage(
            .windowEvent,
            payload: """
                {"change": "\(change)", "container": {"id": \(id), "type": "con", "name": "\(name)", "app_id": \(appID)\(properties),
                 "focused": \(change == "focus"), "nodes": [], "floating_nodes": []}}
                """)
    }

    /// A workspace event; `nodes` is the JSON of its windows.
    static func workspace(_ change: String, id: Int, output: String, focus: [Int] = [], nodes: String = "")
        -> I3IPCMessage
    {
        I3IPCMessage(
            .workspaceEvent,
            payload: """
                {"change": "\(change)", "old": {"id": 4, "type": "workspace", "name": "1", "output": "HEADLESS-1", "nodes": []},
                 "current": {"id": \(id), "type": "workspace", "name": "\(id)", "output": "\(output)",
                             "focus": \(focus), "nodes": [\(nodes)], "floating_nodes": []}}
                """)
    }

    /// A reader that has taken sway's starting replies.
    static func startedOnSway() throws -> I3ContextReader {
        var reader = I3ContextReader()
        for message in [subscribed, swayTree, swayWorkspaces] { _ = try reader.take(message) }
        return reader
    }

    // MARK: The starting state

    @Test func theContextComesOnceBothStartingRepliesHave() throws {
        var reader = I3ContextReader()
        #expect(try reader.take(Self.subscribed) == nil)
        #expect(try reader.take(Self.swayTree) == nil, "the workspaces are still to come")
        #expect(!reader.isReady)
        let context = try reader.take(Self.swayWorkspaces)
        #expect(
            context
                == DesktopContext(
                    app: "firefox", instance: "Navigator", title: "Petal — Mozilla Firefox", output: "HEADLESS-1"))
        #expect(reader.isReady)
    }

    @Test func anEventBeforeTheRepliesIsOverriddenByThem() throws {
        var reader = I3ContextReader()
        _ = try reader.take(Self.subscribed)
        #expect(try reader.take(Self.window("focus", id: 5, app: "foot", name: "~")) == nil)
        _ = try reader.take(Self.swayTree)
        #expect(try reader.take(Self.swayWorkspaces)?.app == "firefox")
    }

    @Test func aWaylandWindowIsItsAppIDAndAnX11WindowItsClass() throws {
        var reader = try Self.startedOnSway()
        #expect(reader.context.app == "firefox", "Xwayland: window_properties.class")
        #expect(try reader.take(Self.window("focus", id: 5, app: "foot", name: "~"))?.app == "foot")
    }

    @Test func i3sTreeReadsTheFocusedWindowsClassAndItsOutput() throws {
        var reader = I3ContextReader()
        for message in [Self.subscribed, Self.i3Tree] { _ = try reader.take(message) }
        #expect(
            try reader.take(Self.i3Workspaces)
                == DesktopContext(app: "URxvt", instance: "urxvt", title: "user@host: ~", output: "eDP-1"))
    }

    @Test func aFocusedEmptyWorkspaceIsNoWindow() throws {
        let tree = I3IPCMessage(
            .getTree,
            payload: """
                {"id": 1, "type": "root", "nodes": [{"id": 3, "type": "output", "name": "DP-2", "nodes": [
                  {"id": 9, "type": "workspace", "name": "3", "output": "DP-2", "focused": true, "nodes": [], "floating_nodes": []}]}]}
                """)
        let workspaces = I3IPCMessage(
            .getWorkspaces, payload: #"[{"id": 9, "name": "3", "focused": true, "output": "DP-2"}]"#)
        var reader = I3ContextReader()
        for message in [Self.subscribed, tree] { _ = try reader.take(message) }
        #expect(try reader.take(workspaces) == DesktopContext(app: "", instance: "", title: "", output: "DP-2"))
    }

    // MARK: Window events

    @Test func aFocusEventChangesAppAndTitleAndKeepsTheOutput() throws {
        var reader = try Self.startedOnSway()
        let context = try reader.take(Self.window("focus", id: 5, app: "foot", name: "~/src"))
        #expect(context == DesktopContext(app: "foot", instance: "foot", title: "~/src", output: "HEADLESS-1"))
        #expect(try reader.take(Self.window("focus", id: 5, app: "foot", name: "~/src")) == nil, "nothing changed")
    }

    @Test func theFocusedWindowsTitleIsFollowedAndOthersAreNot() throws {
        var reader = try Self.startedOnSway()
        #expect(try reader.take(Self.window("title", id: 5, app: "foot", name: "vim")) == nil, "foot has no focus")
        let context = try reader.take(
            Self.window("title", id: 6, app: nil, name: "Other — Mozilla Firefox", xClass: "firefox"))
        #expect(context?.title == "Other — Mozilla Firefox")
    }

    @Test func closingTheFocusedWindowLeavesNoWindowUntilTheNextFocus() throws {
        var reader = try Self.startedOnSway()
        #expect(try reader.take(Self.window("close", id: 5, app: "foot", name: "~")) == nil, "not the focused one")
        #expect(try reader.take(Self.window("close", id: 6, app: nil, name: "x", xClass: "firefox"))?.app == "")
        #expect(try reader.take(Self.window("focus", id: 5, app: "foot", name: "~"))?.app == "foot")
    }

    @Test func otherWindowChangesAreIgnored() throws {
        var reader = try Self.startedOnSway()
        for change in ["new", "move", "floating", "urgent", "mark", "fullscreen_mode"] {
            #expect(try reader.take(Self.window(change, id: 5, app: "foot", name: "~")) == nil, "\(change)")
        }
    }

    // MARK: Workspace events

    @Test func focusingAnEmptyWorkspaceIsNoWindowOnItsOutput() throws {
        var reader = try Self.startedOnSway()
        let context = try reader.take(Self.workspace("focus", id: 12, output: "HDMI-A-1"))
        #expect(context == DesktopContext(app: "", instance: "", title: "", output: "HDMI-A-1"))
    }

    @Test func focusingAWorkspaceWithWindowsFollowsItsFocusOrderToTheWindow() throws {
        var reader = try Self.startedOnSway()
        let nodes = """
            {"id": 20, "type": "con", "name": null, "layout": "splitv", "focus": [22, 21], "nodes": [
              {"id": 21, "type": "con", "name": "a", "app_id": "alpha", "nodes": []},
              {"id": 22, "type": "con", "name": "b", "app_id": "beta", "nodes": []}]}
            """
        let context = try reader.take(Self.workspace("focus", id: 12, output: "HDMI-A-1", focus: [20], nodes: nodes))
        #expect(context == DesktopContext(app: "beta", instance: "beta", title: "b", output: "HDMI-A-1"))
        // The window event sway sends next says the same: nothing to tell.
        #expect(try reader.take(Self.window("focus", id: 22, app: "beta", name: "b")) == nil)
    }

    @Test func theFocusedWorkspaceMovingToAnotherOutputMovesTheOutput() throws {
        var reader = try Self.startedOnSway()
        #expect(try reader.take(Self.workspace("move", id: 12, output: "DP-3")) == nil, "another workspace moved")
        #expect(try reader.take(Self.workspace("move", id: 4, output: "DP-3"))?.output == "DP-3")
    }

    @Test func otherWorkspaceChangesAreIgnored() throws {
        var reader = try Self.startedOnSway()
        for change in ["init", "empty", "rename", "urgent", "reload"] {
            #expect(try reader.take(Self.workspace(change, id: 12, output: "DP-9")) == nil, "\(change)")
        }
    }

    // MARK: Faults

    @Test func aRefusedSubscriptionIsAFailure() {
        var reader = I3ContextReader()
        #expect(throws: I3ContextReader.Failure.self) {
            try reader.take(I3IPCMessage(.subscribe, payload: #"{"success": false}"#))
        }
    }

    @Test func aStartingReplyThatIsNotJSONIsAFailure() {
        var reader = I3ContextReader()
        #expect(throws: I3ContextReader.Failure.self) { try reader.take(I3IPCMessage(.getTree, payload: "<html>")) }
        #expect(throws: I3ContextReader.Failure.self) { try reader.take(I3IPCMessage(.getWorkspaces, payload: "{}")) }
    }

    @Test func anEventThatIsNotJSONIsSkipped() throws {
        var reader = try Self.startedOnSway()
        #expect(try reader.take(I3IPCMessage(.windowEvent, payload: #"{"change": "focus", "container": "#)) == nil)
        #expect(try reader.take(Self.window("focus", id: 5, app: "foot", name: "~"))?.app == "foot")
    }

    @Test func invalidUTF8InATitleIsReplacedNotRefused() throws {
        var reader = try Self.startedOnSway()
        var payload = Array(#"{"change": "focus", "container": {"id": 5, "app_id": "foot", "name": "bad "#.utf8)
        payload += [0xFF, 0xFE] + Array(#""}}"#.utf8)
        #expect(
            try reader.take(I3IPCMessage(type: I3IPCMessage.Kind.windowEvent.rawValue, payload: payload))?.title
                == "bad \u{FFFD}\u{FFFD}")
    }

    /// What is sent is cut to petald's limit (ContextPublication cuts what it is given).
    @Test func aLongTitleIsCutToTheLimitBeforeItIsSent() throws {
        var reader = try Self.startedOnSway()
        let title = String(repeating: "é", count: 3000)
        let context = try #require(try reader.take(Self.window("focus", id: 5, app: "foot", name: title)))
        var publication = ContextPublication()
        _ = publication.petaldAppeared(as: ":1.1")
        let send = publication.desktopChanged(to: context)
        let sent = try #require(send).context
        #expect(sent.title.utf8.count == DesktopContext.maximumValueBytes)
        #expect(sent.title == String(repeating: "é", count: 2048))
    }
}
