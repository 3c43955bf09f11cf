/// Where the centre button sits on the screen (docs/configuration.md, `appearance.anchor`).
public enum Anchor: String, Sendable, CaseIterable {
    case bottomRight = "bottom-right"
    case bottomLeft = "bottom-left"
    case topRight = "top-right"
    case topLeft = "top-left"
    /// The middle of the screen; the margin is ignored.
    case center
    /// Where the pointer is when the menu opens, as far as the display server tells.
    case pointer
}

/// Pixels from the anchored edges: `x` from the left or right edge, `y` from
/// the top or bottom one.
public struct Margin: Equatable, Sendable {
    /// From the left or right edge.
    public var x: Double
    /// From the top or bottom edge.
    public var y: Double

    /// Creates a margin.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The `appearance` section (docs/configuration.md): what every client draws, so that
/// all draw the same menu. The daemon validates it and serves it as the
/// `Appearance` property; it changes nothing in the daemon's own behaviour.
///
/// The defaults are those of the first seed, the expanding linear menu
/// (`shared/MOTION.md`).
public struct AppearanceSettings: Equatable, Sendable {
    /// Where the centre button is; `bottom-right` by default.
    public var anchor: Anchor
    /// Distance from the anchored edges; [16, 32] by default.
    public var margin: Margin
    /// The centre button's diameter in pixels; 60 by default.
    public var buttonSize: Double
    /// Each item's diameter in pixels; 60 by default.
    public var itemSize: Double
    /// The centre button's colour, `#rrggbb` or `#rrggbbaa`; `#ef5285` by default.
    public var buttonColor: String
    /// The icon name of the button's glyph; `list-add` (a "+") by default.
    public var buttonIcon: String
    /// The colour of glyphs and icons on coloured discs; white by default.
    public var iconColor: String
    /// The damping ratio of the spread animation, as UIKit's spring animations
    /// take it (1 settles without overshoot, less overshoots); 0.75 by default.
    public var springDamping: Double
    /// The spread animation's initial velocity, in whole distances per second,
    /// as UIKit takes it; 1.0 by default.
    public var springVelocity: Double
    /// How far a pressed button shrinks; 0.95 by default.
    public var pressScale: Double
    /// A colour laid over the screen while the menu is open, or "" for none (the default).
    public var backdrop: String
    /// Whether buttons cast a soft shadow; true by default.
    public var shadow: Bool
    /// Whether `main`'s centre button rests on the screen while `main` is
    /// collapsed; true by default. With false, the overlay draws `main` only
    /// from the moment it starts expanding.
    public var restingButton: Bool
    /// Which items show their full title in a label beside them; nil (the
    /// default) for the layout's own choice, ``labelMode(for:)``.
    public var labels: LabelMode?
    /// The font of titles and labels, a Pango font description such as
    /// `"Cantarell Bold 11"`; "" (the default) for the desktop's.
    public var font: String
    /// How the pointer chooses; nil (the default) for the layout's own
    /// choice, ``interactionMode(for:)``.
    public var interaction: InteractionMode?
    /// In `hover` interaction, whether an action still needs a click
    /// (a submenu opens by resting alone); false by default.
    public var hoverConfirm: Bool
    /// The numbers of pie gestures.
    public var gesture: GestureTuning
    /// Whether releasing the modifier of a menu shown with `turbo` chooses
    /// the highlighted item; true by default.
    public var turbo: Bool
    /// The width of a `list` menu's window, in logical pixels; 640 by default.
    public var width: Double
    /// How many rows a `list` menu's window shows at most; 15 by default.
    public var lines: Int

    /// Creates settings; every parameter defaults to the spec's value.
    public init(
        anchor: Anchor = .bottomRight, margin: Margin = Margin(x: 16, y: 32),
        buttonSize: Double = 60, itemSize: Double = 60,
        buttonColor: String = "#ef5285", buttonIcon: String = "list-add", iconColor: String = "#ffffff",
        springDamping: Double = 0.75, springVelocity: Double = 1.0, pressScale: Double = 0.95,
        backdrop: String = "", shadow: Bool = true, restingButton: Bool = true, labels: LabelMode? = nil,
        font: String = "", interaction: InteractionMode? = nil, hoverConfirm: Bool = false,
        gesture: GestureTuning = GestureTuning(), turbo: Bool = true, width: Double = 640, lines: Int = 15
    ) {
        self.anchor = anchor
        self.margin = margin
        self.buttonSize = buttonSize
        self.itemSize = itemSize
        self.buttonColor = buttonColor
        self.buttonIcon = buttonIcon
        self.iconColor = iconColor
        self.springDamping = springDamping
        self.springVelocity = springVelocity
        self.pressScale = pressScale
        self.backdrop = backdrop
        self.shadow = shadow
        self.restingButton = restingButton
        self.labels = labels
        self.font = font
        self.interaction = interaction
        self.hoverConfirm = hoverConfirm
        self.gesture = gesture
        self.turbo = turbo
        self.width = width
        self.lines = lines
    }
}

/// A colour with straight (not premultiplied) alpha, each channel from 0 to 1.
public struct RGBAColor: Equatable, Sendable, CustomStringConvertible {
    public var red, green, blue, alpha: Double

    /// Creates a colour from channels from 0 to 1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The colour `#rrggbb` or `#rrggbbaa` names (hex digits of either case);
    /// nil for anything else, the empty string included.
    public init?(hex text: String) {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
        var channels: [Double] = []
        var index = 1
        while index < bytes.count {
            guard let high = Self.hexDigit(bytes[index]), let low = Self.hexDigit(bytes[index + 1]) else { return nil }
            channels.append(Double(high * 16 + low) / 255)
            index += 2
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
    }

    /// Opaque white.
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
    /// Opaque black.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)

    /// The colour a fraction `t` of the way from `self` to `other` (t clamped to 0…1).
    public func mixed(with other: RGBAColor, by t: Double) -> RGBAColor {
        if t <= 0 { return self }
        if t >= 1 { return other }
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        return RGBAColor(
            red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
            alpha: mix(alpha, other.alpha))
    }

    /// The same colour with its alpha multiplied by `factor`.
    public func fading(by factor: Double) -> RGBAColor {
        RGBAColor(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// `#rrggbbaa`.
    public var description: String {
        func hex(_ channel: Double) -> String {
            let byte = Int((min(max(channel, 0), 1) * 255).rounded())
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }
        return "#" + hex(red) + hex(green) + hex(blue) + hex(alpha)
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
