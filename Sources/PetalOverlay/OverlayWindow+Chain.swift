import CGtk
import PetalCore
import PetalScene

/// What ``MenuChainPlacement`` decided for one menu of an open chain: where
/// its items go (wrapped, and for a submenu fanned away from its parent),
/// its button's size, and its labels.
struct ChainArrangement: Equatable {
    /// Each item's centre relative to the button, in menu order.
    var positions: [Point]
    var buttonSize: Double
    /// Its items' size: smaller than configured for a ring drawn in to fit the work area (``RingFit``).
    var itemSize: Double
    /// The labels shown now, by item id, relative to the button.
    var labels: [String: Rect]
    /// Every place a label may take, relative to the button; nil for none.
    var labelReach: Rect?
}

extension OverlayWindow {
    /// `menu` as the chain placed it: its items where ``arrangement`` says,
    /// when it has as many.
    func arranged(_ menu: SceneMenu) -> SceneMenu {
        guard let arrangement, arrangement.positions.count == menu.items.count else { return menu }
        var menu = menu
        for index in menu.items.indices { menu.items[index].position = arrangement.positions[index] }
        menu.appearance.buttonSize = arrangement.buttonSize
        menu.appearance.itemSize = arrangement.itemSize
        return menu
    }

    /// The labels drawn now: none while collapsed.
    var labelBoxes: [String: Rect] {
        scene.state == .collapsed ? [:] : arrangement?.labels ?? [:]
    }

    func arrangementChanged(from old: ChainArrangement?) {
        let menu = arranged(served)
        let moved = menu != scene.menu || arrangement?.labelReach != old?.labelReach
        scene.menu = menu
        if moved { place() }
        updateInputRegion()
        redraw()
        accessibilityChanged()
    }

    /// Whether the X11 screen has a compositing manager; always true on Wayland.
    static func isComposited(backend: Backend, widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard backend == .x11, let screen = gtk_widget_get_screen(widget) else { return true }
        return gdk_screen_is_composited(screen) != PETAL_FALSE
    }

    /// `composited-changed`: a compositing manager started or stopped.
    func followCompositing() {
        composited = Self.isComposited(backend: backend, widget: widget)
    }

    func compositingChanged() {
        log.info(
            composited
                ? "a compositor runs: the window is see-through"
                : "no compositor runs: the window is shaped to its circles, with no backdrop and no shadows")
        if composited {
            opaqueShape = nil
            gtk_widget_shape_combine_region(widget, nil)
        }
        place()
        redraw()
    }
}
