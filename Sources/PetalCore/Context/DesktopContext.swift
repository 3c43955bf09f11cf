/// What the desktop shows, as petald's `Context` property holds it
/// (docs/context.md): the focused window's application, its instance and
/// title, the focused output, and who said so. One type for every end:
/// petal-context reads it off the desktop, petald keeps it and matches menus'
/// `when` against it, and clients print and set it.
///
/// A key not given is left out (a `when` reads it as ""); "" is a value
/// given, as petal-context says when no window has focus.
public struct DesktopContext: Equatable, Sendable {
    /// The keys, in the order the property lists them.
    public enum Key: String, CaseIterable, Sendable {
        /// The focused window's application id (its WM_CLASS class on X11); "" when no window has focus.
        case app
        /// Which instance of the application: X11's WM_CLASS instance (i3 and
        /// sway's `window_properties.instance`), the app id again on Wayland, Hyprland's `initialClass`.
        case instance
        /// The focused window's title.
        case title
        /// The focused output, e.g. `HDMI-A-1`.
        case output
        /// Who set it, as the setter says: `petal-context/sway`, `petalctl`, …
        case source

        /// The keys a menu's `when` may test: all but ``source``.
        public static let matched: [Key] = [.app, .instance, .title, .output]
    }

    /// The most bytes of UTF-8 one value may have.
    public static let maximumValueBytes = Limits.contextValueBytes

    /// The values given, by key.
    public private(set) var values: [Key: String] = [:]

    /// No key given.
    public init() {}

    /// A context of the values given.
    public init(
        app: String? = nil, instance: String? = nil, title: String? = nil, output: String? = nil, source: String? = nil
    ) {
        values[.app] = app
        values[.instance] = instance
        values[.title] = title
        values[.output] = output
        values[.source] = source
    }

    /// No context: what petald holds before anyone sets one, and after its setter leaves.
    public static let none = DesktopContext()

    /// Whether no key is given.
    public var isEmpty: Bool { values.isEmpty }

    /// The value of `key`, nil when not given.
    public subscript(key: Key) -> String? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The value of `key` as a `when` reads it: "" when not given.
    public func value(of key: Key) -> String { values[key] ?? "" }

    /// The application, "" when not given.
    public var app: String { value(of: .app) }
    /// The instance, "" when not given.
    public var instance: String { value(of: .instance) }
    /// The title, "" when not given.
    public var title: String { value(of: .title) }
    /// The output, "" when not given.
    public var output: String { value(of: .output) }

    // MARK: As the desktop changes

    /// No window has focus, on no known output: every key but `source` given as "".
    public static let noWindow = DesktopContext(app: "", instance: "", title: "", output: "")

    /// The same context on `output`.
    public func on(output: String) -> DesktopContext {
        var moved = self
        moved[.output] = output
        return moved
    }

    /// The focused window's `app`, `instance` and `title`, on the same output.
    public func focusing(app: String, instance: String, title: String) -> DesktopContext {
        var focused = self
        (focused[.app], focused[.instance], focused[.title]) = (app, instance, title)
        return focused
    }

    /// No window has focus, on the same output.
    public var unfocused: DesktopContext { focusing(app: "", instance: "", title: "") }

    /// The same context, said by `source`.
    public func said(by source: String) -> DesktopContext {
        var said = self
        said[.source] = source
        return said
    }

    /// `app, instance, title, output and source`, for messages.
    public static let keyList =
        Key.allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " and " + Key.allCases.last!.rawValue
}
