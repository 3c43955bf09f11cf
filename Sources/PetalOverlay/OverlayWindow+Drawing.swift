import CGtk
import PetalCore
import PetalScene

/// Painting frames, ticking while something moves, and the input (and,
/// without a compositor, the window's) shape.
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
        guard scene.menu.appearance.backdrop.isEmpty else { return gtk_widget_queue_draw(widget) }
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
        guard !covered else { return painter.paint([], on: cr) }
        if let submenu = submenuWindow, !fadedItems.isEmpty {
            let faded = 1 - (1 - SubmenuLayout.fadedOpacity) * min(max(submenu.scene.spread(at: time), 0), 1)
            scene.itemOpacity = Dictionary(uniqueKeysWithValues: fadedItems.map { ($0, faded) })
        } else if !scene.itemOpacity.isEmpty {
            scene.itemOpacity = [:]
        }
        let frame = scene.frame(at: time)
        painter.paint(frame.drawList(menu: scene.menu, origin: origin), on: cr)
        trace?.frame(at: time, spread: scene.spread(at: time))
    }

    /// Sets the input region to the scene's, when it changed (a state, the
    /// menu, the surface); built in one call, since a region grown rectangle
    /// by rectangle costs more than painting a frame.
    func updateInputRegion() {
        let region = covered ? [] : scene.inputRegion(origin: origin, surface: size)
        guard region != inputRegion else { return }
        inputRegion = region
        var rectangles = region.map {
            cairo_rectangle_int_t(x: Int32($0.x), y: Int32($0.y), width: Int32($0.width), height: Int32($0.height))
        }
        let cairoRegion = cairo_region_create_rectangles(&rectangles, Int32(rectangles.count))
        gtk_widget_input_shape_combine_region(widget, cairoRegion)
        // Without a compositor an X11 window cannot be see-through: its shape is cut to the circles instead.
        if backend == .x11, let screen = gtk_widget_get_screen(widget), gdk_screen_is_composited(screen) == PETAL_FALSE
        {
            gtk_widget_shape_combine_region(widget, cairoRegion)
        }
        cairo_region_destroy(cairoRegion)
    }
}
