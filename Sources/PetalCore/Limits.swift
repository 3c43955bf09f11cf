/// Every limit of petald's public interface, in one place (docs/dbus-api.md,
/// "Limits and faults"): petald enforces each, the configuration decoder
/// and petalctl check the same numbers before asking it.
public enum Limits {
    // MARK: Names and ids

    /// An item id, action id or error-free text id: at most this many bytes of UTF-8.
    public static let idBytes = 255
    /// A menu's name (`menus`, or an ad-hoc menu's): at most this many bytes.
    public static let menuNameBytes = 64
    /// An output's name in `Show`'s options: at most this many bytes.
    public static let outputNameBytes = 255

    // MARK: Actions

    /// Parameters and results as JSON: at most this many bytes.
    public static let paramsJSONBytes = 64 * 1024
    /// Parameters in the message, refused from their length before they are decoded.
    ///
    /// 16 times the JSON cap: an `a{sv}` takes at most about three times its JSON
    /// size on the wire (alignment, signatures), unless its values are variants
    /// nested dozens deep, so no params that fit in 64 KiB of JSON come near it,
    /// while a million-key dictionary is refused from its length prefix alone.
    public static let paramsWireBytes = 16 * paramsJSONBytes
    /// Registered action providers at once.
    public static let providers = 64
    /// A provider's name (its actions' namespace): at most this many bytes.
    public static let providerNameBytes = 64
    /// Actions one provider may declare.
    public static let providerActions = 256

    // MARK: Choosing

    /// The longest `timeout` a `Choose` may ask for: a day, in seconds.
    public static let chooseTimeoutSeconds = 86_400.0
    /// `Choose` calls waiting at once; one more is `Busy`.
    public static let waitingChooseCalls = 256
    /// A method's options (`a{sv}`) in the message, refused before they are decoded.
    public static let optionsWireBytes = 64 * 1024

    // MARK: Menus

    /// Items of a menu.
    public static let menuItems = 64
    /// An item's `title`: at most this many bytes of UTF-8.
    public static let itemTitleBytes = 1024
    /// An item's `icon` or `selectedIcon` (a name or a path): at most this many bytes.
    public static let itemIconBytes = 4096
    /// Menus in a chain of submenus, the top one counted.
    public static let menuChain = 8
    /// A menu made over D-Bus, as JSON: at most this many bytes, checked before it is decoded.
    public static let adHocMenuBytes = 64 * 1024
    /// Ad-hoc menus one connection may keep (a menu with its submenus written in place counts once).
    public static let adHocMenusPerConnection = 16
    /// Ad-hoc menus of all connections together.
    public static let adHocMenusInAll = 256

    // MARK: The context

    /// A value of the context: at most this many bytes of UTF-8.
    public static let contextValueBytes = 4096
    /// `SetContext`'s argument in the message, refused before it is decoded:
    /// five values at their longest, their keys and signatures, with room to spare.
    public static let contextWireBytes = 32 * 1024
}
