import PetalJSON

/// One item of the menu, as configured (docs/configuration.md).
public struct MenuItem: Equatable, Sendable {
    /// The item's unique id, used in D-Bus object paths (escaped) and `Activate`.
    public var id: String
    /// The label shown to the user.
    public var title: String
    /// The icon name (freedesktop icon theme) or path.
    public var icon: String
    /// The icon shown instead of `icon` while a toggle item is selected; empty for none.
    public var selectedIcon: String
    /// The item's colour as a CSS hex string, e.g. `#ef5285`; empty for the theme's.
    public var color: String
    /// The name of the action run on activation, e.g. `camera.open`.
    public var action: String
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

    /// Creates an item; the optional fields default as in the configuration file.
    public init(
        id: String,
        title: String,
        icon: String = "",
        selectedIcon: String = "",
        color: String = "",
        action: String,
        params: JSONObject = [:],
        toggle: Bool = false,
        selected: Bool = false,
        enabled: Bool = true,
        keepOpen: Bool = false
    ) {
        self.id = id
        self.title = title
        self.icon = icon
        self.selectedIcon = selectedIcon
        self.color = color
        self.action = action
        self.params = params
        self.toggle = toggle
        self.selected = selected
        self.enabled = enabled
        self.keepOpen = keepOpen
    }

    /// The icon to show now: `selectedIcon` when the item is a selected toggle and
    /// has one, `icon` otherwise.
    public var currentIcon: String {
        toggle && selected && !selectedIcon.isEmpty ? selectedIcon : icon
    }
}
