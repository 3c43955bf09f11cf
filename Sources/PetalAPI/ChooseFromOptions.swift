import DBus
import Linux

/// The options of `ChooseFrom` and `PickFrom` (docs/dbus-api.md): `Show`'s,
/// where the menu opens, `Choose`'s, how the choice is waited for, and the
/// menu's rows from a row table, in one `a{sv}`.
public struct ChooseFromOptions: DBusRecord, Equatable {
    /// Where the menu opens.
    public var show = ShowOptions()
    /// How long to wait, and whether the chosen action runs.
    public var choose = ChooseOptions()
    /// `rows`: a sealed memfd holding the menu's rows as a row table, in place of its JSON's `items`.
    public var rows: FileDescriptor?

    /// Options that say nothing: shown at its anchor, waited for until it closes.
    public init() {}

    /// Options of both kinds, and the rows' table if any.
    public init(show: ShowOptions, choose: ChooseOptions, rows: FileDescriptor? = nil) {
        (self.show, self.choose, self.rows) = (show, choose, rows)
    }

    /// `Show`'s keys, then `Choose`'s, then `rows`.
    public static let keys: [DBusRecordKey<ChooseFromOptions>] =
        liftedKeys(of: ShowOptions.self, at: \.show) + liftedKeys(of: ChooseOptions.self, at: \.choose) + [
            .value("rows", \.rows, what: rowsTaken)
        ]

    /// What the `rows` option of `ChooseFrom`, `PickFrom` and `CreateMenu` takes.
    static let rowsTaken = "a file descriptor (h) of a memfd holding a row table, sealed with fcntl(F_ADD_SEALS)"

    /// A key is named as the options it belongs to name it.
    public static func subject(_ key: String) -> String {
        if key == "rows" { return "option \"rows\"" }
        return ChooseOptions.keys.contains { $0.name == key } ? ChooseOptions.subject(key) : ShowOptions.subject(key)
    }
}
