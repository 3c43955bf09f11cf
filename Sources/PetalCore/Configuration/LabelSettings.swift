/// Which items show their full title in a label beside them
/// (docs/configuration.md, `appearance.labels`).
public enum LabelMode: String, Sendable, CaseIterable {
    /// The highlighted item's alone: as the pointer or the keys move.
    case hover
    /// Every item's.
    case always
    /// None (`"none"`): titles show only inside circles without an icon.
    /// Not `none`, which an optional mode would read as nil.
    case never = "none"

    /// The labels of a menu laid out `style` when its appearance names none:
    /// `always` for a `stack`, whose labels sit side by side in a column
    /// (the floating action button's speed dial), and for a `list`, whose
    /// rows are their titles; `hover` for a `linear` row and a `radial` arc,
    /// whose labels would run into the next item's.
    public static func `default`(for style: LayoutStyle) -> LabelMode {
        style == .stack || style == .list ? .always : .hover
    }
}

extension AppearanceSettings {
    /// The longest `font`, in UTF-8 bytes.
    public static let maximumFontBytes = 256

    /// The labels the menu shows laid out `style`: `labels`, or the layout's default.
    public func labelMode(for style: LayoutStyle) -> LabelMode {
        labels ?? LabelMode.default(for: style)
    }

    /// Whether `font` may be an `appearance.font`: a Pango font description
    /// ("" for the desktop's font) of at most ``maximumFontBytes`` bytes with
    /// no control characters. Its words are Pango's to read; an unknown
    /// family falls back to the desktop's.
    public static func isValidFont(_ font: String) -> Bool {
        font.utf8.count <= maximumFontBytes
            && !font.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
