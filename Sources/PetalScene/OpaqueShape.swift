import PetalCore

extension Frame {
    /// What this frame paints, as whole-pixel rectangles, with the centre
    /// button's resting centre at `origin`: where nothing is see-through (X11
    /// without a compositor) the window is shaped to it, so that nothing
    /// else of the window shows (docs/overlay.md, "No compositor"). Each
    /// circle seen, and each label plate of `labels` (as ``drawList``
    /// takes them).
    public func opaqueShape(menu: SceneMenu, origin: Point, labels: [String: Rect] = [:]) -> [PixelRect] {
        let seen = circles.filter { $0.opacity > 0.001 }.map { ($0.centre.adding(origin), $0.radius) }
        let plates = labelPlates(menu: menu, origin: origin, labels: labels, outlined: true)
        return InputRegion.spans(covering: seen) + plates.map(\.box.integral)
    }
}
