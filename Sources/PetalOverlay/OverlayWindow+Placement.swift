import CGtk
import PetalCore
import PetalScene

extension OverlayWindow {
    /// Puts the button at its anchor, on a surface just large enough for the
    /// menu's reach: on Wayland a layer surface anchored to the anchor's
    /// corner; on X11 a popup moved there. A surface covers the output (the
    /// work area on X11) only while a backdrop is shown, and on Wayland for
    /// the `pointer` anchor and while a pie menu is open (it takes the
    /// pointer over the whole output; on X11 a grab does that); a frame
    /// then costs the whole output's pixels.
    func place() {
        // What was drawn where the button was is painted over too.
        gtk_widget_queue_draw(widget)
        reach = Placement.reach(of: scene.menu)
        if let labels = arrangement?.labelReach { reach = reach.union(labels.insetBy(-Placement.decorationMargin)) }
        // Without a compositor a backdrop would be an opaque sheet: none is drawn.
        let covering = coversOutputWhileOpen && scene.state != .collapsed
        if let spot = chainSpot ?? spot { return place(at: spot, covering: covering) }
        if backend == .layerShell {
            // At its anchor, clear of panels' exclusive zones, on the output the compositor chooses.
            gtk_layer_set_monitor(petal_gtk_window(widget), nil)
            gtk_layer_set_exclusive_zone(petal_gtk_window(widget), 0)
        }
        switch backend {
        case .layerShell:
            let window = petal_gtk_window(widget)
            if !covering, let layer = Placement.layerSurface(reach: reach, appearance: scene.menu.appearance) {
                for (edge, gtkEdge) in Self.layerEdges {
                    gtk_layer_set_anchor(window, gtkEdge, layer.edges.contains(edge) ? PETAL_TRUE : PETAL_FALSE)
                    gtk_layer_set_margin(window, gtkEdge, Int32(layer.margins[edge] ?? 0))
                }
                gtk_widget_set_size_request(widget, Int32(layer.width), Int32(layer.height))
                gtk_window_resize(window, Int32(layer.width), Int32(layer.height))
                size = Size(width: Double(layer.width), height: Double(layer.height))
                origin = layer.origin
                coversOutput = false
            } else {
                for (_, gtkEdge) in Self.layerEdges {
                    gtk_layer_set_anchor(window, gtkEdge, PETAL_TRUE)
                    gtk_layer_set_margin(window, gtkEdge, 0)
                }
                // Anchored to every edge, the compositor gives the size.
                gtk_widget_set_size_request(widget, 1, 1)
                gtk_window_resize(window, 1, 1)
                size = allocatedSize
                origin = Placement.buttonCentre(in: size, appearance: scene.menu.appearance, pointer: pointerAtOpening)
                coversOutput = true
            }
        case .x11:
            let area = workArea
            let areaSize = Size(width: Double(area.width), height: Double(area.height))
            var centre = Placement.buttonCentre(
                in: areaSize, appearance: scene.menu.appearance, pointer: pointerAtOpening)
            centre = centre.adding(Point(x: Double(area.x), y: Double(area.y)))
            movePopup(to: covering ? area : reach.offset(by: centre).integral, centre: centre)
        }
        inputRegion = nil
        updateInputRegion()
    }

    /// Puts the button at `spot`: on Wayland a layer surface on its output,
    /// anchored to the top-left corner (or to every edge while it covers the
    /// output: a backdrop, an open pie menu); on X11 a popup moved there.
    private func place(at spot: MenuSpot, covering: Bool) {
        switch backend {
        case .layerShell:
            let window = petal_gtk_window(widget)
            gtk_layer_set_monitor(window, spot.monitor?.pointer)
            // A point is from the output's corner, panels or not: exclusive zones are not kept clear of.
            gtk_layer_set_exclusive_zone(window, -1)
            if covering {
                for (_, gtkEdge) in Self.layerEdges {
                    gtk_layer_set_anchor(window, gtkEdge, PETAL_TRUE)
                    gtk_layer_set_margin(window, gtkEdge, 0)
                }
                gtk_widget_set_size_request(widget, 1, 1)
                gtk_window_resize(window, 1, 1)
                size = allocatedSize
                coversOutput = true
                origin = spot.centre
            } else {
                let box = reach.offset(by: spot.centre).integral
                for (edge, gtkEdge) in Self.layerEdges {
                    let anchored = edge == .top || edge == .left
                    gtk_layer_set_anchor(window, gtkEdge, anchored ? PETAL_TRUE : PETAL_FALSE)
                    gtk_layer_set_margin(window, gtkEdge, Int32(edge == .top ? box.y : edge == .left ? box.x : 0))
                }
                gtk_widget_set_size_request(widget, Int32(box.width), Int32(box.height))
                gtk_window_resize(window, Int32(box.width), Int32(box.height))
                size = Size(width: Double(box.width), height: Double(box.height))
                origin = Point(x: spot.centre.x - Double(box.x), y: spot.centre.y - Double(box.y))
                coversOutput = false
            }
        case .x11:
            let centre = spot.output.desktop(spot.centre)
            movePopup(
                to: covering ? spot.output.frame.integral : reach.offset(by: centre).integral, centre: centre)
        }
        inputRegion = nil
        updateInputRegion()
    }

    /// Whether the menu's backdrop is drawn: it has one, and a compositor shows it see-through.
    var backdropDrawn: Bool { composited && !scene.menu.appearance.backdrop.isEmpty }

    /// Whether the surface covers its output while the menu is open: for a
    /// backdrop, and on Wayland for a menu that takes the pointer everywhere.
    var coversOutputWhileOpen: Bool {
        backdropDrawn || (backend == .layerShell && scene.menu.takesPieGestures)
    }

    /// Moves the X11 popup onto `frame` (desktop pixels), the button's centre at `centre` on the desktop.
    private func movePopup(to frame: PixelRect, centre: Point) {
        origin = Point(x: centre.x - Double(frame.x), y: centre.y - Double(frame.y))
        size = Size(width: Double(frame.width), height: Double(frame.height))
        let window = petal_gtk_window(widget)
        gtk_window_move(window, Int32(frame.x), Int32(frame.y))
        gtk_widget_set_size_request(widget, Int32(frame.width), Int32(frame.height))
        gtk_window_resize(window, Int32(frame.width), Int32(frame.height))
    }

    /// The surface was given a new size (the output changed, a panel came or
    /// went): an output-covering layer surface puts the button again.
    func sizeChanged() {
        guard backend == .layerShell, coversOutput, allocatedSize != size else { return }
        size = allocatedSize
        origin =
            spot?.centre
            ?? Placement.buttonCentre(in: size, appearance: scene.menu.appearance, pointer: pointerAtOpening)
        inputRegion = nil
        updateInputRegion()
        redraw()
    }

    /// The screen's monitors changed: the button is put at its anchor again.
    func screenChanged() {
        place()
        redraw()
    }

    private static let layerEdges: [(Edge, GtkLayerShellEdge)] = [
        (.top, GTK_LAYER_SHELL_EDGE_TOP), (.bottom, GTK_LAYER_SHELL_EDGE_BOTTOM),
        (.left, GTK_LAYER_SHELL_EDGE_LEFT), (.right, GTK_LAYER_SHELL_EDGE_RIGHT),
    ]

    private var allocatedSize: Size {
        Size(
            width: Double(max(gtk_widget_get_allocated_width(widget), 1)),
            height: Double(max(gtk_widget_get_allocated_height(widget), 1)))
    }

    /// The primary monitor's work area (less panels: ``X11WorkArea``), in
    /// screen pixels, as ``OverlayOutputs`` last read it.
    var workArea: PixelRect {
        outputs?.primaryWorkArea ?? PixelRect(x: 0, y: 0, width: 1280, height: 720)
    }

    /// Where the pointer is now, for the `pointer` anchor: relative to the work
    /// area on X11, which tells; on Wayland, where it was last seen on the
    /// overlay's own (output-sized) surface.
    func currentPointer() -> Point? {
        guard backend == .x11 else { return lastPointer }
        guard let display = gdk_display_get_default(), let seat = gdk_display_get_default_seat(display),
            let pointer = gdk_seat_get_pointer(seat)
        else { return nil }
        var (x, y): (Int32, Int32) = (0, 0)
        gdk_device_get_position(pointer, nil, &x, &y)
        let area = workArea
        return Point(x: Double(Int(x) - area.x), y: Double(Int(y) - area.y))
    }
}
