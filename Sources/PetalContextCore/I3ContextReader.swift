import PetalCore
import PetalJSON

/// The context of a sway or i3 desktop, from the replies and events of its
/// IPC socket (docs/context.md): the starting state from `GET_TREE` and
/// `GET_WORKSPACES`, then `window` events (focus, title, close) and
/// `workspace` events (focus: a workspace without windows is app "" and title "").
///
/// app is a Wayland window's `app_id`, else an X11 window's
/// `window_properties.class`; output is the focused workspace's output.
public struct I3ContextReader: Sendable {
    /// What the messages taken so far say.
    public private(set) var context = DesktopContext.noWindow
    /// The container id of the focused window; nil when a workspace has focus.
    private var focusedWindow: Int64?
    /// The id of the focused workspace, to follow it when it moves to another output.
    private var focusedWorkspace: Int64?
    private var haveTree = false
    private var haveWorkspaces = false

    /// A reply that says something went wrong, or one that cannot be read.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Nothing read yet.
    public init() {}

    /// Whether both starting replies have come: only then is the context the desktop's.
    public var isReady: Bool { haveTree && haveWorkspaces }

    /// The messages that start the conversation, in the order to send them:
    /// SUBSCRIBE first, so that no change between the replies and the first
    /// event is missed (events and replies come on one socket, in order).
    public static let openingRequests = [
        I3IPCMessage(.subscribe, payload: #"["window","workspace"]"#),
        I3IPCMessage(.getTree),
        I3IPCMessage(.getWorkspaces),
    ]

    /// Takes one message read from the socket, reply or event.
    ///
    /// - Returns: the new context, when it changed and both starting replies have come.
    /// - Throws: ``Failure`` when the subscription was refused, or a starting
    ///   reply is not the JSON it should be. An event that cannot be read is skipped.
    public mutating func take(_ message: I3IPCMessage) throws(Failure) -> DesktopContext? {
        let before = (context, isReady)
        let json = try? JSONValue.parse(String(decoding: message.payload, as: UTF8.self))
        switch message.kind {
        case .subscribe:
            guard json?["success"]?.boolValue == true else {
                throw Failure(
                    description:
                        "the compositor refused to subscribe to window and workspace events: \(Self.excerpt(message))")
            }
        case .getTree:
            guard let json, json.objectValue != nil else {
                throw Failure(description: "GET_TREE's reply is no JSON object: \(Self.excerpt(message))")
            }
            takeTree(json)
            haveTree = true
        case .getWorkspaces:
            guard let workspaces = json?.arrayValue else {
                throw Failure(description: "GET_WORKSPACES's reply is no JSON array: \(Self.excerpt(message))")
            }
            if let focused = workspaces.first(where: { $0["focused"]?.boolValue == true }) {
                focusedWorkspace = focused["id"]?.int64Value
                if let output = focused["output"]?.stringValue { context = context.on(output: output) }
            }
            haveWorkspaces = true
        case .windowEvent:
            if let json { takeWindowEvent(json) }
        case .workspaceEvent:
            if let json { takeWorkspaceEvent(json) }
        case nil:
            break
        }
        guard isReady, context != before.0 || !before.1 else { return nil }
        return context
    }

    // MARK: The starting state

    /// The focused node of the layout tree, and the output it is on.
    private mutating func takeTree(_ tree: JSONValue) {
        guard let (node, output) = Self.focusedNode(in: tree, output: nil) else { return }
        if let output { context = context.on(output: output) }
        switch node["type"]?.stringValue {
        case "workspace":
            focusedWorkspace = node["id"]?.int64Value
            focus(nil)
        default:
            focus(Self.isWindow(node) ? node : nil)
        }
    }

    private static func focusedNode(in node: JSONValue, output: String?) -> (JSONValue, String?)? {
        let output = node["type"]?.stringValue == "output" ? node["name"]?.stringValue : output
        if node["focused"]?.boolValue == true { return (node, output) }
        for child in children(of: node) {
            if let found = focusedNode(in: child, output: output) { return found }
        }
        return nil
    }

    // MARK: Events

    private mutating func takeWindowEvent(_ event: JSONValue) {
        guard let container = event["container"] else { return }
        let id = container["id"]?.int64Value
        switch event["change"]?.stringValue {
        case "focus":
            focus(container)
        case "title" where id != nil && id == focusedWindow:
            focus(container)
        case "close" where id != nil && id == focusedWindow:
            focus(nil)
        default:
            break
        }
    }

    private mutating func takeWorkspaceEvent(_ event: JSONValue) {
        guard let current = event["current"] else { return }
        let id = current["id"]?.int64Value
        switch event["change"]?.stringValue {
        case "focus":
            focusedWorkspace = id
            if let output = current["output"]?.stringValue { context = context.on(output: output) }
            if !Self.holdsWindow(current) {
                focus(nil)
            } else if let window = Self.focusedLeaf(of: current), Self.isWindow(window) {
                focus(window)
            }
        case "move" where id != nil && id == focusedWorkspace:
            if let output = current["output"]?.stringValue { context = context.on(output: output) }
        default:
            break
        }
    }

    /// The window `container` has focus now; nil for none (a workspace has it).
    private mutating func focus(_ container: JSONValue?) {
        guard let container else {
            focusedWindow = nil
            context = context.unfocused
            return
        }
        focusedWindow = container["id"]?.int64Value
        context = context.focusing(
            app: Self.app(of: container), instance: Self.instance(of: container),
            title: container["name"]?.stringValue ?? "")
    }

    // MARK: Reading containers

    /// A Wayland window's `app_id`, else an X11 window's WM_CLASS class.
    static func app(of container: JSONValue) -> String {
        if let app = container["app_id"]?.stringValue, !app.isEmpty { return app }
        return container["window_properties"]?["class"]?.stringValue ?? ""
    }

    /// An X11 window's WM_CLASS instance, else a Wayland window's `app_id` again.
    static func instance(of container: JSONValue) -> String {
        if let instance = container["window_properties"]?["instance"]?.stringValue { return instance }
        return container["app_id"]?.stringValue ?? ""
    }

    /// Whether `node` is a window rather than a split, workspace or output.
    static func isWindow(_ node: JSONValue) -> Bool {
        node["app_id"]?.stringValue != nil || node["window"]?.int64Value != nil
            || node["window_properties"]?.objectValue != nil
    }

    private static func children(of node: JSONValue) -> [JSONValue] {
        (node["nodes"]?.arrayValue ?? []) + (node["floating_nodes"]?.arrayValue ?? [])
    }

    private static func holdsWindow(_ node: JSONValue) -> Bool {
        children(of: node).contains { isWindow($0) || holdsWindow($0) }
    }

    /// The leaf the focus order leads to from `node` (each node lists its
    /// children's ids in `focus`, most recently focused first).
    private static func focusedLeaf(of node: JSONValue) -> JSONValue? {
        var node = node
        for _ in 0..<JSONValue.maximumDepth {
            let children = children(of: node)
            guard !children.isEmpty else { return node }
            guard let first = node["focus"]?.arrayValue?.first?.int64Value,
                let next = children.first(where: { $0["id"]?.int64Value == first })
            else { return nil }
            node = next
        }
        return nil
    }

    private static func excerpt(_ message: I3IPCMessage) -> String {
        let text = String(decoding: message.payload.prefix(200), as: UTF8.self)
        return message.payload.count > 200 ? text + "…" : text
    }
}
