import CGtk
import PetalCore

/// Icons from the icon theme, or from files named by absolute path, loaded
/// once per name, size and colour.
///
/// Symbolic icons are tinted with the requested colour, so the first seed's
/// white glyphs on coloured discs come from any theme's symbolic set; a name
/// the theme lacks gives nil, and the caller draws the item's title instead.
@MainActor
final class IconLoader {
    /// A loaded icon; the pixbuf is released with it.
    final class Icon {
        let pixbuf: OpaquePointer

        init(pixbuf: OpaquePointer) {
            self.pixbuf = pixbuf
        }

        deinit { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    }

    private struct Key: Hashable {
        var name: String
        var size: Int
        var color: String
    }

    private let theme: UnsafeMutablePointer<GtkIconTheme>
    private var cache: [Key: Icon?] = [:]
    /// Names already reported missing, so the log says it once.
    private var reported: Set<String> = []
    private let log: (String) -> Void

    /// Icons of the display's theme; without a display (offscreen
    /// rendering), of a theme object of its own, which reads the usual
    /// icon folders and falls back to Adwaita and hicolor.
    init(theme: UnsafeMutablePointer<GtkIconTheme>, log: @escaping (String) -> Void) {
        self.theme = theme
        self.log = log
    }

    /// The icon `name` (a theme name, or an absolute path) at `size` pixels, tinted `color` when symbolic.
    func icon(_ name: String, size: Int, color: RGBAColor) -> Icon? {
        guard !name.isEmpty, size > 0 else { return nil }
        // The alpha fades the painted icon instead, so one load serves a whole animation.
        let opaque = RGBAColor(red: color.red, green: color.green, blue: color.blue)
        let key = Key(name: name, size: size, color: opaque.description)
        if let cached = cache[key] { return cached }
        let icon = name.hasPrefix("/") ? file(name, size: size) : themed(name, size: size, color: opaque)
        cache[key] = icon
        return icon
    }

    /// Logs a problem with icon `name` once.
    private func report(_ name: String, _ problem: String) {
        guard reported.insert(name).inserted else { return }
        log(problem)
    }

    /// Forgets every loaded icon (the appearance changed).
    func flush() {
        cache.removeAll()
    }

    private func themed(_ name: String, size: Int, color: RGBAColor) -> Icon? {
        // Prefer the symbolic form, which takes the glyph colour; else the full-colour icon.
        // A ready-drawn PNG first: an SVG brings in librsvg, megabytes and a dropped first frame.
        let symbolic = GTK_ICON_LOOKUP_FORCE_SIZE.rawValue | GTK_ICON_LOOKUP_FORCE_SYMBOLIC.rawValue
        guard
            let info = gtk_icon_theme_lookup_icon(
                theme, name, Int32(size),
                GtkIconLookupFlags(rawValue: symbolic | GTK_ICON_LOOKUP_NO_SVG.rawValue))
                ?? gtk_icon_theme_lookup_icon(theme, name, Int32(size), GtkIconLookupFlags(rawValue: symbolic))
        else {
            report(
                name,
                "icon \"\(name)\" is not in the icon theme; the item's title is drawn instead (install the theme that has it, or give an absolute path)"
            )
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        var rgba = GdkRGBA(red: color.red, green: color.green, blue: color.blue, alpha: 1)
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gtk_icon_info_load_symbolic(info, &rgba, nil, nil, nil, nil, &error) else {
            report(
                name,
                "icon \"\(name)\" is in the icon theme but cannot be loaded (\(Self.message(error))); the item's title is drawn instead"
            )
            if let error { g_error_free(error) }
            return nil
        }
        return Icon(pixbuf: pixbuf)
    }

    private func file(_ path: String, size: Int) -> Icon? {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file_at_size(path, Int32(size), Int32(size), &error) else {
            report(path, "icon file \(path) cannot be read (\(Self.message(error))); the item's title is drawn instead")
            if let error { g_error_free(error) }
            return nil
        }
        return Icon(pixbuf: pixbuf)
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        error.map { String(cString: $0.pointee.message) } ?? "no reason given"
    }
}
