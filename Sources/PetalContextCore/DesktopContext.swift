import TextEscaping

/// What the desktop shows now, as petald's `Context` property holds it: the
/// focused window's application, its instance and its title, and the focused
/// output (docs/context.md).
///
/// Every value is at most ``maximumBytes`` of UTF-8, the most petald takes
/// for one: longer ones are cut on a character boundary when the context is made.
public struct DesktopContext: Equatable, Sendable, CustomStringConvertible {
    /// The most bytes of UTF-8 any one value may have.
    public static let maximumBytes = 4096

    /// The focused window's application id (its WM_CLASS class on X11); "" when no window has focus.
    public let app: String
    /// Which instance of the application: X11's WM_CLASS instance, the app
    /// id again for a Wayland window, Hyprland's `initialClass`; "" when no window has focus.
    public let instance: String
    /// The focused window's title; "" when no window has focus.
    public let title: String
    /// The focused output's name, e.g. `HDMI-A-1`; "" when unknown.
    public let output: String

    /// A context of these values, each cut to ``maximumBytes``.
    public init(app: String, instance: String, title: String, output: String) {
        self.app = ContextText.capped(app)
        self.instance = ContextText.capped(instance)
        self.title = ContextText.capped(title)
        self.output = ContextText.capped(output)
    }

    /// No window has focus, on no known output.
    public static let empty = DesktopContext(app: "", instance: "", title: "", output: "")

    /// The same context on `output`.
    public func on(output: String) -> DesktopContext {
        DesktopContext(app: app, instance: instance, title: title, output: output)
    }

    /// The focused window's `app`, `instance` and `title`, on the same output.
    public func focusing(app: String, instance: String, title: String) -> DesktopContext {
        DesktopContext(app: app, instance: instance, title: title, output: output)
    }

    /// No window has focus, on the same output.
    public var unfocused: DesktopContext { focusing(app: "", instance: "", title: "") }

    /// The `a{sv}` entries of `SetContext`, `source` included, in a fixed order.
    public func entries(source: String) -> [(key: String, value: String)] {
        [
            ("app", app), ("instance", instance), ("title", title), ("output", output),
            ("source", ContextText.capped(source)),
        ]
    }

    /// `app="firefox" instance="Navigator" title="Petal" output="HDMI-A-1"`,
    /// for the log: one line, each value cut at 256 bytes, whatever the values hold.
    public var description: String {
        func shown(_ value: String) -> String { "\"" + LogText.escaped(value, maximumBytes: 256) + "\"" }
        return "app=\(shown(app)) instance=\(shown(instance)) title=\(shown(title)) output=\(shown(output))"
    }
}

/// The text rules every context value follows.
public enum ContextText {
    /// `text` cut to at most `maximumBytes` of UTF-8, never inside a character
    /// (a user-perceived one: an emoji with its modifiers stays whole or goes).
    public static func capped(_ text: String, maximumBytes: Int = DesktopContext.maximumBytes) -> String {
        guard text.utf8.count > maximumBytes else { return text }
        var kept = 0
        var end = text.startIndex
        for index in text.indices {
            let next = text.index(after: index)
            let size = text.utf8.distance(from: index, to: next)
            guard kept + size <= maximumBytes else { break }
            kept += size
            end = next
        }
        return String(text[..<end])
    }
}
