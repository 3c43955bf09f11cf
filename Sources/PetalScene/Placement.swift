import PetalCore

/// Where the menu goes on a surface: the centre button at the anchor, and the
/// room everything it draws can take.
public enum Placement {
    /// Room left around a circle for its shadow and highlight ring.
    public static let decorationMargin = 8.0

    /// The centre button's centre in an area of `size` (an output, less its
    /// panels), for the anchor and margin of `appearance`; `pointer` is where
    /// the pointer is, for the `pointer` anchor (the middle when unknown).
    public static func buttonCentre(in size: Size, appearance: AppearanceSettings, pointer: Point? = nil) -> Point {
        let radius = appearance.buttonSize / 2
        let (left, right) = (appearance.margin.x + radius, size.width - appearance.margin.x - radius)
        let (top, bottom) = (appearance.margin.y + radius, size.height - appearance.margin.y - radius)
        switch appearance.anchor {
        case .bottomRight: return Point(x: right, y: bottom)
        case .bottomLeft: return Point(x: left, y: bottom)
        case .topRight: return Point(x: right, y: top)
        case .topLeft: return Point(x: left, y: top)
        case .center: return Point(x: size.width / 2, y: size.height / 2)
        case .pointer:
            let point = pointer ?? Point(x: size.width / 2, y: size.height / 2)
            // Keep the whole button on the surface.
            return Point(
                x: min(max(point.x, radius), max(size.width - radius, radius)),
                y: min(max(point.y, radius), max(size.height - radius, radius)))
        }
    }

    /// Everything the menu can draw, relative to the centre button: the button,
    /// each item at its place and at the farthest the opening spring carries
    /// it, with room for shadows and rings.
    public static func reach(of menu: SceneMenu) -> Rect {
        let motion = MenuMotion(menu)
        let peak = max(motion.open.peak, motion.close.peak, 1)
        let margin = decorationMargin
        var bounds = Rect(around: .zero, radius: menu.appearance.buttonSize / 2 + margin)
        let itemReach = menu.appearance.itemSize / 2 + margin
        for item in menu.items {
            bounds = bounds.union(Rect(around: item.position, radius: itemReach))
                .union(Rect(around: item.position.scaled(by: peak), radius: itemReach))
        }
        return bounds
    }

    /// The size of an image centred on the centre button that holds everything
    /// the menu can draw and `labels` (relative to the centre button):
    /// `--render`'s canvas. Width and height are even, so the button's
    /// centre is exactly (width/2, height/2).
    public static func centredCanvas(for menu: SceneMenu, labels: [Rect] = []) -> (width: Int, height: Int) {
        let reach = labels.reduce(reach(of: menu)) { $0.union($1) }
        func even(_ half: Double) -> Int { 2 * Int(half.rounded(.up)) }
        return (even(max(-reach.minX, reach.maxX)), even(max(-reach.minY, reach.maxY)))
    }
}

/// An edge of an output, as a layer surface is anchored to it.
public enum Edge: Hashable, Sendable, CaseIterable {
    case top, bottom, left, right
}

/// A layer surface just large enough for the menu, anchored so that the
/// button sits at its anchor: which edges it is anchored to (none: centred
/// by the compositor), its margins from them, its size, and where the
/// button's centre is inside it.
public struct LayerSurfacePlacement: Equatable, Sendable {
    public var edges: Set<Edge>
    /// Pixels from each anchored edge; negative when the menu reaches past it.
    public var margins: [Edge: Int]
    public var width: Int
    public var height: Int
    /// The button's centre on the surface.
    public var origin: Point
}

extension Placement {
    /// How a layer surface the size of the menu's `reach` sits for `appearance`'s
    /// anchor; nil for the `pointer` anchor, whose surface covers the output
    /// (the compositor tells a surface where the pointer is only over it).
    ///
    /// The button's centre lands on whole pixels from the anchored edges:
    /// margin plus half the button, rounded.
    public static func layerSurface(reach: Rect, appearance: AppearanceSettings) -> LayerSurfacePlacement? {
        let box = reach.integral
        let (left, top, right, bottom) = (box.x, box.y, box.x + box.width, box.y + box.height)
        let fromX = Int((appearance.margin.x + appearance.buttonSize / 2).rounded())
        let fromY = Int((appearance.margin.y + appearance.buttonSize / 2).rounded())
        let corner = Point(x: Double(-left), y: Double(-top))
        func cornered(_ horizontal: Edge, _ vertical: Edge) -> LayerSurfacePlacement {
            LayerSurfacePlacement(
                edges: [horizontal, vertical],
                margins: [
                    horizontal: horizontal == .left ? fromX + left : fromX - right,
                    vertical: vertical == .top ? fromY + top : fromY - bottom,
                ],
                width: box.width, height: box.height, origin: corner)
        }
        switch appearance.anchor {
        case .bottomRight: return cornered(.right, .bottom)
        case .bottomLeft: return cornered(.left, .bottom)
        case .topRight: return cornered(.right, .top)
        case .topLeft: return cornered(.left, .top)
        case .center:
            // Centred by the compositor, so the surface is symmetric about the button.
            let halfWidth = max(-left, right)
            let halfHeight = max(-top, bottom)
            return LayerSurfacePlacement(
                edges: [], margins: [:], width: 2 * halfWidth, height: 2 * halfHeight,
                origin: Point(x: Double(halfWidth), y: Double(halfHeight)))
        case .pointer:
            return nil
        }
    }
}
