import DBus
import PetalCore

/// The context (docs/context.md): the `Context` property of
/// `org.petal.Petal1.Menus`, what `SetContext` takes, and the `context`
/// option of `ShowMenu("")`. petald checks it, and petalctl builds and
/// prints it, with this code.
///
/// Each key is a string of at most ``maximumValueBytes``; a key not given
/// is left out (a menu's `when` reads it as "").
public struct ContextProperty: Equatable, Sendable {
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
    }

    /// The most bytes of UTF-8 one value may have.
    public static let maximumValueBytes = Limits.contextValueBytes
    /// The most bytes `SetContext`'s argument may take in a message, checked
    /// before it is decoded: five values at their longest, their keys and
    /// signatures, with room to spare.
    public static let maximumWireBytes = Limits.contextWireBytes

    /// The values given, by key.
    public private(set) var values: [Key: String] = [:]

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
    public static let none = ContextProperty()

    /// Whether no key is given.
    public var isEmpty: Bool { values.isEmpty }

    /// The value of `key`, nil when not given.
    public subscript(key: Key) -> String? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// What a menu's `when` reads: each key not given is "".
    public var matched: ContextValues {
        ContextValues(
            app: values[.app] ?? "", instance: values[.instance] ?? "", title: values[.title] ?? "",
            output: values[.output] ?? "")
    }

    /// The refusal of an argument of `bytes` bytes, over ``maximumWireBytes``:
    /// given before the call is decoded.
    @Sendable public static func tooLarge(_ bytes: Int) -> DBusError {
        DBusError.invalidArgs(
            "the context takes \(bytes) bytes in the message; the limit is \(maximumWireBytes) bytes (each value at most \(maximumValueBytes))"
        )
    }
}

extension ContextProperty: DBusRecord {
    /// No context: what petald holds before anyone sets one.
    public init() {}

    /// Its keys, each a string of at most ``maximumValueBytes``: `SetContext`
    /// refuses any other key, a key given twice, a value that is not a string
    /// or is longer, saying which.
    public static let keys: [DBusRecordKey<ContextProperty>] = Key.allCases.map { key in
        DBusRecordKey(
            key.rawValue,
            read: { context, value in
                guard case .string(let text) = value else { return "must be a string (s), not \(value.type)" }
                let bytes = text.utf8.count
                guard bytes <= maximumValueBytes else {
                    return "is \(bytes) bytes long; a value has at most \(maximumValueBytes)"
                }
                context[key] = text
                return nil
            }, write: { $0[key].map(DBusValue.string) })
    }

    public static var unknownKeys: DBusUnknownKeys { .refused }
    public static func subject(_ key: String) -> String { "the context's \"\(key)\"" }
    public static func unknown(_ key: String) -> String { "the context has no key \"\(key)\"; its keys are \(keyList)" }
}
