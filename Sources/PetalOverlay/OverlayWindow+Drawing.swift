import CGtk
import PetalCore
import PetalScene

/// Painting frames, ticking while something moves, the input region and,
/// without a compositor, the window's shape.
extension OverlayWindow {
    /// Draws again now, and every frame while something moves; nothing while idle.
    func redraw() {
        invalidate()
        if tickID == 0 && scene.isAnimating(at: now) {
            tickID = GtkSignals.addTick(to: self, widget: widget)
        }
    }

    /// Marks what the menu can cover as needing a repaint: its reach around
    /// the button, not a whole output-sized layer surface; the whole surface
    /// only while a backdrop is, or was, shown.
    func invalidate() {
        guard !backdropDrawn else { return gtk_widget_queue_draw(widget) }
        let damage = reach.offset(by: origin).integral
        gtk_widget_queue_draw_area(widget, Int32(damage.x), Int32(damage.y), Int32(damage.width), Int32(damage.height))
    }

    /// One frame-clock tick: returns whether to keep ticking.
    func tick() -> Bool {
        invalidate()
        // A parent fades its items as its submenu spreads.
        parentWindow?.invalidate()
        if scene.press?.isFinished(at: now) == true { scene.press = nil }
        guard scene.isAnimating(at: now) else {
            tickID = 0
            return false
        }
        return true
    }

    func draw(on cr: OpaquePointer) {
        let time = now
        guard !covered else {
            if !composited { shape(to: []) }
            return painter.paint([], on: cr)
        }
        if let submenu = submenuWindow, !fadedItems.isEmpty {
            let faded = 1 - (1 - SubmenuLayout.fadedOpacity) * min(max(submenu.scene.spread(at: time), 0), 1)
            scene.itemOpacity = Dictionary(uniqueKeysWithValues: fadedItems.map { ($0, faded) })
        } else if !scene.itemOpacity.isEmpty {
            scene.itemOpacity = [:]
        }
        let frame = scene.frame(at: time)
        let labels = labelBoxes
        painter.paint(
            frame.drawList(
                menu: scene.menu, origin: origin, outlined: !composited,
                titles: painter.text.circleTitles(for: scene.menu), labels: labels),
            on: cr)
        if !composited { shape(to: frame.opaqueShape(menu: scene.menu, origin: origin, labels: labels)) }
        trace?.frame(at: time, spread: scene.spread(at: time))
    }

    /// Without a compositor nothing of an X11 window is see-through: its
    /// shape is cut to what this frame paints, set when that changes.
    private func shape(to rects: [PixelRect]) {
        guard rects != opaqueShape else { return }
        opaqueShape = rects
        var rectangles = rects.map {
            cairo_rectangle_int_t(x: Int32($0.x), y: Int32($0.y), width: Int32($0.width), height: Int32($0.height))
        }
        let region = cairo_region_create_rectangles(&rectangles, Int32(rectangles.count))
        gtk_widget_shape_combine_region(widget, region)
        cairo_region_destroy(region)
    }

    /// Sets the input region to the scene's and the labels', when it
    /// changed (a state, the menu, the surface); built in one call, since a
    /// region grown rectangle by rectangle costs more than painting a frame.
    func updateInputRegion() {
        var shown = scene
        if !backdropDrawn { shown.menu.appearance.backdrop = "" }
        let labels = labelBoxes.values.map { $0.offset(by: origin).integral }
        let region = covered ? [] : shown.inputRegion(origin: origin, surface: size) + labels
        guard region != inputRegion else { return }
        inputRegion = region
        var rectangles = region.map {
            cairo_rectangle_int_t(x: Int32($0.x), y: Int32($0.y), width: Int32($0.width), height: Int32($0.height))
        }
        let cairoRegion = cairo_region_create_rectangles(&rectangles, Int32(rectangles.count))
        gtk_widget_input_shape_combine_region(widget, cairoRegion)
        cairo_region_destroy(cairoRegion)
    }
}
