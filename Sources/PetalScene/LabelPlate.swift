import PetalCore

/// An item's full title on a dark plate beside it (docs/overlay.md, "What
/// it draws"): the label `appearance.labels` asks for.
public struct LabelPlate: Equatable, Sendable {
    /// The plate, in surface pixels.
    public var box: Rect
    /// The title, centred on the plate, in the menu's font at that font's own size.
    public var text: TextRun
    public var background: RGBAColor
    /// A 1-pixel ring round the plate (no compositor); nil for none.
    public var outline: RGBAColor?

    /// Room between the title and the plate's edge, across and down.
    public static let padding = (horizontal: 8.0, vertical: 4.0)
    /// The plate's colour where the screen can show through it.
    public static let background = RGBAColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 0.85)
    /// The title's colour: white on the dark plate, 15:1 and more.
    public static let textColor = RGBAColor.white

    /// The plate's size for a title set `extent` across.
    public static func size(for extent: TextExtent) -> Size {
        Size(
            width: (extent.width + 2 * padding.horizontal).rounded(.up),
            height: (extent.height + 2 * padding.vertical).rounded(.up))
    }
}

extension CircleTitles {
    /// A stand-in measure for where no text engine is at hand: each
    /// character 0.6 of the size across, lines 1.2 of it tall.
    public static func estimated(_ text: String, _ size: Double) -> TextExtent {
        TextExtent(width: 0.6 * size * Double(text.count), height: 1.2 * size)
    }
}

extension Frame {
    /// The plates of `labels` (boxes by item id, relative to the centre
    /// button's resting centre, for the items at rest), each moved with its
    /// item as it springs and faded with it; none for an item not seen.
    func labelPlates(menu: SceneMenu, origin: Point, labels: [String: Rect], outlined: Bool) -> [LabelPlate] {
        guard !labels.isEmpty else { return [] }
        var plates: [LabelPlate] = []
        for (item, circle) in zip(menu.items, items) where circle.opacity > 0.001 {
            guard let box = labels[item.id] else { continue }
            let moved = box.offset(by: origin.adding(circle.centre).adding(item.position.scaled(by: -1)))
            var background = LabelPlate.background.fading(by: circle.opacity)
            var text = LabelPlate.textColor.fading(by: circle.opacity)
            var outline: RGBAColor?
            if outlined {
                background = background.flattened
                text = text.flattened
                outline = ContrastRings.outline(for: background).fading(by: circle.opacity).flattened
            }
            let centre = Point(x: moved.x + moved.width / 2, y: moved.y + moved.height / 2)
            plates.append(
                LabelPlate(
                    box: moved,
                    text: TextRun(
                        item.title, centre: centre, size: 0, bold: false, color: text, font: menu.appearance.font),
                    background: background, outline: outline))
        }
        return plates
    }
}
