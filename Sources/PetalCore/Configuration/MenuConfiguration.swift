import PetalJSON

/// The `menu` section: layout, animation and activation behaviour.
public struct MenuSettings: Equatable, Sendable {
    /// The layout style and its parameters.
    public var geometry: MenuGeometry
    /// How long opening takes; 0.3 s by default; zero allowed.
    public var openDuration: Duration
    /// How long closing takes; 0.3 s by default; zero allowed.
    public var closeDuration: Duration
    /// Whether activating an item closes the menu; true by default.
    public var closeOnActivate: Bool

    /// Creates settings; every parameter defaults to the spec's value.
    public init(
        geometry: MenuGeometry = MenuGeometry(),
        openDuration: Duration = .milliseconds(300),
        closeDuration: Duration = .milliseconds(300),
        closeOnActivate: Bool = true
    ) {
        self.geometry = geometry
        self.openDuration = openDuration
        self.closeDuration = closeDuration
        self.closeOnActivate = closeOnActivate
    }

    /// Whether activating `item` closes the menu: `closeOnActivate` and the item
    /// is not `keepOpen`.
    public func closesAfterActivating(_ item: MenuItem) -> Bool {
        closeOnActivate && !item.keepOpen
    }
}

/// The `actions` section: limits on running actions.
public struct ActionSettings: Equatable, Sendable {
    /// How long an action may run before it is cancelled; 20 s by default.
    public var timeout: Duration
    /// How many actions may run at once; 32 by default.
    public var maxConcurrent: Int

    /// Creates settings; every parameter defaults to the spec's value.
    public init(timeout: Duration = .seconds(20), maxConcurrent: Int = 32) {
        self.timeout = timeout
        self.maxConcurrent = maxConcurrent
    }
}

/// The `plugins` section: where plugins are found and how they are configured.
public struct PluginSettings: Equatable, Sendable {
    /// Extra folders searched for plugin modules, in order.
    public var paths: [String]
    /// Names of plugins not to load.
    public var disabled: [String]
    /// Per-plugin settings, keyed by plugin name, passed to each plugin as is.
    public var settings: JSONObject
    /// Which plugins run in a process of their own.
    public var isolate: PluginIsolation

    /// Creates settings; by default no extra paths, nothing disabled,
    /// `{"command": {}}` as settings and third-party plugins isolated, as in the spec.
    public init(
        paths: [String] = [], disabled: [String] = [], settings: JSONObject = ["command": [:]],
        isolate: PluginIsolation = .thirdParty
    ) {
        self.paths = paths
        self.disabled = disabled
        self.settings = settings
        self.isolate = isolate
    }
}

/// The whole configuration of the daemon (docs/configuration.md): its menus,
/// the top-level sections they take their defaults from, plugins and actions.
///
/// The main menu is always there, first; v2's `menu`, `items` and
/// `appearance` read and write it, so a one-menu configuration is used as
/// before.
public struct MenuConfiguration: Equatable, Sendable {
    /// The main menu: the top-level `menu` and `items`, or `menus.main`.
    public var main: MenuSection
    /// Every other menu, in configuration order: the menus written in place in
    /// main's items first, then the entries of `menus` in file order, each
    /// followed by the menus written in place within it, depth-first.
    public var otherMenus: [MenuSection]
    /// The top-level `menu` and `appearance` sections, which every menu (and
    /// every menu made over D-Bus) takes what it leaves out from.
    public var defaults: MenuDefaults
    /// The `plugins` section.
    public var plugins: PluginSettings
    /// The `actions` section.
    public var actions: ActionSettings

    /// Creates a configuration of one menu, as v2 wrote it: `menu` and
    /// `appearance` are both main's and the defaults. By default the embedded
    /// menu's items and the documented settings.
    public init(
        menu: MenuSettings = MenuSettings(),
        items: [MenuItem] = MenuConfiguration.defaultItems,
        plugins: PluginSettings = PluginSettings(),
        actions: ActionSettings = ActionSettings(),
        appearance: AppearanceSettings = AppearanceSettings()
    ) {
        self.init(
            main: MenuSection(name: MenuName.main, settings: menu, items: items, appearance: appearance),
            defaults: MenuDefaults(settings: menu, appearance: appearance), plugins: plugins, actions: actions)
    }

    /// Creates a configuration of several menus; `main` is named ``MenuName/main``
    /// whatever its name says.
    public init(
        main: MenuSection, otherMenus: [MenuSection] = [], defaults: MenuDefaults = MenuDefaults(),
        plugins: PluginSettings = PluginSettings(), actions: ActionSettings = ActionSettings()
    ) {
        self.main = main
        self.main.name = MenuName.main
        self.otherMenus = otherMenus
        self.defaults = defaults
        self.plugins = plugins
        self.actions = actions
    }

    /// Every menu in configuration order, main first.
    public var menus: [MenuSection] { [main] + otherMenus }

    /// The menu called `name`, if any.
    public func section(named name: String) -> MenuSection? {
        name == MenuName.main ? main : otherMenus.first { $0.name == name }
    }

    /// The main menu's settings.
    public var menu: MenuSettings {
        get { main.settings }
        set { main.settings = newValue }
    }

    /// The main menu's items, in display order.
    public var items: [MenuItem] {
        get { main.items }
        set { main.items = newValue }
    }

    /// What clients draw for the main menu.
    public var appearance: AppearanceSettings {
        get { main.appearance }
        set { main.appearance = newValue }
    }

    /// The items of the embedded default menu: camera, message and phone, as in
    /// the classic floating action button.
    public static let defaultItems: [MenuItem] = [
        MenuItem(
            id: "camera", title: "Camera", icon: "camera-photo",
            color: "#ef5285", action: "camera.open"),
        MenuItem(
            id: "message", title: "Message", icon: "mail-message-new",
            color: "#60c5ba", action: "message.compose"),
        MenuItem(
            id: "phone", title: "Phone", icon: "call-start",
            color: "#a5dff9", action: "phone.call"),
    ]

    /// The configuration used when there is no config file: the default items,
    /// a radial layout and every setting at its spec default.
    public static let embeddedDefault = MenuConfiguration()

    /// The main menu's item with `id`, if any.
    public func item(withID id: String) -> MenuItem? {
        main.item(withID: id)
    }
}
