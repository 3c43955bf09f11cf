import PetalCore

/// One thing to paint, in surface pixels; a backend paints a list of them in order.
public enum DrawCommand: Equatable, Sendable {
    /// Fill the whole surface (the backdrop).
    case fill(RGBAColor)
    /// A soft shadow around a circle: `color` at the edge fading out over `blur`.
    case shadow(centre: Point, radius: Double, blur: Double, color: RGBAColor)
    /// A filled circle.
    case disc(centre: Point, radius: Double, color: RGBAColor)
    /// A circle's outline.
    case ring(centre: Point, radius: Double, width: Double, color: RGBAColor)
    /// The button's "+": two bars of `armLength` each side of the centre, turned by `rotation` radians.
    case plus(centre: Point, armLength: Double, lineWidth: Double, rotation: Double, color: RGBAColor)
    /// An icon from the theme (a name) or a file (an absolute path), `size`
    /// pixels square, tinted with `color` when it is symbolic; when it cannot
    /// be loaded, `fallback` is drawn as text instead.
    case icon(name: String, centre: Point, size: Double, rotation: Double, color: RGBAColor, fallback: TextRun)
    /// Text centred on a point (an item's title, which may be emoji).
    case text(TextRun)
    /// An item's full title on a plate beside it (``LabelPlate``).
    case label(LabelPlate)
}

/// A line of text centred on a point.
public struct TextRun: Equatable, Sendable {
    public var text: String
    public var centre: Point
    /// The font size in pixels; 0 for the size `font` names (the desktop's when it names none).
    public var size: Double
    public var bold: Bool
    public var color: RGBAColor
    /// A Pango font description (`appearance.font`); "" for the desktop's font.
    public var font: String

    /// Creates a run.
    public init(
        _ text: String, centre: Point, size: Double, bold: Bool = true, color: RGBAColor, font: String = ""
    ) {
        self.text = text
        self.centre = centre
        self.size = size
        self.bold = bold
        self.color = color
        self.font = font
    }
}

extension Frame {
    /// The shadow of the seeds: black at opacity 0.2, radius 3, no offset.
    public static let shadowColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.2)
    public static let shadowBlur = 3.0

    /// The paint commands of this frame, with the centre button's resting
    /// centre at `origin` on the surface; none for a circle that cannot be
    /// seen, so none at all for a scene that ``Scene/isHidden``.
    ///
    /// Titles drawn inside circles are `titles`' (one font size for the
    /// menu; estimated when nil), and `labels` (by item id, relative to the
    /// centre button's resting centre, where ``MenuChainPlacement`` put
    /// them) are drawn beside their items, moving and fading with them.
    /// With `outlined` (no compositor: nothing is see-through) there is no
    /// backdrop and no shadow, every colour is opaque (``RGBAColor/flattened``),
    /// every disc gets a 1-pixel ring that shows on white and on black
    /// (``ContrastRings``), and the highlight ring is drawn inside the disc,
    /// where the window's shape, cut to the discs, holds it.
    public func drawList(
        menu: SceneMenu, origin: Point, outlined: Bool = false, titles: CircleTitles? = nil,
        labels: [String: Rect] = [:]
    ) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        if let backdrop, !outlined { commands.append(.fill(backdrop)) }
        let shadow = menu.appearance.shadow && !outlined
        let font = menu.appearance.font
        let titles = titles ?? menu.circleTitles(measure: CircleTitles.estimated)
        for (item, circle) in zip(menu.items, items) where circle.opacity > 0.001 {
            commands += self.circle(circle, origin: origin, shadow: shadow, outlined: outlined) { centre, glyph in
                let size = circle.radius * 2
                let title = TextRun(
                    titles.texts[item.id] ?? item.title, centre: centre,
                    size: titles.size * circle.radius * 2 / menu.appearance.itemSize, color: glyph, font: font)
                guard !item.currentIcon.isEmpty else { return .text(title) }
                return .icon(
                    name: item.currentIcon, centre: centre, size: size * Self.iconFraction, rotation: 0,
                    color: glyph, fallback: title)
            }
        }
        commands += labelPlates(menu: menu, origin: origin, labels: labels, outlined: outlined).map(DrawCommand.label)
        guard button.opacity > 0.001 else { return commands }
        commands += circle(button, origin: origin, shadow: shadow, outlined: outlined) { centre, color in
            let size = button.radius * 2
            if menu.appearance.buttonIcon == "list-add" || menu.appearance.buttonIcon.isEmpty {
                return .plus(
                    centre: centre, armLength: size / 6, lineWidth: size / 15, rotation: button.rotation,
                    color: color)
            }
            return .icon(
                name: menu.appearance.buttonIcon, centre: centre, size: size * Self.iconFraction,
                rotation: button.rotation, color: color,
                fallback: TextRun("+", centre: centre, size: size * 0.5, color: color))
        }
        return commands
    }

    /// An icon's side as a fraction of its disc's diameter: 24 of 60, close to
    /// the seeds' 25 and a size icon themes ship ready-drawn.
    public static let iconFraction = 24.0 / 60.0

    private func circle(
        _ circle: CircleFrame, origin: Point, shadow: Bool, outlined: Bool,
        glyph: (Point, RGBAColor) -> DrawCommand
    ) -> [DrawCommand] {
        let centre = circle.centre.adding(origin)
        func seen(_ color: RGBAColor) -> RGBAColor {
            outlined ? color.fading(by: circle.opacity).flattened : color.fading(by: circle.opacity)
        }
        var commands: [DrawCommand] = []
        if shadow {
            commands.append(
                .shadow(
                    centre: centre, radius: circle.radius, blur: Self.shadowBlur,
                    color: Self.shadowColor.fading(by: circle.opacity)))
        }
        commands.append(.disc(centre: centre, radius: circle.radius, color: seen(circle.fill)))
        let width = ContrastRings.outlineWidth
        if outlined {
            // Inside the disc's edge, so that the window's shape, cut to the discs, holds it.
            commands.append(
                .ring(
                    centre: centre, radius: circle.radius - width / 2, width: width,
                    color: seen(ContrastRings.outline(for: circle.fill))))
        }
        commands.append(glyph(centre, seen(circle.glyph)))
        if circle.highlighted {
            let ring = 2.5
            commands.append(
                .ring(
                    centre: centre, radius: outlined ? circle.radius - width - ring / 2 : circle.radius + 3,
                    width: ring, color: seen(ContrastRings.highlight(for: circle.fill))))
        }
        return commands
    }
}

extension RGBAColor {
    /// The colour made opaque as it would look at its alpha over mid grey:
    /// where nothing is see-through (X11 without a compositor) a faded
    /// circle greys out instead of darkening to black.
    public var flattened: RGBAColor {
        RGBAColor(red: red, green: green, blue: blue).mixed(
            with: RGBAColor(red: 0.5, green: 0.5, blue: 0.5), by: 1 - alpha)
    }
}
