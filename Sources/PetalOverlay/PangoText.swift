import CGtk
import PetalCore
import PetalScene

/// Titles and labels set with Pango: `appearance.font` ("" for the
/// desktop's font), measured for ``CircleTitles`` and label placement,
/// and drawn. Measures are cached per font, size and text, and a menu's
/// fitted titles per font, item size and titles.
@MainActor
final class PangoText {
    private struct MeasureKey: Hashable {
        var font: String
        var size: Double
        var text: String
    }

    private struct TitlesKey: Hashable {
        var font: String
        var diameter: Double
        var titles: [String]
    }

    /// More than a few menus' worth; past it a cache starts again rather than grow.
    private static let limit = 4096
    private var extents: [MeasureKey: TextExtent] = [:]
    private var fitted: [TitlesKey: CircleTitles] = [:]
    /// A scratch surface to measure on, outside any draw.
    private let scratch: OpaquePointer? = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)

    /// The font description of `font` ("" for the desktop's, else GTK's default, Sans 10).
    static func description(_ font: String) -> String {
        guard font.isEmpty else { return font }
        guard let settings = gtk_settings_get_default(), let name = petal_settings_font_name(settings) else {
            return "Sans 10"
        }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// The titles `menu` draws inside its circles, fitted (``CircleTitles``), cached.
    func circleTitles(for menu: SceneMenu) -> CircleTitles {
        let titled = menu.items.filter { $0.currentIcon.isEmpty }
        let key = TitlesKey(
            font: menu.appearance.font, diameter: menu.appearance.itemSize,
            titles: titled.flatMap { [$0.id, $0.title] })
        if let cached = fitted[key] { return cached }
        let font = menu.appearance.font
        let titles = menu.circleTitles { text, size in self.measure(text, font: font, size: size, bold: true) }
        if fitted.count >= Self.limit { fitted.removeAll() }
        fitted[key] = titles
        return titles
    }

    /// The plate of `item`'s label in `font` (``LabelPlate/size(for:)``).
    func labelSize(of item: SceneItem, font: String) -> Size {
        LabelPlate.size(for: measure(item.title, font: font, size: 0, bold: false))
    }

    /// The plates of the labels of `menu`'s items, in its font.
    func labelSizes(in menu: SceneMenu) -> (SceneItem) -> Size {
        let font = menu.appearance.font
        return { [self] item in labelSize(of: item, font: font) }
    }

    /// How far `text` reaches set in `font` at `size` pixels (0: the font's own size).
    func measure(_ text: String, font: String, size: Double, bold: Bool) -> TextExtent {
        let key = MeasureKey(font: (bold ? "bold " : "") + font, size: size, text: text)
        if let cached = extents[key] { return cached }
        guard let scratch, let cr = cairo_create(scratch) else { return CircleTitles.estimated(text, size) }
        defer { cairo_destroy(cr) }
        guard let layout = Self.layout(text, font: font, size: size, bold: bold, on: cr) else {
            return CircleTitles.estimated(text, size)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        let extent = TextExtent(width: Double(logical.width), height: Double(logical.height))
        if extents.count >= Self.limit { extents.removeAll() }
        extents[key] = extent
        return extent
    }

    /// Draws `run` centred on its point.
    func draw(_ run: TextRun, on cr: OpaquePointer) {
        guard !run.text.isEmpty,
            let layout = Self.layout(run.text, font: run.font, size: run.size, bold: run.bold, on: cr)
        else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        cairo_set_source_rgba(cr, run.color.red, run.color.green, run.color.blue, run.color.alpha)
        cairo_move_to(
            cr, run.centre.x - Double(logical.width) / 2 - Double(logical.x),
            run.centre.y - Double(logical.height) / 2 - Double(logical.y))
        pango_cairo_show_layout(cr, layout)
    }

    /// A one-line layout of `text` in `font`, at `size` pixels unless 0,
    /// made bold when `bold` and the font names no weight of its own.
    private static func layout(_ text: String, font: String, size: Double, bold: Bool, on cr: OpaquePointer)
        -> OpaquePointer?
    {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        let description = pango_font_description_from_string(description(font))
        if size > 0 { pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE)) }
        if bold && pango_font_description_get_weight(description) == PANGO_WEIGHT_NORMAL {
            pango_font_description_set_weight(description, PANGO_WEIGHT_BOLD)
        }
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_single_paragraph_mode(layout, PETAL_TRUE)
        pango_layout_set_text(layout, text, -1)
        return layout
    }
}
