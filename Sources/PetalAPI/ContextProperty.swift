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
    public static let maximumValueBytes = 4096
    /// The most bytes `SetContext`'s argument may take in a message, checked
    /// before it is decoded: five values at their longest, their keys and
    /// signatures, with room to spare.
    public static let maximumWireBytes = 32 * 1024

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

    /// Reads `SetContext`'s argument, or the `context` option of `ShowMenu`, strictly.
    ///
    /// - Throws: `InvalidArgs` for a key that is not one of ``Key``, a key
    ///   given twice, a value that is not a string (`s`) or one over
    ///   ``maximumValueBytes``, saying which.
    public init(_ dictionary: DBusVariantDictionary) throws(DBusError) {
        for (name, raw) in dictionary.entries {
            guard let key = Key(rawValue: name) else {
                throw DBusError.invalidArgs(
                    "the context has no key \"\(Self.shown(name))\"; its keys are \(Self.keyList)")
            }
            guard values[key] == nil else {
                throw DBusError.invalidArgs("the context's key \"\(name)\" is given twice")
            }
            let value = raw.unwrapped
            guard let text = value.stringValue, case .string = value else {
                throw DBusError.invalidArgs("the context's \"\(name)\" must be a string (s), not \(value.type)")
            }
            let bytes = text.utf8.count
            guard bytes <= Self.maximumValueBytes else {
                throw DBusError.invalidArgs(
                    "the context's \"\(name)\" is \(bytes) bytes long; a value has at most \(Self.maximumValueBytes)")
            }
            values[key] = text
        }
    }

    /// Reads the `Context` property leniently, as a client does: what it
    /// cannot read is left out.
    public init(lenient dictionary: DBusVariantDictionary) {
        for (name, raw) in dictionary.entries {
            guard let key = Key(rawValue: name), case .string(let text) = raw.unwrapped else { continue }
            values[key] = text
        }
    }

    /// The context as the property and `SetContext` carry it, its keys in the order of ``Key``.
    public var dictionary: DBusVariantDictionary {
        DBusVariantDictionary(Key.allCases.compactMap { key in values[key].map { (key.rawValue, .string($0)) } })
    }

    /// The refusal of an argument of `bytes` bytes, over ``maximumWireBytes``:
    /// given before the call is decoded.
    @Sendable public static func tooLarge(_ bytes: Int) -> DBusError {
        DBusError.invalidArgs(
            "the context takes \(bytes) bytes in the message; the limit is \(maximumWireBytes) bytes (each value at most \(maximumValueBytes))"
        )
    }

    /// `app, instance, title, output and source`, for messages.
    public static let keyList =
        Key.allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " and " + Key.allCases.last!.rawValue

    /// A key as a message shows it: cut to 64 bytes' worth of characters.
    private static func shown(_ name: String) -> String {
        name.utf8.count <= 64 ? name : String(name.prefix(32)) + "…"
    }
}
