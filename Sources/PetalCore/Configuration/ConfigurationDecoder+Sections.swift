import PetalJSON

/// The `menu`, `plugins` and `actions` sections.
extension ConfigurationDecoder {
    /// The keys of `menu`.
    static let menuKeys = [
        "layout", "spacing", "firstAngle", "angleInterval", "radius",
        "openDuration", "closeDuration", "closeOnActivate",
    ]
    /// The keys of `plugins`.
    static let pluginKeys = ["paths", "disabled", "isolate", "settings"]
    /// The keys of `actions`.
    static let actionKeys = ["timeout", "maxConcurrent"]

    // MARK: - menu

    /// The keys of `menu` that `menu` (at `path`) gives, over `base`.
    mutating func menuSettings(_ menu: JSONObject, at path: String, over base: MenuSettings = MenuSettings())
        -> MenuSettings
    {
        var settings = base
        if let style = member(
            "layout", of: menu, at: path, expected: Self.quotedChoices(LayoutStyle.allCases.map(\.rawValue)),
            {
                $0.stringValue.flatMap(LayoutStyle.init(rawValue:))
            })
        {
            settings.geometry.style = style
        }
        let distance = "a number of pixels greater than 0 and at most \(Int(Self.maximumDistance))"
        let distances = 0...Self.maximumDistance
        if let spacing = number(
            "spacing", of: menu, at: path, in: distances, excludingLowerBound: true,
            expected: distance)
        {
            settings.geometry.spacing = spacing
        }
        if let radius = number(
            "radius", of: menu, at: path, in: distances, excludingLowerBound: true,
            expected: distance)
        {
            settings.geometry.radius = radius
        }
        let angle = "a number of degrees from -\(Int(Self.maximumAngle)) to \(Int(Self.maximumAngle))"
        let angles = -Self.maximumAngle...Self.maximumAngle
        if let first = number("firstAngle", of: menu, at: path, in: angles, expected: angle) {
            settings.geometry.firstAngle = first
        }
        if let interval = number("angleInterval", of: menu, at: path, in: angles, expected: angle) {
            settings.geometry.angleInterval = interval
        }
        let duration = "a number of seconds from 0 to \(Int(Self.maximumAnimationSeconds))"
        let durations = 0...Self.maximumAnimationSeconds
        if let open = number("openDuration", of: menu, at: path, in: durations, expected: duration) {
            settings.openDuration = .configured(seconds: open)
        }
        if let close = number("closeDuration", of: menu, at: path, in: durations, expected: duration) {
            settings.closeDuration = .configured(seconds: close)
        }
        if let closes = flag("closeOnActivate", of: menu, at: path) {
            settings.closeOnActivate = closes
        }
        return settings
    }

    // MARK: - plugins

    mutating func pluginSettings(_ plugins: JSONObject, at path: String) -> PluginSettings {
        var settings = PluginSettings()
        if let paths = member("paths", of: plugins, at: path, expected: "an array of folder paths", { $0.arrayValue }) {
            let parent = JSONPath.member("paths", of: path)
            settings.paths = paths.enumerated().compactMap { index, value in
                guard let folder = value.stringValue, folder.hasPrefix("/"), !Self.hasControlCharacters(folder) else {
                    report(
                        .error, JSONPath.element(index, of: parent),
                        "expected an absolute folder path such as \"/opt/petal/plugins\", found \(Self.describe(value))"
                    )
                    return nil
                }
                return folder
            }
        }
        if let disabled = member(
            "disabled", of: plugins, at: path, expected: "an array of plugin names",
            { $0.arrayValue })
        {
            let parent = JSONPath.member("disabled", of: path)
            settings.disabled = disabled.enumerated().compactMap { index, value in
                guard let name = value.stringValue else {
                    report(
                        .error, JSONPath.element(index, of: parent),
                        "expected a plugin name (a string) such as \"command\", found \(Self.describe(value))")
                    return nil
                }
                return name
            }
        }
        if let isolate = plugins["isolate"] {
            if let isolation = isolation(isolate, at: JSONPath.member("isolate", of: path)) {
                settings.isolate = isolation
            }
        }
        if let perPlugin = member(
            "settings", of: plugins, at: path, expected: "an object with one object per plugin",
            { $0.objectValue })
        {
            let parent = JSONPath.member("settings", of: path)
            for (name, value) in perPlugin where value.objectValue == nil {
                report(
                    .error, Self.shownPath(name, of: parent),
                    "expected an object of the plugin's settings, found \(Self.describe(value))",
                    positionOf: JSONPath.member(name, of: parent))
            }
            settings.settings = perPlugin
        }
        return settings
    }

    private mutating func isolation(_ value: JSONValue, at path: String) -> PluginIsolation? {
        let expected = "\"third-party\", \"all\", \"none\" or an array of plugin names"
        if let word = value.stringValue {
            guard let isolation = PluginIsolation(keyword: word) else {
                report(.error, path, "expected \(expected), found \(Self.describe(value))")
                return nil
            }
            return isolation
        }
        guard let list = value.arrayValue else {
            report(.error, path, "expected \(expected), found \(Self.describe(value))")
            return nil
        }
        let names = list.enumerated().compactMap { index, element -> String? in
            guard let name = element.stringValue else {
                report(
                    .error, JSONPath.element(index, of: path),
                    "expected a plugin name (a string) such as \"weather\", found \(Self.describe(element))")
                return nil
            }
            return name
        }
        return .named(names)
    }

    // MARK: - actions

    mutating func actionSettings(_ actions: JSONObject, at path: String) -> ActionSettings {
        var settings = ActionSettings()
        let timeout = "a number of seconds greater than 0 and at most \(Int(Self.maximumTimeoutSeconds))"
        if let seconds = number(
            "timeout", of: actions, at: path, in: 0...Self.maximumTimeoutSeconds,
            excludingLowerBound: true, expected: timeout)
        {
            settings.timeout = .configured(seconds: seconds)
        }
        let range = Self.concurrencyRange
        if let count = member(
            "maxConcurrent", of: actions, at: path,
            expected: "a whole number from \(range.lowerBound) to \(range.upperBound)",
            {
                $0.int64Value.flatMap { range.contains($0) ? Int($0) : nil }
            })
        {
            settings.maxConcurrent = count
        }
        return settings
    }

    /// Whether `text` has a control character (Unicode category Cc: C0, DEL, C1).
    ///
    /// Cc is fixed by Unicode's stability policy to these 65 code points, so
    /// they are compared as numbers: asking each scalar its general category
    /// was half of what an ad-hoc menu of long titles cost to decode.
    static func hasControlCharacters(_ text: String) -> Bool {
        // Read as UTF-8: C0 and DEL are bytes below 0x20 and 0x7F, C1 (U+0080–U+009F) is 0xC2 then 0x80–0x9F.
        func scan(_ utf8: some Sequence<UInt8>) -> Bool {
            var previous: UInt8 = 0
            for byte in utf8 {
                if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte <= 0x9F && byte >= 0x80) { return true }
                previous = byte
            }
            return false
        }
        return text.utf8.withContiguousStorageIfAvailable { scan($0) } ?? scan(text.utf8)
    }
}
