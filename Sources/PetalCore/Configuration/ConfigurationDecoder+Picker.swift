import PetalJSON

/// A menu section's `picker`.
extension ConfigurationDecoder {
    /// The keys of `picker`.
    static let pickerKeys = [
        "prompt", "message", "filter", "selected", "multi", "custom", "caseSensitive", "sort", "keys",
    ]

    /// The `picker` section `picker` at `path`; what is wrong is reported and left at its default.
    mutating func pickerSettings(_ picker: JSONObject, at path: String) -> PickerSettings {
        var settings = PickerSettings()
        let maximum = PickerSettings.maximumTextBytes
        if let prompt = text("prompt", of: picker, at: path, what: "a prompt", maximumBytes: maximum) {
            settings.prompt = prompt
        }
        if let message = text("message", of: picker, at: path, what: "a message", maximumBytes: maximum) {
            settings.message = message
        }
        if let filter = text("filter", of: picker, at: path, what: "a filter text", maximumBytes: maximum) {
            settings.filter = filter
        }
        if let row = member(
            "selected", of: picker, at: path, expected: "a row number from 0 (the first row)",
            { $0.int64Value.flatMap { $0 >= 0 && $0 <= Int64(Int32.max) ? Int($0) : nil } })
        {
            settings.selected = row
        }
        if let multi = flag("multi", of: picker, at: path) { settings.multi = multi }
        if let custom = flag("custom", of: picker, at: path) { settings.custom = custom }
        if let cased = flag("caseSensitive", of: picker, at: path) { settings.caseSensitive = cased }
        if let sort = member(
            "sort", of: picker, at: path, expected: Self.quotedChoices(PickerSettings.Sort.allCases.map(\.rawValue)),
            { $0.stringValue.flatMap(PickerSettings.Sort.init(rawValue:)) })
        {
            settings.sort = sort
        }
        if let keys = member("keys", of: picker, at: path, expected: "an array of key names", { $0.arrayValue }) {
            settings.customKeys = pickerKeys(keys, at: JSONPath.member("keys", of: path))
        }
        return settings
    }

    /// The valid key names of `keys`, at most ``PickerSettings/maximumKeys``.
    private mutating func pickerKeys(_ keys: [JSONValue], at path: String) -> [String] {
        if keys.count > PickerSettings.maximumKeys {
            report(.error, path, "expected at most \(PickerSettings.maximumKeys) keys, found \(keys.count)")
        }
        var names: [String] = []
        for (index, value) in keys.prefix(PickerSettings.maximumKeys).enumerated() {
            guard let name = value.stringValue, PickerSettings.isKeyName(name) else {
                report(
                    .error, JSONPath.element(index, of: path),
                    "expected a key such as \"Alt+1\" or \"Control+Delete\" (modifiers "
                        + PickerSettings.modifiers.joined(separator: ", ")
                        + " joined by \"+\" before a key name), found \(Self.describe(value))")
                continue
            }
            names.append(name)
        }
        return names
    }
}
