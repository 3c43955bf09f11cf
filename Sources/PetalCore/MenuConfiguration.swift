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

/// The whole configuration of the daemon (docs/configuration.md).
public struct MenuConfiguration: Equatable, Sendable {
    /// The `menu` section.
    public var menu: MenuSettings
    /// The menu's items, in display order.
    public var items: [MenuItem]
    /// The `plugins` section.
    public var plugins: PluginSettings
    /// The `actions` section.
    public var actions: ActionSettings
    /// The `appearance` section: what clients draw (v2).
    public var appearance: AppearanceSettings

    /// Creates a configuration; by default the embedded menu's items and the spec's
    /// settings.
    public init(
        menu: MenuSettings = MenuSettings(),
        items: [MenuItem] = MenuConfiguration.defaultItems,
        plugins: PluginSettings = PluginSettings(),
        actions: ActionSettings = ActionSettings(),
        appearance: AppearanceSettings = AppearanceSettings()
    ) {
        self.menu = menu
        self.items = items
        self.plugins = plugins
        self.actions = actions
        self.appearance = appearance
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

    /// The item with `id`, if any.
    public func item(withID id: String) -> MenuItem? {
        items.first { $0.id == id }
    }
}
