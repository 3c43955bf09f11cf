import CAccessible
import CGtk

/// A list window's GTK window made ahead of time, while nothing waits: the
/// next list that opens takes it and only fills and maps it.
///
/// Making a window (its GObject, style, and on Wayland its layer surface's
/// settings) took about 0.7 ms of each list's opening on headless sway, and
/// the first list's also paid GTK's and Pango's first use (CSS, the font
/// loaded, glyphs rendered): 7 ms more before its window was made and 2 ms
/// more for its first frame. The spare is made once the program has started
/// and again after each list's first frame, at idle priority, and the
/// first time it also draws some text off screen to load the font.
@MainActor
enum ListWindowSpare {
    /// The window made ahead of time, if any, and its backend.
    private static var spare: (widget: UnsafeMutablePointer<GtkWidget>, backend: OverlayWindow.Backend)?
    private static var queued = false
    private static var fontLoaded = false

    /// A window for a list: the spare if there is one, else one made now.
    static func take() -> (widget: UnsafeMutablePointer<GtkWidget>, backend: OverlayWindow.Backend) {
        if let spare {
            self.spare = nil
            return spare
        }
        return make()
    }

    /// Makes the spare when the main loop is next idle, unless there is one.
    static func prepare() {
        guard spare == nil, !queued else { return }
        queued = true
        _ = g_idle_add_full(
            G_PRIORITY_LOW,
            { _ in
                MainActor.assumeIsolated {
                    ListWindowSpare.queued = false
                    if ListWindowSpare.spare == nil { ListWindowSpare.spare = ListWindowSpare.make() }
                    ListWindowSpare.loadFont()
                }
                return PETAL_FALSE
            }, nil, nil)
    }

    /// A list's window, not shown: on Wayland a layer surface on the
    /// overlay layer that no other surface moves aside, on X11 a popup.
    private static func make() -> (widget: UnsafeMutablePointer<GtkWidget>, backend: OverlayWindow.Backend) {
        let widget: UnsafeMutablePointer<GtkWidget>
        let backend: OverlayWindow.Backend
        let display = gdk_display_get_default()
        if let display, petal_display_is_wayland(display) != PETAL_FALSE, gtk_layer_is_supported() != PETAL_FALSE {
            backend = .layerShell
            widget = petal_accessible_window_new(GTK_WINDOW_TOPLEVEL)
            let window = petal_gtk_window(widget)
            gtk_layer_init_for_window(window)
            gtk_layer_set_layer(window, GTK_LAYER_SHELL_LAYER_OVERLAY)
            gtk_layer_set_namespace(window, "petal-overlay-list")
            gtk_layer_set_exclusive_zone(window, -1)
        } else {
            backend = .x11
            widget = petal_accessible_window_new(GTK_WINDOW_POPUP)
        }
        let window = petal_gtk_window(widget)
        gtk_window_set_decorated(window, PETAL_FALSE)
        gtk_window_set_skip_taskbar_hint(window, PETAL_TRUE)
        gtk_widget_set_app_paintable(widget, PETAL_TRUE)
        gtk_widget_add_events(
            widget,
            Int32(
                bitPattern: GDK_BUTTON_PRESS_MASK.rawValue | GDK_KEY_PRESS_MASK.rawValue | GDK_SCROLL_MASK.rawValue
                    | GDK_STRUCTURE_MASK.rawValue))
        return (widget, backend)
    }

    /// Once: lays out and draws text, plain and bold, in the spare's font
    /// on an image of its own, so that the first list's first frame finds
    /// the font loaded and its glyphs rendered.
    private static func loadFont() {
        guard !fontLoaded, let widget = spare?.widget,
            let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 32)
        else { return }
        fontLoaded = true
        let cr = cairo_create(image)
        for bold in [false, true] {
            let layout = gtk_widget_create_pango_layout(widget, "Ag 0")!
            if bold,
                let font = pango_font_description_copy(
                    pango_context_get_font_description(pango_layout_get_context(layout)))
            {
                pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD)
                pango_layout_set_font_description(layout, font)
                pango_font_description_free(font)
            }
            pango_cairo_show_layout(cr, layout)
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
        cairo_destroy(cr)
        cairo_surface_destroy(image)
    }
}
