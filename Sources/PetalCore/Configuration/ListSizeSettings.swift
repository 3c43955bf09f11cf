/// The bounds of `appearance.width` and `appearance.lines`, the size of a
/// `list` menu's window (docs/configuration.md).
extension AppearanceSettings {
    /// The widths a list window may have, in logical pixels.
    public static let listWidths = 160.0...10_000.0
    /// How many rows a list window may show.
    public static let listLines = 1...100

    /// Whether `width` may be an `appearance.width`.
    public static func isListWidth(_ width: Double) -> Bool { listWidths.contains(width) }

    /// Whether `lines` may be an `appearance.lines`.
    public static func isListLines(_ lines: Int) -> Bool { listLines.contains(lines) }
}
