import PetalCore

extension SceneMenu {
    /// Whether the menu is chosen from by direction (docs/overlay.md, "Pie
    /// gestures"): a `radial` layout whose interaction is `pie` or `hover`.
    public var takesPieGestures: Bool {
        style == .radial && appearance.interactionMode(for: .radial) != .point
    }
}

extension Scene {
    /// Whether the menu takes the pointer over its whole surface: it is not
    /// collapsed and is chosen from by direction, wherever the pointer is.
    /// On Wayland its surface then covers its output, so that the pointer
    /// is seen there at all; it gives both back once the menu has closed.
    public var takesPointerEverywhere: Bool {
        state != .collapsed && menu.takesPieGestures
    }
}
