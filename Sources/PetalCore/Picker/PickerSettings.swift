/// How a menu behaves as a picker (docs/configuration.md, `picker`): the
/// prompt and message its frontend shows, the filter it starts with, and
/// what may be chosen. Any menu may have one; a `list` menu is drawn as one.
public struct PickerSettings: Equatable, Sendable {
    /// How the rows that match the filter are ordered.
    public enum Sort: String, Sendable, CaseIterable {
        /// In the menu's order.
        case order
        /// Best fuzzy match first, as fzf ranks.
        case score
    }

    /// Shown before the filter text.
    public var prompt = ""
    /// A line shown under the prompt.
    public var message = ""
    /// The filter text the picker starts with.
    public var filter = ""
    /// The row highlighted first, from 0.
    public var selected = 0
    /// Whether several rows may be chosen at once.
    public var multi = false
    /// Whether the filter text itself may be chosen when no row is wanted;
    /// nil for the default: true for menus made over D-Bus, false for configured ones.
    public var custom: Bool?
    /// Whether the filter tells upper from lower case.
    public var caseSensitive = false
    /// How matching rows are ordered.
    public var sort = Sort.order
    /// Keys that choose the highlighted row with key N (from 1), in GTK's
    /// accelerator syntax: `Alt+1`, `Control+Delete`.
    public var customKeys: [String] = []

    /// A picker with every key at its default.
    public init() {}

    /// Whether a custom entry is accepted, for a menu made over D-Bus or not.
    public func acceptsCustom(isAdHoc: Bool) -> Bool { custom ?? isAdHoc }

    /// The most custom keys a picker has: rofi's `-kb-custom-1` to `-kb-custom-19`.
    public static let maximumKeys = 19
    /// The longest prompt, message or filter, in UTF-8 bytes.
    public static let maximumTextBytes = Limits.pickerTextBytes
    /// The longest key name, in UTF-8 bytes.
    public static let maximumKeyBytes = 64

    /// The modifiers a key name may start with.
    public static let modifiers = ["Control", "Ctrl", "Alt", "Shift", "Super", "Meta", "Hyper"]

    /// Whether `name` is a key in GTK's accelerator syntax as the picker
    /// takes it: modifiers joined by `+`, then a key name of letters, digits
    /// and `_` (`Alt+1`, `Control+Delete`, `F5`).
    public static func isKeyName(_ name: String) -> Bool {
        guard (1...maximumKeyBytes).contains(name.utf8.count) else { return false }
        let parts = name.split(separator: "+", omittingEmptySubsequences: false)
        guard let key = parts.last, !key.isEmpty else { return false }
        let isKeyByte = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
        return key.utf8.allSatisfy(isKeyByte) && parts.dropLast().allSatisfy { modifiers.contains(String($0)) }
    }
}
