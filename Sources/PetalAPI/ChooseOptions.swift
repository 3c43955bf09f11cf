import DBus
import PetalCore

/// The options of `Choose` and `ChooseFrom` (docs/dbus-api.md): how long to
/// wait for a choice, and whether the chosen item's action runs. Other keys
/// are ignored (``ChooseFromOptions`` holds these and `Show`'s).
public struct ChooseOptions: DBusRecord, Equatable {
    /// Seconds to wait for a choice; nil waits until the menu closes.
    public var timeout: Double?
    /// Whether the chosen item's action runs.
    public var dispatch = true

    /// Options that wait until the menu closes and run the chosen action.
    public init() {}

    /// Options with a `timeout` in seconds and `dispatch`.
    public init(timeout: Double? = nil, dispatch: Bool = true) {
        (self.timeout, self.dispatch) = (timeout, dispatch)
    }

    public static let keys: [DBusRecordKey<ChooseOptions>] = [
        .number(
            "timeout", \.timeout,
            what: "a number of seconds above 0 and at most \(Int(Limits.chooseTimeoutSeconds))",
            accepts: { $0.isFinite && $0 > 0 && $0 <= Limits.chooseTimeoutSeconds }),
        .flag("dispatch", \.dispatch, default: true),
    ]

    public static func subject(_ key: String) -> String { "Choose option \"\(key)\"" }

    /// ``timeout`` as a duration, rounded up to whole milliseconds.
    public var timeoutDuration: Duration? {
        timeout.map { .milliseconds(Int64(($0 * 1000).rounded(.up))) }
    }

    /// Options larger than this in the message are refused before they are decoded: two keys need far less.
    public static let maximumBytes = Limits.optionsWireBytes

    /// The refusal of options that take `bytes` in the message.
    @Sendable public static func tooLarge(_ bytes: Int) -> DBusError {
        DBusError.invalidArgs("Choose options take \(bytes) bytes in the message; the limit is \(maximumBytes) bytes")
    }
}
