import DBus
import PetalCore

extension PickerSettings.Sort: DBusStringEnum {}

/// A menu's `Picker` property (docs/dbus-api.md): its `picker` section, the
/// keys that differ from their defaults; empty for a menu without one.
/// petald serves it; frontends read it leniently.
extension PickerSettings: DBusRecord {
    public static let keys: [DBusRecordKey<PickerSettings>] = [
        .value("prompt", \.prompt, default: "", what: text, accepts: fits),
        .value("message", \.message, default: "", what: text, accepts: fits),
        .value("filter", \.filter, default: "", what: text, accepts: fits),
        DBusRecordKey(
            "selected",
            read: { settings, value in
                guard case .int32(let row) = value, row >= 0 else {
                    return "must be a row number from 0 (i), not \(value.type)"
                }
                settings.selected = Int(row)
                return nil
            }, write: { $0.selected == 0 ? nil : .int32(Int32(clamping: $0.selected)) }),
        .flag("multi", \.multi),
        .value("custom", \.custom, what: "a boolean (b)"),
        .flag("caseSensitive", \.caseSensitive),
        .value("sort", \.sort, default: .order, what: "one of \(Sort.caseList)"),
        .value(
            "keys", \.customKeys, default: [], what: "at most \(maximumKeys) key names (as)",
            accepts: { $0.count <= maximumKeys && $0.allSatisfy(isKeyName) }),
    ]

    private static let text = "a text (s) of at most \(maximumTextBytes) bytes"
    private static let fits: @Sendable (String) -> Bool = { $0.utf8.count <= maximumTextBytes }
}
