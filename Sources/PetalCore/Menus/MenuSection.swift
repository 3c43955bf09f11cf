/// One menu: its name and title, how it lays out and animates, its items and
/// how clients draw it, with what its section leaves out taken from the
/// configuration's top level (docs/configuration.md, `menus`).
///
/// The same type describes the main menu, the menus of `menus`, the menus
/// written in place in an item's `submenu`, and the menus made over D-Bus.
public struct MenuSection: Equatable, Sendable {
    /// The menu's name: `main`, a name of `menus` (1 to 64 bytes of
    /// `[A-Za-z0-9_-]`), or `<parent>/<item id>` for a menu written in place.
    public var name: String
    /// The title shown to people; the name unless the section gives one.
    public var title: String
    /// Layout, durations and `closeOnActivate`: the section's keys over the
    /// top-level `menu` section's values.
    public var settings: MenuSettings
    /// The items, in display order.
    public var items: [MenuItem]
    /// What clients draw: the section's `appearance` keys over the top-level
    /// `appearance` section's values.
    public var appearance: AppearanceSettings
    /// When `ShowMenu("")` opens it: the context it is for; nil for a menu
    /// opened only by name.
    public var when: MenuCondition?
    /// Its `picker` section; nil when it has none.
    public var picker: PickerSettings?

    /// Creates a menu; its title is its name unless one is given.
    public init(
        name: String, title: String? = nil, settings: MenuSettings = MenuSettings(), items: [MenuItem],
        appearance: AppearanceSettings = AppearanceSettings(), when: MenuCondition? = nil,
        picker: PickerSettings? = nil
    ) {
        self.name = name
        self.title = title ?? name
        self.settings = settings
        self.items = items
        self.appearance = appearance
        self.when = when
        self.picker = picker
    }

    /// The item with `id`, if any.
    public func item(withID id: String) -> MenuItem? {
        items.first { $0.id == id }
    }

    /// Whether the menu is written in place in an item of another menu, as its
    /// name, which holds a `/`, says.
    public var isWrittenInPlace: Bool { name.utf8.contains(UInt8(ascii: "/")) }

    /// The names of the menus its items open, in item order.
    public var submenus: [String] { items.compactMap(\.submenu) }
}

/// What a menu section leaves out: the configuration's top-level `menu` and
/// `appearance` sections. Every menu of a configuration, and every menu made
/// over D-Bus, takes each key it does not give from here.
public struct MenuDefaults: Equatable, Sendable {
    /// The top-level `menu` section.
    public var settings: MenuSettings
    /// The top-level `appearance` section.
    public var appearance: AppearanceSettings

    /// Creates defaults; by default those of docs/configuration.md.
    public init(settings: MenuSettings = MenuSettings(), appearance: AppearanceSettings = AppearanceSettings()) {
        self.settings = settings
        self.appearance = appearance
    }
}

/// The names of menus (docs/configuration.md, `menus`).
public enum MenuName {
    /// The name of the default menu: v2's top-level `menu` and `items`.
    public static let main = "main"
    /// The longest name of a menu of `menus` or of a menu made over D-Bus, in bytes.
    public static let maximumBytes = Limits.menuNameBytes

    /// Whether `name` can name a menu of `menus`, or a menu made over D-Bus:
    /// 1 to 64 bytes of `[A-Za-z0-9_-]`.
    public static func isValid(_ name: String) -> Bool {
        let bytes = name.utf8
        guard (1...maximumBytes).contains(bytes.count) else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }

    /// Whether `name` can be any menu's name: one that ``isValid(_:)``
    /// accepts, followed, for a menu written in place, by `/ITEM` for each
    /// item on the way (`main/apps`, `apps/games/chess`), each part between
    /// slashes 1 to ``ConfigurationDecoder/maximumIDBytes`` bytes.
    ///
    /// Clients check a name with it before they ask petald for the menu.
    public static func isWellFormed(_ name: String) -> Bool {
        let parts = name.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard let first = parts.first, isValid(String(decoding: first, as: UTF8.self)) else { return false }
        return parts.dropFirst().allSatisfy { (1...ConfigurationDecoder.maximumIDBytes).contains($0.count) }
    }

    /// The name of the menu written in place in item `itemID` of menu `parent`:
    /// `<parent>/<item id>`.
    public static func inPlace(in parent: String, item itemID: String) -> String {
        parent + "/" + itemID
    }
}
