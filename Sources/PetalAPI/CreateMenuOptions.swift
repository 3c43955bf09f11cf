import DBus

/// The options of `CreateMenu` (docs/dbus-api.md): whether the menu goes once it has closed.
public struct CreateMenuOptions: DBusRecord, Equatable {
    /// Whether the menu is removed once it has closed.
    public var transient = false

    /// A menu that stays until its owner removes it or leaves.
    public init() {}

    /// A menu that goes once closed when `transient`.
    public init(transient: Bool) { self.transient = transient }

    public static let keys: [DBusRecordKey<CreateMenuOptions>] = [.flag("transient", \.transient)]
}
