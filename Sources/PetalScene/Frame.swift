import PetalCore

/// One circle of a frame: the centre button or an item, where it is and how
/// it looks at that moment.
public struct CircleFrame: Equatable, Sendable {
    /// What the circle is.
    public var target: Target
    /// Its centre, relative to the centre button's resting centre, in pixels.
    public var centre: Point
    /// Its radius as drawn, press scale included.
    public var radius: Double
    /// How far its glyph is turned, in radians, clockwise.
    public var rotation: Double
    /// From 0 (invisible) to 1.
    public var opacity: Double
    /// The disc's colour.
    public var fill: RGBAColor
    /// The glyph's or icon's colour.
    public var glyph: RGBAColor
    /// Whether petald's `Highlighted` names this item.
    public var highlighted: Bool
    /// Whether a click on it does something now: the button while petald is
    /// there, an enabled item while the menu is expanded.
    public var interactive: Bool
}

/// Everything drawn at one moment.
public struct Frame: Equatable, Sendable {
    /// The colour over the whole screen, or nil for none.
    public var backdrop: RGBAColor?
    /// The items, in menu order (drawn first, behind the button).
    public var items: [CircleFrame]
    /// The centre button (drawn last, on top).
    public var button: CircleFrame
    /// Whether a later frame would differ: false when nothing moves.
    public var isAnimating: Bool

    /// Every circle, bottom to top.
    public var circles: [CircleFrame] { items + [button] }
}
