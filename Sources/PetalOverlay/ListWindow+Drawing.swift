import CGtk
import PetalCore
import PetalScene

/// Painting a list picker: a panel with the prompt and the filter (and a
/// caret), the message, the rows on screen — icon, title cut with "…" at
/// the width, key hint at the right — and, when the highlighted row's
/// title is cut, its full text in a tooltip row beside it.
extension ListWindow {
    private static let panel = RGBAColor(hex: "#fbfbfb")!
    private static let border = RGBAColor(hex: "#00000040")!
    private static let ink = RGBAColor(hex: "#202020")!
    private static let faint = RGBAColor(hex: "#6a6a6a")!
    private static let markColour = RGBAColor(hex: "#2a7ad5")!

    /// The height of a line of text in the window's font.
    func textHeight() -> Double {
        let layout = self.layout("Ag")
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return Double(pixelSize(of: layout).height)
    }

    /// A Pango layout of `text` in the window's font (the appearance's, else the desktop's).
    func layout(_ text: String, bold: Bool = false) -> OpaquePointer {
        let layout = gtk_widget_create_pango_layout(widget, text)!
        let font =
            appearance.font.isEmpty
            ? pango_font_description_copy(pango_context_get_font_description(pango_layout_get_context(layout)))
            : pango_font_description_from_string(appearance.font)
        if bold { pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD) }
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        return layout
    }

    func draw(on cr: OpaquePointer) {
        let size = metrics.size
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        set(Self.panel, cr)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        set(Self.border, cr)
        cairo_set_line_width(cr, 1)
        cairo_rectangle(cr, 0.5, 0.5, size.width - 1, size.height - 1)
        cairo_stroke(cr)
        drawPrompt(on: cr)
        if metrics.hasMessage {
            let message = layout(picker.settings.message)
            pango_layout_set_ellipsize(message, PANGO_ELLIPSIZE_END)
            pango_layout_set_width(message, Int32((metrics.message.width - 8) * Double(PANGO_SCALE)))
            show(message, in: metrics.message, inset: 4, colour: Self.faint, on: cr)
        }
        let accent = RGBAColor(hex: appearance.buttonColor) ?? Self.markColour
        let onAccent = RGBAColor(hex: appearance.iconColor) ?? RGBAColor(hex: "#ffffff")!
        var tooltip: (rect: Rect, text: String)?
        for (offset, position) in picker.visible.enumerated() {
            let index = picker.shown[position]
            let row = self.row(index)
            let rect = metrics.row(offset)
            let highlighted = position == picker.highlighted
            if highlighted {
                set(accent, cr)
                cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
                cairo_fill(cr)
            }
            let colour = highlighted ? onAccent : Self.ink
            var left = rect.x + 8
            if picker.marked.contains(index) {
                set(highlighted ? onAccent : Self.markColour, cr)
                cairo_rectangle(cr, rect.x + 2, rect.y + 4, 4, rect.height - 8)
                cairo_fill(cr)
            }
            if !row.icon.isEmpty {
                drawIcon(
                    row.icon, at: Point(x: left + ListMetrics.iconSize / 2, y: rect.y + rect.height / 2),
                    colour: colour,
                    on: cr)
                left += ListMetrics.iconSize + 8
            }
            var right = rect.maxX - 8
            if let hint = keyHints[row.id] {
                let hintLayout = layout(hint)
                let width = Double(pixelSize(of: hintLayout).width)
                right -= width
                show(
                    hintLayout, in: Rect(x: right, y: rect.y, width: width, height: rect.height), colour: colour, on: cr
                )
                right -= 12
            }
            let title = layout(row.title)
            pango_layout_set_ellipsize(title, PANGO_ELLIPSIZE_END)
            pango_layout_set_single_paragraph_mode(title, PETAL_TRUE)
            let titleRect = Rect(x: left, y: rect.y, width: max(right - left, 1), height: rect.height)
            pango_layout_set_width(title, Int32(titleRect.width * Double(PANGO_SCALE)))
            let cut = pango_layout_is_ellipsized(title) != PETAL_FALSE
            let faded =
                row.enabled ? colour : RGBAColor(red: colour.red, green: colour.green, blue: colour.blue, alpha: 0.5)
            show(title, in: titleRect, colour: faded, on: cr)
            if highlighted && cut { tooltip = (rect, row.title) }
        }
        if let tooltip { drawTooltip(tooltip.text, by: tooltip.rect, on: cr) }
        cairo_restore(cr)
        trace?.frame(at: Double(g_get_monotonic_time()) / 1e6, spread: 1)
    }

    /// The prompt, then the filter text and a caret after it.
    private func drawPrompt(on cr: OpaquePointer) {
        let rect = metrics.prompt
        var x = rect.x + 4
        if !picker.settings.prompt.isEmpty {
            let prompt = layout(picker.settings.prompt, bold: true)
            let width = Double(pixelSize(of: prompt).width)
            show(prompt, in: Rect(x: x, y: rect.y, width: width, height: rect.height), colour: Self.ink, on: cr)
            x += width + 8
        }
        let filter = layout(picker.filter)
        pango_layout_set_ellipsize(filter, PANGO_ELLIPSIZE_START)
        let room = rect.maxX - x - 4
        pango_layout_set_width(filter, Int32(max(room, 1) * Double(PANGO_SCALE)))
        let filterSize = pixelSize(of: filter)
        show(filter, in: Rect(x: x, y: rect.y, width: room, height: rect.height), colour: Self.ink, on: cr)
        let caretX = (x + min(Double(filterSize.width), room)).rounded() + 1
        let textHeight = Double(filterSize.height)
        set(Self.ink, cr)
        cairo_rectangle(cr, caretX, rect.y + (rect.height - textHeight) / 2, 1.5, textHeight)
        cairo_fill(cr)
    }

    /// The full title of the highlighted row, wrapped, in a box: under the
    /// last row drawn when there is room, else under the row (over it near the bottom).
    private func drawTooltip(_ text: String, by row: Rect, on cr: OpaquePointer) {
        let layout = self.layout(text)
        let width = row.width - 16
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        let height = min(Double(pixelSize(of: layout).height), metrics.size.height - 16 - metrics.rowHeight)
        let box = Rect(x: row.x, y: 0, width: row.width, height: height + 12)
        // Under the last row when there is room, hiding none; else under the row (over it at the bottom).
        let bottom = metrics.size.height - 4
        let afterRows = metrics.row(picker.visible.count).y
        let below = row.maxY + box.height <= bottom
        let y = afterRows + box.height <= bottom ? afterRows : below ? row.maxY : row.y - box.height
        let placed = Rect(x: box.x, y: y, width: box.width, height: box.height)
        set(RGBAColor(hex: "#303030f2")!, cr)
        cairo_rectangle(cr, placed.x, placed.y, placed.width, placed.height)
        cairo_fill(cr)
        cairo_save(cr)
        cairo_rectangle(cr, placed.x, placed.y, placed.width, placed.height)
        cairo_clip(cr)
        set(RGBAColor(hex: "#ffffff")!, cr)
        cairo_move_to(cr, placed.x + 8, placed.y + 6)
        pango_cairo_show_layout(cr, layout)
        cairo_restore(cr)
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    private func drawIcon(_ name: String, at centre: Point, colour: RGBAColor, on cr: OpaquePointer) {
        let scale = Double(gtk_widget_get_scale_factor(widget))
        let size = Int((ListMetrics.iconSize * scale).rounded())
        guard let icon = icons.icon(name, size: size, color: colour) else { return }
        cairo_save(cr)
        cairo_translate(cr, centre.x, centre.y)
        cairo_scale(cr, 1 / scale, 1 / scale)
        let (width, height) = (Double(gdk_pixbuf_get_width(icon.pixbuf)), Double(gdk_pixbuf_get_height(icon.pixbuf)))
        gdk_cairo_set_source_pixbuf(cr, icon.pixbuf, -width / 2, -height / 2)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Shows `layout` (and releases it) at the left of `rect`, centred in its height.
    private func show(
        _ layout: OpaquePointer, in rect: Rect, inset: Double = 0, colour: RGBAColor, on cr: OpaquePointer
    ) {
        let height = Double(pixelSize(of: layout).height)
        set(colour, cr)
        cairo_move_to(cr, rect.x + inset, (rect.y + (rect.height - height) / 2).rounded())
        pango_cairo_show_layout(cr, layout)
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    private func pixelSize(of layout: OpaquePointer) -> (width: Int32, height: Int32) {
        var (width, height): (Int32, Int32) = (0, 0)
        pango_layout_get_pixel_size(layout, &width, &height)
        return (width, height)
    }

    private func set(_ colour: RGBAColor, _ cr: OpaquePointer) {
        cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, colour.alpha)
    }
}
