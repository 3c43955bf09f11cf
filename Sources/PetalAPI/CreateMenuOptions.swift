import DBus
import Linux

/// The options of `CreateMenu` (docs/dbus-api.md): whether the menu goes
/// once it has closed, and its rows from a row table.
public struct CreateMenuOptions: DBusRecord, Equatable {
    /// Whether the menu is removed once it has closed.
    public var transient = false
    /// `rows`: a sealed memfd holding the menu's rows as a row table, in place of its JSON's `items`.
    public var rows: FileDescriptor?

    /// A menu that stays until its owner removes it or leaves.
    public init() {}

    /// A menu that goes once closed when `transient`, of the rows in `rows` when given.
    public init(transient: Bool, rows: FileDescriptor? = nil) { (self.transient, self.rows) = (transient, rows) }

    public static let keys: [DBusRecordKey<CreateMenuOptions>] = [
        .flag("transient", \.transient), .value("rows", \.rows, what: ChooseFromOptions.rowsTaken),
    ]
}
