import PetalCore

/// One item as a client draws it: what petald's `Items`, `Layout` and item
/// objects say of it.
public struct SceneItem: Equatable, Sendable {
    public var id: String
    public var title: String
    /// The icon name or path ("" for none: the title is drawn).
    public var icon: String
    /// The icon of a selected toggle ("" to keep `icon`).
    public var selectedIcon: String
    /// `#rrggbb` or `#rrggbbaa`, or "" for the button's colour.
    public var color: String
    public var enabled: Bool
    public var selected: Bool
    public var toggle: Bool
    /// The character that activates it from the keyboard while its menu is
    /// open (the item object's `Key`); "" for none.
    public var key: String
    /// The item's centre in the expanded menu, relative to the centre button (`Layout`).
    public var position: Point

    /// Creates an item; everything but the id and the position has a plain default.
    public init(
        id: String, title: String = "", icon: String = "", selectedIcon: String = "", color: String = "",
        enabled: Bool = true, selected: Bool = false, toggle: Bool = false, key: String = "",
        position: Point
    ) {
        self.id = id
        self.title = title
        self.icon = icon
        self.selectedIcon = selectedIcon
        self.color = color
        self.enabled = enabled
        self.selected = selected
        self.toggle = toggle
        self.key = key
        self.position = position
    }

    /// The icon shown now: `selectedIcon` for a selected toggle that has one.
    public var currentIcon: String {
        toggle && selected && !selectedIcon.isEmpty ? selectedIcon : icon
    }
}

/// Everything about the menu that does not change with time: its items,
/// how it looks and how long it moves.
public struct SceneMenu: Equatable, Sendable {
    public var items: [SceneItem]
    public var appearance: AppearanceSettings
    /// `menu.openDuration`, in seconds.
    public var openDuration: Double
    /// `menu.closeDuration`, in seconds.
    public var closeDuration: Double
    /// False while petald is gone: the button is drawn disabled.
    public var online: Bool
    /// The menu's `Name`: `main`, a name of `menus`, a submenu's or an ad-hoc menu's.
    public var name: String
    /// The menu's `Title` (its name unless the configuration gives one): what
    /// a screen reader calls its centre button.
    public var title: String
    /// The menu's `LayoutStyle`: how its row wraps, how it fans from its
    /// parent as a submenu, and which labels it shows by default.
    public var style: LayoutStyle

    /// Creates a menu description.
    public init(
        items: [SceneItem] = [], appearance: AppearanceSettings = AppearanceSettings(),
        openDuration: Double = 0.3, closeDuration: Double = 0.3, online: Bool = true,
        name: String = "main", title: String = "", style: LayoutStyle = .radial
    ) {
        self.items = items
        self.appearance = appearance
        self.openDuration = openDuration
        self.closeDuration = closeDuration
        self.online = online
        self.name = name
        self.title = title
        self.style = style
    }

    /// A menu from a configuration file, with its items at the positions its
    /// layout gives: what `--render` draws when petald is not reachable.
    public init(configuration: MenuConfiguration) {
        self.init(section: configuration.main)
    }

    /// A menu section of a configuration file (main or any other), with its
    /// items at the positions its layout gives.
    public init(section: MenuSection) {
        let positions = section.settings.geometry.positions(
            count: section.items.count, discs: LayoutDiscs(section.appearance))
        self.init(
            items: zip(section.items, positions).map { item, position in
                SceneItem(
                    id: item.id, title: item.title, icon: item.icon, selectedIcon: item.selectedIcon,
                    color: item.color, enabled: item.enabled, selected: item.selected, toggle: item.toggle,
                    key: item.key ?? "", position: position)
            },
            appearance: section.appearance,
            openDuration: section.settings.openDuration.configuredSeconds,
            closeDuration: section.settings.closeDuration.configuredSeconds, style: section.settings.geometry.style)
    }

    /// The item with `id`, if any.
    public func item(_ id: String) -> SceneItem? {
        items.first { $0.id == id }
    }

    /// The menu with its `linear` row or `stack` column wrapped into rows or
    /// columns that fit an output of `size`, its centre button wanted at
    /// `centre` there (``RowWrapping``); a radial menu as it is.
    ///
    /// When it shows labels (``AppearanceSettings/labelMode(for:)``), each
    /// of the size `labelSize` gives its item, the rows or columns are far
    /// enough apart for a label between two of them, with
    /// ``LabelPlacement/gap`` on each side.
    public func wrapped(on size: Size, centre: Point, labelSize: ((SceneItem) -> Size)? = nil) -> SceneMenu {
        let room = LayoutRoom(width: size.width, height: size.height, centre: centre)
        var labels = 0.0
        if let labelSize, appearance.labelMode(for: style) != .never, !items.isEmpty {
            let sizes = items.map(labelSize)
            let across = style == .linear ? sizes.map(\.height) : sizes.map(\.width)
            labels = (across.max() ?? 0) + 2 * LabelPlacement.gap
        }
        let places = RowWrapping.wrapped(
            items.map(\.position), style: style, discs: LayoutDiscs(appearance), room: room, labels: labels)
        var menu = self
        for (index, place) in places.enumerated() { menu.items[index].position = place }
        return menu
    }
}

extension SceneMenu {
    /// The menu with every number brought into the range petald's
    /// configuration allows, so that no peer on the bus can make a client
    /// draw at an infinite place or a negative size: non-finite numbers take
    /// the default, others are clamped.
    public func sanitized() -> SceneMenu {
        func clamp(_ value: Double, _ range: ClosedRange<Double>, _ fallback: Double) -> Double {
            value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : fallback
        }
        var menu = self
        let defaults = AppearanceSettings()
        let distance = ConfigurationDecoder.maximumDistance
        menu.items = items.map { item in
            var item = item
            item.position = Point(
                x: clamp(item.position.x, -distance...distance, 0),
                y: clamp(item.position.y, -distance...distance, 0))
            return item
        }
        var appearance = appearance
        appearance.margin = Margin(
            x: clamp(appearance.margin.x, 0...distance, defaults.margin.x),
            y: clamp(appearance.margin.y, 0...distance, defaults.margin.y))
        appearance.buttonSize = clamp(
            appearance.buttonSize, 1...ConfigurationDecoder.maximumDiscSize, defaults.buttonSize)
        appearance.itemSize = clamp(appearance.itemSize, 1...ConfigurationDecoder.maximumDiscSize, defaults.itemSize)
        appearance.springDamping = clamp(appearance.springDamping, 0.01...1, defaults.springDamping)
        let velocity = ConfigurationDecoder.maximumSpringVelocity
        appearance.springVelocity = clamp(appearance.springVelocity, -velocity...velocity, defaults.springVelocity)
        appearance.pressScale = clamp(appearance.pressScale, 0.01...1, defaults.pressScale)
        if !AppearanceSettings.isValidFont(appearance.font) { appearance.font = defaults.font }
        menu.appearance = appearance
        let seconds = ConfigurationDecoder.maximumAnimationSeconds
        menu.openDuration = clamp(openDuration, 0...seconds, 0.3)
        menu.closeDuration = clamp(closeDuration, 0...seconds, 0.3)
        return menu
    }
}
