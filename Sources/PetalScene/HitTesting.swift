import PetalCore

extension Frame {
    /// What is under `point` (relative to the centre button's resting centre),
    /// topmost first: the button, then the items that can be clicked now, then
    /// the backdrop while it is shown; nil for nothing (the click goes through).
    public func target(at point: Point) -> Target? {
        if button.interactive, point.distance(to: button.centre) <= button.radius { return .button }
        for item in items.reversed() where item.interactive && point.distance(to: item.centre) <= item.radius {
            return item.target
        }
        return backdrop != nil ? .backdrop : nil
    }

}

extension Scene {
    /// The circles that take input, relative to the centre button:
    /// the button at rest always (it is drawn, even while petald is gone) but
    /// while the scene ``isHidden``, and, unless the menu is collapsed, each
    /// item at its resting place. The region stays
    /// the same while the items move, so it is set once per state change, not
    /// once per frame, and a click on an item that is still springing out lands
    /// on the overlay instead of the window below.
    public var inputCircles: [(centre: Point, radius: Double)] {
        guard !isHidden else { return [] }
        let button = [(Point.zero, menu.appearance.buttonSize / 2)]
        guard state != .collapsed else { return button }
        return button + menu.items.map { ($0.position, menu.appearance.itemSize / 2) }
    }

    /// The input region on a surface of `size` with the centre button at
    /// `origin`: the whole surface while a backdrop is shown (a click on it
    /// closes the menu) or while the menu takes the pointer everywhere
    /// (``takesPointerEverywhere``), else ``inputCircles``, so that clicks
    /// elsewhere reach the windows below. It depends on the state, not the
    /// time: a client sets it when the state, the menu or the surface changes.
    public func inputRegion(origin: Point, surface size: Size) -> [PixelRect] {
        if state != .collapsed, RGBAColor(hex: menu.appearance.backdrop) != nil || takesPointerEverywhere {
            return [PixelRect(x: 0, y: 0, width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)))]
        }
        return InputRegion.spans(covering: inputCircles.map { ($0.centre.adding(origin), $0.radius) })
    }
}

/// Circles as rectangles of whole pixels, the only shapes an input region
/// (a cairo region, an X shape) is made of.
public enum InputRegion {
    /// One rectangle per pixel row of each circle, spanning the pixels whose
    /// centres are inside it; rows of a circle with the same span are merged.
    public static func spans(covering circles: [(centre: Point, radius: Double)]) -> [PixelRect] {
        var rects: [PixelRect] = []
        for (centre, radius) in circles where radius > 0 {
            var current: PixelRect?
            let top = Int((centre.y - radius).rounded(.down))
            let bottom = Int((centre.y + radius).rounded(.up))
            for row in top..<bottom {
                let dy = Double(row) + 0.5 - centre.y
                let squared = radius * radius - dy * dy
                guard squared >= 0 else { continue }
                let half = squared.squareRoot()
                let left = Int((centre.x - half - 0.5).rounded(.up))
                let right = Int((centre.x + half - 0.5).rounded(.down))
                guard right >= left else { continue }
                if var run = current, run.x == left, run.width == right - left + 1, run.y + run.height == row {
                    run.height += 1
                    current = run
                } else {
                    if let current { rects.append(current) }
                    current = PixelRect(x: left, y: row, width: right - left + 1, height: 1)
                }
            }
            if let current { rects.append(current) }
        }
        return rects
    }
}
