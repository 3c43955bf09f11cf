import DBus
import PetalCore

/// What petald's `Appearance` property (docs/dbus-api.md) says every client draws:
/// the config's `appearance` section and the menu's animation durations.
///
/// Read leniently, so that a client works with an older or newer petald: a
/// key that is missing, has another type than docs/dbus-api.md gives it, or holds a
/// colour or anchor this client cannot read, keeps its default; unknown keys
/// are ignored.
public struct MenuAppearance: Equatable, Sendable {
    /// The `appearance` section.
    public var settings: AppearanceSettings
    /// How long opening takes, in seconds (`menu.openDuration`).
    public var openDuration: Double
    /// How long closing takes, in seconds (`menu.closeDuration`).
    public var closeDuration: Double

    /// The spec's defaults: ``AppearanceSettings``' own and 0.3 s each way.
    public init(
        settings: AppearanceSettings = AppearanceSettings(), openDuration: Double = 0.3,
        closeDuration: Double = 0.3
    ) {
        self.settings = settings
        self.openDuration = openDuration
        self.closeDuration = closeDuration
    }

    /// Reads the entries of `Appearance` (variants unwrapped or not).
    public init(_ values: [String: DBusValue]) {
        self.init()
        func number(_ key: String) -> Double? {
            guard case .double(let value)? = values[key]?.unwrapped, value.isFinite else { return nil }
            return value
        }
        func string(_ key: String) -> String? {
            guard case .string(let value)? = values[key]?.unwrapped else { return nil }
            return value
        }
        if let anchor = string("anchor").flatMap(Anchor.init(rawValue:)) { settings.anchor = anchor }
        if case .array(.double, let pair)? = values["margin"]?.unwrapped, pair.count == 2,
            let x = pair[0].doubleValue, let y = pair[1].doubleValue
        {
            settings.margin = Margin(x: x, y: y)
        }
        if let size = number("buttonSize") { settings.buttonSize = size }
        if let size = number("itemSize") { settings.itemSize = size }
        if let colour = string("buttonColor"), RGBAColor(hex: colour) != nil { settings.buttonColor = colour }
        if let icon = string("buttonIcon"), !icon.isEmpty { settings.buttonIcon = icon }
        if let colour = string("iconColor"), RGBAColor(hex: colour) != nil { settings.iconColor = colour }
        if let damping = number("springDamping") { settings.springDamping = damping }
        if let velocity = number("springVelocity") { settings.springVelocity = velocity }
        if let scale = number("pressScale") { settings.pressScale = scale }
        if let backdrop = string("backdrop"), backdrop.isEmpty || RGBAColor(hex: backdrop) != nil {
            settings.backdrop = backdrop
        }
        if case .boolean(let shadow)? = values["shadow"]?.unwrapped { settings.shadow = shadow }
        if case .boolean(let resting)? = values["restingButton"]?.unwrapped { settings.restingButton = resting }
        if let seconds = number("openDuration") { openDuration = seconds }
        if let seconds = number("closeDuration") { closeDuration = seconds }
    }

    /// Reads the value of `Appearance`.
    public init(_ dictionary: DBusVariantDictionary) {
        self.init(Dictionary(dictionary.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }))
    }

    /// The appearance a configuration file describes, as petald would serve it.
    public init(_ configuration: MenuConfiguration) {
        self.init(
            settings: configuration.appearance,
            openDuration: configuration.menu.openDuration.configuredSeconds,
            closeDuration: configuration.menu.closeDuration.configuredSeconds)
    }

    /// The entries of `Appearance` as petald serves them (docs/dbus-api.md): the
    /// `appearance` keys and the two durations; every number a `d`, the
    /// margin an `ad` of x and y. ``init(_:)-(DBusValue)`` reads them back.
    public var entries: [(String, DBusValue)] {
        [
            ("anchor", .string(settings.anchor.rawValue)),
            ("margin", .array(.double, [.double(settings.margin.x), .double(settings.margin.y)])),
            ("buttonSize", .double(settings.buttonSize)),
            ("itemSize", .double(settings.itemSize)),
            ("buttonColor", .string(settings.buttonColor)),
            ("buttonIcon", .string(settings.buttonIcon)),
            ("iconColor", .string(settings.iconColor)),
            ("springDamping", .double(settings.springDamping)),
            ("springVelocity", .double(settings.springVelocity)),
            ("pressScale", .double(settings.pressScale)),
            ("backdrop", .string(settings.backdrop)),
            ("shadow", .boolean(settings.shadow)),
            ("restingButton", .boolean(settings.restingButton)),
            ("openDuration", .double(openDuration)),
            ("closeDuration", .double(closeDuration)),
        ]
    }
}
