import DBus

/// The options of `ChooseFrom` (docs/dbus-api.md): `Show`'s, where the menu
/// opens, and `Choose`'s, how the choice is waited for, in one `a{sv}`.
public struct ChooseFromOptions: DBusRecord, Equatable {
    /// Where the menu opens.
    public var show = ShowOptions()
    /// How long to wait, and whether the chosen action runs.
    public var choose = ChooseOptions()

    /// Options that say nothing: shown at its anchor, waited for until it closes.
    public init() {}

    /// Options of both kinds.
    public init(show: ShowOptions, choose: ChooseOptions) { (self.show, self.choose) = (show, choose) }

    /// `Show`'s keys, then `Choose`'s.
    public static let keys: [DBusRecordKey<ChooseFromOptions>] =
        liftedKeys(of: ShowOptions.self, at: \.show) + liftedKeys(of: ChooseOptions.self, at: \.choose)

    /// A key is named as the options it belongs to name it.
    public static func subject(_ key: String) -> String {
        ChooseOptions.keys.contains { $0.name == key } ? ChooseOptions.subject(key) : ShowOptions.subject(key)
    }
}
