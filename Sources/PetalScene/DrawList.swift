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
}

/// A line of text centred on a point.
public struct TextRun: Equatable, Sendable {
    public var text: String
    public var centre: Point
    /// The font size in pixels.
    public var size: Double
    public var bold: Bool
    public var color: RGBAColor

    /// Creates a run.
    public init(_ text: String, centre: Point, size: Double, bold: Bool = true, color: RGBAColor) {
        self.text = text
        self.centre = centre
        self.size = size
        self.bold = bold
        self.color = color
    }
}

extension Frame {
    /// The shadow of the seeds: black at opacity 0.2, radius 3, no offset.
    public static let shadowColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.2)
    public static let shadowBlur = 3.0

    /// The paint commands of this frame, with the centre button's resting
    /// centre at `origin` on the surface; none for a circle that cannot be
    /// seen, so none at all for a scene that ``Scene/isHidden``. With
    /// `outlined` (no compositor: nothing is see-through), every disc gets a
    /// 1-pixel ring that shows on white and on black (``ContrastRings``).
    public func drawList(menu: SceneMenu, origin: Point, outlined: Bool = false) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        if let backdrop { commands.append(.fill(backdrop)) }
        let shadow = menu.appearance.shadow
        for (item, circle) in zip(menu.items, items) where circle.opacity > 0.001 {
            commands += self.circle(circle, origin: origin, shadow: shadow, outlined: outlined) { centre in
                let size = circle.radius * 2
                let label = TextRun(
                    Self.label(item.title), centre: centre, size: Self.fontSize(item.title, diameter: size),
                    color: circle.glyph.fading(by: circle.opacity))
                guard !item.currentIcon.isEmpty else { return .text(label) }
                return .icon(
                    name: item.currentIcon, centre: centre, size: size * Self.iconFraction, rotation: 0,
                    color: circle.glyph.fading(by: circle.opacity), fallback: label)
            }
        }
        guard button.opacity > 0.001 else { return commands }
        commands += circle(button, origin: origin, shadow: menu.appearance.shadow, outlined: outlined) { centre in
            let size = button.radius * 2
            let color = button.glyph.fading(by: button.opacity)
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
        _ circle: CircleFrame, origin: Point, shadow: Bool, outlined: Bool, glyph: (Point) -> DrawCommand
    ) -> [DrawCommand] {
        let centre = circle.centre.adding(origin)
        var commands: [DrawCommand] = []
        if shadow {
            commands.append(
                .shadow(
                    centre: centre, radius: circle.radius, blur: Self.shadowBlur,
                    color: Self.shadowColor.fading(by: circle.opacity)))
        }
        commands.append(.disc(centre: centre, radius: circle.radius, color: circle.fill.fading(by: circle.opacity)))
        if outlined {
            // Inside the disc's edge, so that the window's shape, cut to the discs, holds it.
            let width = ContrastRings.outlineWidth
            commands.append(
                .ring(
                    centre: centre, radius: circle.radius - width / 2, width: width,
                    color: ContrastRings.outline(for: circle.fill).fading(by: circle.opacity)))
        }
        commands.append(glyph(centre))
        if circle.highlighted {
            commands.append(
                .ring(
                    centre: centre, radius: circle.radius + 3, width: 2.5,
                    color: ContrastRings.highlight(for: circle.fill).fading(by: circle.opacity)))
        }
        return commands
    }

    /// Titles longer than a few characters are cut: a disc holds a word at most.
    static func label(_ title: String) -> String {
        title.count <= 10 ? title : String(title.prefix(9)) + "…"
    }

    /// A font size at which `title` fits across a disc of `diameter`.
    static func fontSize(_ title: String, diameter: Double) -> Double {
        let characters = Double(max(label(title).count, 1))
        return min(diameter * 0.4, diameter * 0.8 / (characters * 0.6))
    }
}
