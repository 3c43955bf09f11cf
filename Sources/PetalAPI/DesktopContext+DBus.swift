import DBus
import PetalCore

/// The context as D-Bus carries it: the `Context` property of
/// `org.petal.Petal1.Menus`, what `SetContext` takes, and the `context`
/// option of `ShowMenu("")` (docs/context.md). petald checks it, and
/// petalctl and petal-context build it, with this code.
extension DesktopContext: DBusRecord {
    /// Its keys, each a string of at most ``maximumValueBytes``: `SetContext`
    /// refuses any other key, a key given twice, a value that is not a string
    /// or is longer, saying which.
    public static let keys: [DBusRecordKey<DesktopContext>] = Key.allCases.map { key in
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

    /// The most bytes `SetContext`'s argument may take in a message, checked before it is decoded.
    public static let maximumWireBytes = Limits.contextWireBytes

    /// The refusal of an argument of `bytes` bytes, over ``maximumWireBytes``:
    /// given before the call is decoded.
    @Sendable public static func tooLarge(_ bytes: Int) -> DBusError {
        DBusError.invalidArgs(
            "the context takes \(bytes) bytes in the message; the limit is \(maximumWireBytes) bytes (each value at most \(maximumValueBytes))"
        )
    }
}
