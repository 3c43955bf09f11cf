import CGtk
import Glibc
import PetalCore
import PetalScene

/// Paints a scene's draw list with Cairo: discs, shadows, the "+", icons and text.
///
/// Used on the main thread only, by the window's draw handler and by the
/// offscreen renderer; it holds the icon cache.
@MainActor
final class CairoPainter {
    private let icons: IconLoader
    private let shadows = ShadowCache()
    /// Titles and labels: measured, fitted and drawn with Pango.
    let text = PangoText()
    /// Device pixels per logical pixel of the surface being painted: an
    /// output's scale (2 on a HiDPI output), so that images are made with
    /// as many pixels as the screen shows, and stay crisp.
    private var deviceScale = 1.0

    init(icons: IconLoader) {
        self.icons = icons
    }

    /// Forgets loaded icons, so that new colours or sizes load afresh.
    func flushIcons() {
        icons.flush()
    }

    /// Paints `commands` on `cr`, over a surface cleared to transparent
    /// first unless `clearing` is false (a layer over what is drawn already).
    func paint(_ commands: [DrawCommand], on cr: OpaquePointer, clearing: Bool = true) {
        deviceScale = Self.deviceScale(of: cr)
        cairo_save(cr)
        if clearing {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, 0, 0, 0, 0)
            cairo_paint(cr)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        for command in commands { paint(command, on: cr) }
        cairo_restore(cr)
    }

    private func paint(_ command: DrawCommand, on cr: OpaquePointer) {
        switch command {
        case .fill(let color):
            setSource(color, cr)
            cairo_paint(cr)
        case .shadow(let centre, let radius, let blur, let color):
            // A gradient costs per pixel; a shadow drawn once and copied each frame does not.
            guard let shadow = shadows.shadow(radius: radius, blur: blur, color: color, scale: deviceScale) else {
                return
            }
            cairo_set_source_surface(cr, shadow.surface, centre.x - shadow.half, centre.y - shadow.half)
            cairo_paint_with_alpha(cr, color.alpha)
        case .disc(let centre, let radius, let color):
            setSource(color, cr)
            cairo_new_path(cr)
            cairo_arc(cr, centre.x, centre.y, radius, 0, 2 * Double.pi)
            cairo_fill(cr)
        case .ring(let centre, let radius, let width, let color):
            setSource(color, cr)
            cairo_new_path(cr)
            cairo_set_line_width(cr, width)
            cairo_arc(cr, centre.x, centre.y, radius, 0, 2 * Double.pi)
            cairo_stroke(cr)
        case .plus(let centre, let arm, let lineWidth, let rotation, let color):
            cairo_save(cr)
            cairo_translate(cr, centre.x, centre.y)
            cairo_rotate(cr, rotation)
            setSource(color, cr)
            cairo_set_line_width(cr, lineWidth)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_new_path(cr)
            cairo_move_to(cr, -arm, 0)
            cairo_line_to(cr, arm, 0)
            cairo_move_to(cr, 0, -arm)
            cairo_line_to(cr, 0, arm)
            cairo_stroke(cr)
            cairo_restore(cr)
        case .icon(let name, let centre, let size, let rotation, let color, let fallback):
            // Loaded at the device's size and painted down to the logical one: crisp at 2×.
            let scale = deviceScale
            guard let icon = icons.icon(name, size: Int((size * scale).rounded()), color: color) else {
                return text.draw(fallback, on: cr)
            }
            cairo_save(cr)
            cairo_translate(cr, centre.x, centre.y)
            cairo_rotate(cr, rotation)
            cairo_scale(cr, 1 / scale, 1 / scale)
            let (width, height) = (
                Double(gdk_pixbuf_get_width(icon.pixbuf)), Double(gdk_pixbuf_get_height(icon.pixbuf))
            )
            gdk_cairo_set_source_pixbuf(cr, icon.pixbuf, -width / 2, -height / 2)
            // Icons are loaded opaque, so one load serves a whole animation; they fade with their disc here.
            cairo_paint_with_alpha(cr, color.alpha)
            cairo_restore(cr)
        case .text(let run):
            text.draw(run, on: cr)
        case .label(let plate):
            label(plate, on: cr)
        }
    }

    /// A plate with rounded corners; square where it is outlined (no
    /// compositor), so that the window's shape, its rectangle, holds it whole.
    private func label(_ plate: LabelPlate, on cr: OpaquePointer) {
        let box = plate.box
        let radius = plate.outline == nil ? min(6, box.height / 2) : 0
        cairo_new_path(cr)
        cairo_arc(cr, box.maxX - radius, box.minY + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cr, box.maxX - radius, box.maxY - radius, radius, 0, Double.pi / 2)
        cairo_arc(cr, box.minX + radius, box.maxY - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cr, box.minX + radius, box.minY + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
        setSource(plate.background, cr)
        cairo_fill(cr)
        if let outline = plate.outline {
            setSource(outline, cr)
            cairo_set_line_width(cr, ContrastRings.outlineWidth)
            cairo_rectangle(cr, box.x + 0.5, box.y + 0.5, box.width - 1, box.height - 1)
            cairo_stroke(cr)
        }
        text.draw(plate.text, on: cr)
    }

    /// The device scale of the surface `cr` draws on; 1 when it has none or a bad one.
    static func deviceScale(of cr: OpaquePointer) -> Double {
        guard let target = cairo_get_target(cr) else { return 1 }
        var (x, y) = (1.0, 1.0)
        cairo_surface_get_device_scale(target, &x, &y)
        let scale = max(x, y)
        return scale.isFinite && scale > 0 ? scale : 1
    }

    private func setSource(_ color: RGBAColor, _ cr: OpaquePointer) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }
}
