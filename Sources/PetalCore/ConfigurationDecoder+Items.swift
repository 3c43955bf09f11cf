import PetalJSON

/// The `items` array.
extension ConfigurationDecoder {
    /// The keys of an item.
    static let itemKeys = [
        "id", "title", "icon", "selectedIcon", "color", "action", "params",
        "toggle", "selected", "enabled", "keepOpen",
    ]
    /// The longest `title`, in UTF-8 bytes.
    public static let maximumTitleBytes = 1024
    /// The longest `icon` or `selectedIcon` (a name or a path), in UTF-8 bytes.
    public static let maximumIconBytes = 4096

    mutating func items(_ value: JSONValue, at path: String) -> [MenuItem] {
        guard let elements = value.arrayValue else {
            report(.error, path, "expected an array of items, found \(Self.describe(value))")
            return []
        }
        if elements.count > Self.maximumItems {
            report(.error, path, "expected at most \(Self.maximumItems) items, found \(elements.count)")
        }
        var items: [MenuItem] = []
        var firstIndexOfID: [String: Int] = [:]
        for (index, element) in elements.prefix(Self.maximumItems).enumerated() {
            let itemPath = JSONPath.element(index, of: path)
            guard let object = element.objectValue else {
                report(
                    .error, itemPath,
                    "expected an item (an object with an id and an action), found \(Self.describe(element))")
                continue
            }
            let id = itemID(object, at: itemPath)
            if let id {
                if let first = firstIndexOfID[id] {
                    report(
                        .error, JSONPath.member("id", of: itemPath),
                        "expected a unique id, found \(Self.describe(.string(id))), which \(JSONPath.element(first, of: path)) has too"
                    )
                } else {
                    firstIndexOfID[id] = index
                }
            }
            if let item = self.item(object, id: id, at: itemPath) { items.append(item) }
        }
        return items
    }

    /// The item's valid id, or nil after reporting why it has none.
    private mutating func itemID(_ object: JSONObject, at path: String) -> String? {
        guard object["id"] != nil else {
            report(
                .error, JSONPath.member("id", of: path), "missing; every item needs an id such as \"camera\"",
                positionOf: path)
            return nil
        }
        return text(
            "id", of: object, at: path, what: "an id", example: "\"camera\"",
            maximumBytes: Self.maximumIDBytes, allowsEmpty: false)
    }

    /// The item, or nil if its id or action is missing or invalid; every other
    /// problem is reported too.
    private mutating func item(_ object: JSONObject, id: String?, at path: String) -> MenuItem? {
        warnAboutUnknownKeys(in: object, at: path, known: Self.itemKeys)
        let title = text("title", of: object, at: path, what: "a title", maximumBytes: Self.maximumTitleBytes)
        let icon = text(
            "icon", of: object, at: path, what: "an icon name or path", example: "\"camera-photo\"",
            maximumBytes: Self.maximumIconBytes)
        let selectedIcon = text(
            "selectedIcon", of: object, at: path, what: "an icon name or path",
            example: "\"starred\"", maximumBytes: Self.maximumIconBytes)
        let color = member(
            "color", of: object, at: path,
            expected: ##"a colour such as "#ef5285" or "#ef5285cc""##
        ) { value in
            value.stringValue.flatMap { Self.isColour($0) ? $0 : nil }
        }
        let action: String?
        if object["action"] == nil {
            report(
                .error, JSONPath.member("action", of: path),
                "missing; every item needs an action such as \"camera.open\"", positionOf: path)
            action = nil
        } else {
            action = text(
                "action", of: object, at: path, what: "an action id", example: "\"camera.open\"",
                maximumBytes: Self.maximumIDBytes, allowsEmpty: false)
        }
        let params = member("params", of: object, at: path, expected: "an object of parameters") { $0.objectValue }
        let toggle = flag("toggle", of: object, at: path) ?? false
        let selected = flag("selected", of: object, at: path) ?? false
        let enabled = flag("enabled", of: object, at: path) ?? true
        let keepOpen = flag("keepOpen", of: object, at: path) ?? false
        if selected && !toggle {
            report(
                .warning, JSONPath.member("selected", of: path),
                "\"selected\": true has no effect without \"toggle\": true")
        }
        guard let id, let action else { return nil }
        return MenuItem(
            id: id, title: title ?? id, icon: icon ?? "", selectedIcon: selectedIcon ?? "", color: color ?? "",
            action: action, params: params ?? [:], toggle: toggle, selected: selected, enabled: enabled,
            keepOpen: keepOpen)
    }

    /// The string member `key`: at most `maximumBytes` UTF-8 bytes, without
    /// control characters, and not empty unless `allowsEmpty`. Nil when absent
    /// or after reporting what is wrong with it; `what` and `example` word the message.
    mutating func text(
        _ key: String, of object: JSONObject, at parent: String, what: String, example: String? = nil,
        maximumBytes: Int, allowsEmpty: Bool = true
    ) -> String? {
        guard let value = object[key] else { return nil }
        let path = JSONPath.member(key, of: parent)
        guard let string = value.stringValue, allowsEmpty || !string.isEmpty else {
            let expected = what + (example.map { " such as \($0)" } ?? " (a string)")
            report(.error, path, "expected \(expected), found \(Self.describe(value))")
            return nil
        }
        let length = string.utf8.count
        if length > maximumBytes {
            report(.error, path, "expected \(what) of at most \(maximumBytes) bytes, found \(length) bytes")
            return nil
        }
        if Self.hasControlCharacters(string) {
            report(.error, path, "expected \(what) without control characters, found \(Self.describe(value))")
            return nil
        }
        return string
    }

    /// Whether `text` is `#rrggbb` or `#rrggbbaa` in hex digits of either case,
    /// or empty (the theme's colour).
    static func isColour(_ text: String) -> Bool {
        if text.isEmpty { return true }
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return false }
        return bytes.dropFirst().allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
        }
    }
}
