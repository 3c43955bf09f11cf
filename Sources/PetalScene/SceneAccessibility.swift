import PetalCore

/// One object assistive technology sees in a drawn menu: the centre button,
/// or an item while the menu is open (docs/overlay.md, "Accessibility").
public struct AccessibleNode: Equatable, Sendable {
    /// What kind of control a screen reader announces.
    public enum Role: Equatable, Sendable {
        case pushButton
        /// A toggle item, checked while it is selected.
        case checkBox
    }

    /// What it is: the centre button, or the item with this id.
    public var target: Target
    /// What a screen reader reads: the item's title, or the button's name.
    public var name: String
    public var role: Role
    /// Whether a check box is checked; false for a push button.
    public var checked: Bool
    /// Whether its action does anything now.
    public var enabled: Bool
    /// Whether it is petald's `Highlighted` item: assistive technology's focus.
    public var focused: Bool
    /// Its disc's centre, relative to the centre button's resting centre, in the expanded menu.
    public var centre: Point
    public var diameter: Double
    /// What its default action asks of petald (what a click does); nil while it does nothing.
    public var intent: Intent?

    /// Creates a node.
    public init(
        target: Target, name: String, role: Role = .pushButton, checked: Bool = false, enabled: Bool = true,
        focused: Bool = false, centre: Point = .zero, diameter: Double = 0, intent: Intent? = nil
    ) {
        self.target = target
        self.name = name
        self.role = role
        self.checked = checked
        self.enabled = enabled
        self.focused = focused
        self.centre = centre
        self.diameter = diameter
        self.intent = intent
    }
}

extension Scene {
    /// Whether the menu's items are in the accessibility tree: from the
    /// moment it starts opening until it starts closing. A collapsed menu's
    /// items are not.
    public var itemsAreAccessible: Bool { state == .expanding || state == .expanded }

    /// The objects a screen reader sees now, in order: the centre button
    /// (unless nothing of the menu is drawn), then the items while the menu
    /// is open. A function of petald's state only, not of the time, so that
    /// it changes only when petald says something.
    public var accessibleNodes: [AccessibleNode] {
        guard !isHidden else { return [] }
        let appearance = menu.appearance
        let button = AccessibleNode(
            target: .button, name: buttonName, enabled: menu.online, diameter: appearance.buttonSize,
            intent: menu.online ? .toggle : nil)
        guard itemsAreAccessible else { return [button] }
        return [button]
            + menu.items.map { item in
                let enabled = item.enabled && menu.online
                return AccessibleNode(
                    target: .item(item.id), name: item.title.isEmpty ? item.id : item.title,
                    role: item.toggle ? .checkBox : .pushButton, checked: item.toggle && item.selected,
                    enabled: enabled, focused: !highlighted.isEmpty && item.id == highlighted,
                    centre: item.position, diameter: appearance.itemSize, intent: enabled ? .activate(item.id) : nil)
            }
    }

    /// The centre button's name: `main`'s says what a click does ("Open
    /// menu" at rest, "Close menu" while open); any other menu's is its title.
    public var buttonName: String {
        if menu.name == "main" { return itemsAreAccessible ? "Close menu" : "Open menu" }
        return menu.title.isEmpty ? menu.name : menu.title
    }
}
