import PetalCore
import PetalJSON

/// The context of a Hyprland desktop (docs/context.md): the starting state
/// from its request socket's `j/activewindow` and `j/monitors`, then the
/// `activewindow` and `focusedmon` events of its event socket. An
/// `activewindow` event does not carry the window's `initialClass` (the
/// context's instance): when another application has focus, the reader asks
/// for `j/activewindow` again (``needsInstance``).
public struct HyprlandContextReader: Sendable {
    /// What has been read so far.
    public private(set) var context = DesktopContext.noWindow
    /// Whether the focused window's instance is unknown since an event: its
    /// source asks ``activeWindowRequest`` and gives the answer to ``take(activeWindow:)``.
    public private(set) var needsInstance = false

    /// A starting reply that is not the JSON Hyprland sends.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Nothing read yet.
    public init() {}

    /// The requests whose replies make the starting state.
    public static let activeWindowRequest = "j/activewindow"
    public static let monitorsRequest = "j/monitors"

    /// Takes the replies to ``activeWindowRequest`` (an object; `{}` when no
    /// window has focus) and ``monitorsRequest`` (an array; the focused one
    /// has `"focused": true`), and returns the context they make.
    ///
    /// - Throws: ``Failure`` naming the reply that is not what it should be.
    public mutating func start(activeWindow: [UInt8], monitors: [UInt8]) throws(Failure) -> DesktopContext {
        guard let window = (try? JSONValue.parse(String(decoding: activeWindow, as: UTF8.self)))?.objectValue else {
            throw Failure(
                description:
                    "Hyprland's answer to \(Self.activeWindowRequest) is no JSON object: \(Self.excerpt(activeWindow))")
        }
        guard let list = (try? JSONValue.parse(String(decoding: monitors, as: UTF8.self)))?.arrayValue else {
            throw Failure(
                description: "Hyprland's answer to \(Self.monitorsRequest) is no JSON array: \(Self.excerpt(monitors))")
        }
        let output = list.first { $0["focused"]?.boolValue == true }?["name"]?.stringValue ?? ""
        context = DesktopContext(
            app: window["class"]?.stringValue ?? "", instance: window["initialClass"]?.stringValue ?? "",
            title: window["title"]?.stringValue ?? "", output: output)
        return context
    }

    /// Takes an answer to ``activeWindowRequest`` asked after an event: the
    /// window's `initialClass` is the instance, when the window is still the
    /// application the events last named (else a newer event is on its way,
    /// and asks again). Returns the new context when it changed.
    public mutating func take(activeWindow answer: [UInt8]) -> DesktopContext? {
        needsInstance = false
        guard let window = (try? JSONValue.parse(String(decoding: answer, as: UTF8.self)))?.objectValue,
            window["class"]?.stringValue == context.app, let instance = window["initialClass"]?.stringValue,
            instance != context.instance
        else { return nil }
        context = context.focusing(app: context.app, instance: instance, title: context.title)
        return context
    }

    /// Takes one line of the event socket; returns the new context when it changed.
    public mutating func take(line: String) -> DesktopContext? {
        guard let event = HyprlandEvent(line: line[...]) else { return nil }
        let before = context
        switch event {
        case .activeWindow(let app, let title) where app == context.app:
            // The same application: a title change, or another of its windows; its instance stays.
            context = context.focusing(app: app, instance: context.instance, title: title)
        case .activeWindow(let app, let title):
            context = context.focusing(app: app, instance: "", title: title)
            needsInstance = true
        case .noActiveWindow:
            context = context.unfocused
            needsInstance = false
        case .focusedMonitor(let name, _): context = context.on(output: name)
        }
        return context == before ? nil : context
    }

    private static func excerpt(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(200), as: UTF8.self)
        return bytes.count > 200 ? text + "…" : text
    }
}
