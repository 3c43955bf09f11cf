import PetalJSON

/// One item of a menu, as configured (docs/configuration.md) or made over D-Bus.
///
/// An item runs an action, opens a submenu, or (only in a menu made over
/// D-Bus) is a choice with neither; ``kind`` says which.
public struct MenuItem: Equatable, Sendable {
    /// What activating an item does.
    public enum Kind: String, Sendable, CaseIterable {
        /// It runs ``MenuItem/action``.
        case action
        /// It opens the menu ``MenuItem/submenu``.
        case submenu
        /// It only answers `Choose`: an item of a menu made over D-Bus with
        /// neither an action nor a submenu.
        case choice
    }

    /// The item's id, unique within its menu, used in D-Bus object paths (escaped) and `Activate`.
    public var id: String
    /// The label shown to the user.
    public var title: String
    /// The icon name (freedesktop icon theme) or path.
    public var icon: String
    /// The icon shown instead of `icon` while a toggle item is selected; empty for none.
    public var selectedIcon: String
    /// The item's colour as a CSS hex string, e.g. `#ef5285`; empty for the theme's.
    public var color: String
    /// The name of the action run on activation, e.g. `camera.open`; empty for
    /// a submenu or a choice item.
    public var action: String
    /// The name of the menu the item opens, resolved (`apps`, or `main/apps` for
    /// a menu written in place); nil unless it is a submenu item.
    public var submenu: String?
    /// The parameters passed to the action.
    public var params: JSONObject
    /// Whether activation flips `selected` (like/unlike).
    public var toggle: Bool
    /// The toggle state; persisted across restarts.
    public var selected: Bool
    /// Whether the item can be activated.
    public var enabled: Bool
    /// Whether activating the item leaves the menu open.
    public var keepOpen: Bool
    /// The one character that activates the item from the keyboard while its
    /// menu is open; nil for none.
    public var key: String?
    /// Words a picker's filter matches that are not shown (rofi's `meta`); empty for none.
    public var meta: String

    /// Creates an item; the optional fields default as in the configuration file.
    /// With neither `action` nor `submenu` it is a choice.
    public init(
        id: String,
        title: String,
        icon: String = "",
        selectedIcon: String = "",
        color: String = "",
        action: String = "",
        submenu: String? = nil,
        params: JSONObject = [:],
        toggle: Bool = false,
        selected: Bool = false,
        enabled: Bool = true,
        keepOpen: Bool = false,
        key: String? = nil,
        meta: String = ""
    ) {
        self.id = id
        self.title = title
        self.icon = icon
        self.selectedIcon = selectedIcon
        self.color = color
        self.action = action
        self.submenu = submenu
        self.params = params
        self.toggle = toggle
        self.selected = selected
        self.enabled = enabled
        self.keepOpen = keepOpen
        self.key = key
        self.meta = meta
    }

    /// Whether the item runs an action, opens a submenu or is a choice: a
    /// submenu wins, then a non-empty action.
    public var kind: Kind {
        if submenu != nil { return .submenu }
        return action.isEmpty ? .choice : .action
    }

    /// The icon to show now: `selectedIcon` when the item is a selected toggle and
    /// has one, `icon` otherwise.
    public var currentIcon: String {
        toggle && selected && !selectedIcon.isEmpty ? selectedIcon : icon
    }
}
