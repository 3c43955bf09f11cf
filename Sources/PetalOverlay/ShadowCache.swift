import CGtk
import PetalCore

/// Soft circle shadows drawn once into small images, per radius, blur and
/// colour, and copied into each frame: a radial gradient filled every frame
/// was most of the painting's cost.
@MainActor
final class ShadowCache {
    /// A shadow image; the circle's centre is at (half, half).
    final class Shadow {
        let surface: OpaquePointer
        let half: Double

        init(surface: OpaquePointer, half: Double) {
            self.surface = surface
            self.half = half
        }

        deinit { cairo_surface_destroy(surface) }
    }

    private struct Key: Hashable {
        /// The radius in quarter pixels: a pressed button's few sizes are a few entries.
        var quarterRadius: Int
        var blur: Double
        var color: String
        /// Device pixels per logical pixel, in quarters.
        var quarterScale: Int
    }

    /// More than a menu uses; past it the cache starts again rather than grow.
    private static let limit = 64
    private var cache: [Key: Shadow] = [:]

    /// The shadow of a circle of `radius`, fading out over `blur` from
    /// `color` (drawn opaque; the caller applies its alpha when painting),
    /// with `scale` device pixels per logical pixel; its size and ``Shadow/half``
    /// are logical.
    func shadow(radius: Double, blur: Double, color: RGBAColor, scale: Double = 1) -> Shadow? {
        let opaque = RGBAColor(red: color.red, green: color.green, blue: color.blue)
        let key = Key(
            quarterRadius: Int((radius * 4).rounded()), blur: blur, color: opaque.description,
            quarterScale: max(Int((scale * 4).rounded()), 4))
        if let cached = cache[key] { return cached }
        let radius = Double(key.quarterRadius) / 4
        let scale = Double(key.quarterScale) / 4
        let half = (radius + blur + 1).rounded(.up)
        let side = Int32((2 * half * scale).rounded(.up))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side) else { return nil }
        cairo_surface_set_device_scale(surface, scale, scale)
        guard let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        if let pattern = cairo_pattern_create_radial(half, half, max(radius - blur, 0), half, half, radius + blur) {
            cairo_pattern_add_color_stop_rgba(pattern, 0, opaque.red, opaque.green, opaque.blue, 1)
            cairo_pattern_add_color_stop_rgba(pattern, 1, opaque.red, opaque.green, opaque.blue, 0)
            cairo_set_source(cr, pattern)
            cairo_arc(cr, half, half, radius + blur, 0, 2 * Double.pi)
            cairo_fill(cr)
            cairo_pattern_destroy(pattern)
        }
        cairo_destroy(cr)
        if cache.count >= Self.limit { cache.removeAll() }
        let shadow = Shadow(surface: surface, half: half)
        cache[key] = shadow
        return shadow
    }
}
