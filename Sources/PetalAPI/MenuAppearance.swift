import DBus
import PetalCore

/// What petald's `Appearance` property (docs/dbus-api.md) says every client draws:
/// the config's `appearance` section and the menu's animation durations.
///
/// petald writes every key; a client reads it with ``DBusRecord/init(lenient:)``,
/// so that it works with an older or newer petald: a key that is missing, has
/// another type than docs/dbus-api.md gives it, or holds a colour or anchor
/// this client cannot read, keeps its default; unknown keys are ignored.
public struct MenuAppearance: DBusRecord, Equatable {
    /// The `appearance` section.
    public var settings: AppearanceSettings
    /// How long opening takes, in seconds (`menu.openDuration`).
    public var openDuration: Double
    /// How long closing takes, in seconds (`menu.closeDuration`).
    public var closeDuration: Double

    /// The defaults: ``AppearanceSettings``' own and 0.3 s each way.
    public init() { self.init(settings: AppearanceSettings()) }

    /// An appearance; the durations default to 0.3 s each way.
    public init(
        settings: AppearanceSettings, openDuration: Double = 0.3,
        closeDuration: Double = 0.3
    ) {
        self.settings = settings
        self.openDuration = openDuration
        self.closeDuration = closeDuration
    }

    /// The appearance a configuration file describes, as petald would serve it.
    public init(_ configuration: MenuConfiguration) {
        self.init(
            settings: configuration.appearance,
            openDuration: configuration.menu.openDuration.configuredSeconds,
            closeDuration: configuration.menu.closeDuration.configuredSeconds)
    }
}

extension MenuAppearance {
    /// The keys of `Appearance` in the order petald serves them (docs/dbus-api.md):
    /// the `appearance` keys and the two durations; every number a `d` (even
    /// `lines`, a whole one), the margin an `ad` of x and y, the gesture
    /// numbers an `a{sv}`. Every key is always written but `labels` and
    /// `interaction`, written when the settings name a mode: petald names the
    /// one its layout in force shows (``resolvingLayoutDefaults(for:)``).
    public static let keys: [DBusRecordKey<MenuAppearance>] = [
        .always("anchor", \.settings.anchor, what: "one of \(Anchor.caseList)"),
        margin,
        .always("buttonSize", \.settings.buttonSize, what: number, accepts: \.isFinite),
        .always("itemSize", \.settings.itemSize, what: number, accepts: \.isFinite),
        .always("buttonColor", \.settings.buttonColor, what: colour, accepts: isColour),
        .always("buttonIcon", \.settings.buttonIcon, what: "an icon name (s)", accepts: { !$0.isEmpty }),
        .always("iconColor", \.settings.iconColor, what: colour, accepts: isColour),
        .always("springDamping", \.settings.springDamping, what: number, accepts: \.isFinite),
        .always("springVelocity", \.settings.springVelocity, what: number, accepts: \.isFinite),
        .always("pressScale", \.settings.pressScale, what: number, accepts: \.isFinite),
        .always(
            "backdrop", \.settings.backdrop, what: "\"\" or \(colour)", accepts: { $0.isEmpty || isColour($0) }),
        .always("shadow", \.settings.shadow, what: "a boolean (b)"),
        .always("restingButton", \.settings.restingButton, what: "a boolean (b)"),
        .value("labels", \.settings.labels, what: "one of \(LabelMode.caseList)"),
        .always(
            "font", \.settings.font, what: "a Pango font description (s)", accepts: AppearanceSettings.isValidFont),
        .value("interaction", \.settings.interaction, what: "one of \(InteractionMode.caseList)"),
        .always("hoverConfirm", \.settings.hoverConfirm, what: "a boolean (b)"),
        gesture,
        .always("turbo", \.settings.turbo, what: "a boolean (b)"),
        .always(
            "width", \.settings.width, what: "a number (d) of logical pixels from 160 to 10000",
            accepts: AppearanceSettings.isListWidth),
        lines,
        .always("openDuration", \.openDuration, what: number, accepts: \.isFinite),
        .always("closeDuration", \.closeDuration, what: number, accepts: \.isFinite),
    ]

    /// The appearance with `labels` and `interaction` named: the settings'
    /// own, or those of a menu laid out `style` by default. What petald
    /// serves, so that every client shows the same labels and takes the
    /// pointer the same way.
    public func resolvingLayoutDefaults(for style: LayoutStyle) -> MenuAppearance {
        var resolved = self
        resolved.settings.labels = settings.labelMode(for: style)
        resolved.settings.interaction = settings.interactionMode(for: style)
        return resolved
    }

    private static let number = "a number (d)"
    private static let colour = "a colour \"#rrggbb\" or \"#rrggbbaa\" (s)"
    private static let isColour: @Sendable (String) -> Bool = { RGBAColor(hex: $0) != nil }

    /// `lines`: a whole number from 1 to 100, as a `d` like every number.
    private static let lines = DBusRecordKey<MenuAppearance>(
        "lines",
        read: { appearance, value in
            guard case .double(let number) = value, let count = Int(exactly: number),
                AppearanceSettings.isListLines(count)
            else { return "must be a whole number (d) of rows from 1 to 100, not \(value.type)" }
            appearance.settings.lines = count
            return nil
        },
        write: { .double(Double($0.settings.lines)) })

    /// `margin`: an `ad` of x and y.
    private static let margin = DBusRecordKey<MenuAppearance>(
        "margin",
        read: { appearance, value in
            guard case .array(.double, let pair) = value, pair.count == 2, let x = pair[0].doubleValue,
                let y = pair[1].doubleValue
            else { return "must be two numbers (ad), not \(value.type)" }
            appearance.settings.margin = Margin(x: x, y: y)
            return nil
        },
        write: { .array(.double, [.double($0.settings.margin.x), .double($0.settings.margin.y)]) })

    /// `gesture`: an `a{sv}` of its numbers as `d`s, `deadZone` only when
    /// given; a number missing or unreadable keeps its default.
    private static let gesture = DBusRecordKey<MenuAppearance>(
        "gesture",
        read: { appearance, value in
            guard let dictionary = DBusVariantDictionary(dbusValue: value) else {
                return "must be the gesture numbers (a{sv}), not \(value.type)"
            }
            appearance.settings.gesture = GestureTuning(lenient: dictionary)
            return nil
        },
        write: { $0.settings.gesture.dictionary.dbusValue })
}

/// `appearance.gesture` as the `gesture` key of `Appearance` carries it:
/// every number a `d` (read from any number type), `deadZone` only when given.
extension GestureTuning: DBusRecord {
    /// The tuning with every number at its default.
    public init() { self.init(minStroke: 150) }

    public static let keys: [DBusRecordKey<GestureTuning>] = [
        number("minStroke", \.minStroke, what: pixels, accepts: isDistance),
        number("turnAngle", \.turnAngle, what: "a number of degrees (d) from 0 to 180", accepts: isTurnAngle),
        number("pauseMs", \.pauseMs, what: "a number of milliseconds (d)", accepts: isPause),
        number("jitter", \.jitter, what: pixels, accepts: isDistance),
        .number("deadZone", \.deadZone, what: pixels, accepts: isDistance),
    ]

    private static let pixels = "a number of pixels (d)"

    /// A number that is always written, as a `d`.
    private static func number(
        _ name: String, _ property: any WritableKeyPath<GestureTuning, Double> & Sendable, what: String,
        accepts: @escaping @Sendable (Double) -> Bool
    ) -> DBusRecordKey<GestureTuning> {
        DBusRecordKey(
            name,
            read: { tuning, value in
                guard let number = value.doubleValue, accepts(number) else {
                    return "must be \(what), not \(value.type)"
                }
                tuning[keyPath: property] = number
                return nil
            }, write: { .double($0[keyPath: property]) })
    }
}
