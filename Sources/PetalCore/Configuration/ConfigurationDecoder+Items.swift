import PetalJSON

/// The `items` array of a menu.
extension ConfigurationDecoder {
    /// The keys of an item.
    static let itemKeys = [
        "id", "title", "icon", "selectedIcon", "color", "action", "submenu", "params",
        "toggle", "selected", "enabled", "keepOpen", "key", "meta",
    ]
    /// The longest `title`, in UTF-8 bytes.
    public static let maximumTitleBytes = Limits.itemTitleBytes
    /// The longest `icon` or `selectedIcon` (a name or a path), in UTF-8 bytes.
    public static let maximumIconBytes = Limits.itemIconBytes

    /// The most items a menu of layout `style` may have: a `list` holds a picker's rows.
    public static func maximumItems(for style: LayoutStyle) -> Int {
        style == .list ? Limits.listMenuItems : Limits.menuItems
    }

    /// The items of the menu `menu` at `path`; at most `maximumItems`, and at
    /// least one unless `allowsEmpty`. Menus written in place in them are added
    /// to ``sections``.
    mutating func items(
        _ value: JSONValue, at path: String, of menu: String, in context: MenuContext, allowsEmpty: Bool = true,
        maximumItems: Int = Self.maximumItems
    ) -> [MenuItem] {
        guard let elements = value.arrayValue else {
            report(.error, path, "expected an array of items, found \(Self.describe(value))")
            return []
        }
        let range = allowsEmpty ? "at most \(maximumItems)" : "1 to \(maximumItems)"
        if elements.count > maximumItems {
            let list =
                maximumItems < Limits.listMenuItems
                ? "; a menu of layout \"list\" holds up to \(Limits.listMenuItems)" : ""
            reportExceeded(path, "expected \(range) items, found \(elements.count)\(list)")
        } else if elements.isEmpty && !allowsEmpty {
            report(.error, path, "expected \(range) items, found none")
        }
        var items: [MenuItem] = []
        var firstIndexOfID: [String: Int] = [:]
        var firstIndexOfKey: [String: Int] = [:]
        for (index, element) in elements.prefix(maximumItems).enumerated() {
            if context.isAdHoc, let object = element.objectValue, let item = Self.plainChoice(object),
                firstIndexOfID[item.id] == nil
            {
                firstIndexOfID[item.id] = index
                items.append(item)
                continue
            }
            let itemPath = JSONPath.element(index, of: path)
            guard let object = element.objectValue else {
                let expected =
                    context.isAdHoc ? "an object with an id" : "an object with an id, and an action or a submenu"
                report(.error, itemPath, "expected an item (\(expected)), found \(Self.describe(element))")
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
            let key = itemKey(object, at: itemPath)
            if let key {
                if let first = firstIndexOfKey[key] {
                    report(
                        .error, JSONPath.member("key", of: itemPath),
                        "expected a unique key, found \(Self.describe(.string(key))), which \(JSONPath.element(first, of: path)) has too"
                    )
                } else {
                    firstIndexOfKey[key] = index
                }
            }
            let place = ItemPlace(index: index, path: itemPath, menu: menu)
            if let item = self.item(object, id: id, key: key, at: place, in: context) { items.append(item) }
        }
        return items
    }

    /// The item `object` is when it is a valid choice of an ad-hoc menu with
    /// nothing but an id, a title and an icon, as a picker's rows are: read
    /// without the paths and messages a fault would need. Nil for anything
    /// else, which ``item(_:id:key:at:in:)`` reads and checks in full; it
    /// takes the same values and refuses the same faults.
    private static func plainChoice(_ object: JSONObject) -> MenuItem? {
        guard object.count <= 3 else { return nil }
        var id: String?
        var title: String?
        var icon: String?
        for (key, value) in object {
            guard let text = value.stringValue, !hasControlCharacters(text) else { return nil }
            switch key {
            case "id" where !text.isEmpty && text.utf8.count <= maximumIDBytes: id = text
            case "title" where text.utf8.count <= maximumTitleBytes: title = text
            case "icon" where text.utf8.count <= maximumIconBytes: icon = text
            default: return nil
            }
        }
        guard let id else { return nil }
        return MenuItem(id: id, title: title ?? id, icon: icon ?? "")
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

    /// The item's valid `key`: one character, not a control character. Nil
    /// when there is none, or after reporting what is wrong with it.
    private mutating func itemKey(_ object: JSONObject, at path: String) -> String? {
        guard let value = object["key"] else { return nil }
        guard let key = value.stringValue, key.count == 1, !Self.hasControlCharacters(key) else {
            report(
                .error, JSONPath.member("key", of: path),
                "expected a key of one character such as \"s\", found \(Self.describe(value))")
            return nil
        }
        return key
    }

    /// Where an item is: its index, its path, and the name of its menu.
    private struct ItemPlace {
        var index: Int
        var path: String
        var menu: String
    }

    /// The item, or nil if its id, action or submenu is missing or invalid;
    /// every other problem is reported too.
    private mutating func item(
        _ object: JSONObject, id: String?, key: String?, at place: ItemPlace, in context: MenuContext
    ) -> MenuItem? {
        let path = place.path
        warnAboutUnknownKeys(in: object, at: path, known: Self.itemKeys)
        let title = text("title", of: object, at: path, what: "a title", maximumBytes: Self.maximumTitleBytes)
        let icon = text(
            "icon", of: object, at: path, what: "an icon name or path", example: "\"camera-photo\"",
            maximumBytes: Self.maximumIconBytes)
        let selectedIcon = text(
            "selectedIcon", of: object, at: path, what: "an icon name or path",
            example: "\"starred\"", maximumBytes: Self.maximumIconBytes)
        let meta = text("meta", of: object, at: path, what: "words to match", maximumBytes: Self.maximumTitleBytes)
        let color = member(
            "color", of: object, at: path,
            expected: ##"a colour such as "#ef5285" or "#ef5285cc""##
        ) { value in
            value.stringValue.flatMap { Self.isColour($0) ? $0 : nil }
        }
        let target = self.target(object, id: id, at: place, in: context)
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
        guard let id, let target else { return nil }
        return MenuItem(
            id: id, title: title ?? id, icon: icon ?? "", selectedIcon: selectedIcon ?? "", color: color ?? "",
            action: target.action, submenu: target.submenu, params: params ?? [:], toggle: toggle,
            selected: selected, enabled: enabled, keepOpen: keepOpen, key: key, meta: meta ?? "")
    }

    /// What the item does: its action, or the name of its submenu, or neither
    /// for a choice (only in a menu made over D-Bus). Nil after reporting what
    /// is wrong.
    private mutating func target(
        _ object: JSONObject, id: String?, at place: ItemPlace, in context: MenuContext
    ) -> (action: String, submenu: String?)? {
        let path = place.path
        var valid = true
        if object["action"] != nil && object["submenu"] != nil {
            report(.error, path, "expected either an action or a submenu, found both")
            valid = false
        }
        var action = ""
        if object["action"] != nil {
            action =
                text(
                    "action", of: object, at: path, what: "an action id", example: "\"camera.open\"",
                    maximumBytes: Self.maximumIDBytes, allowsEmpty: false) ?? ""
            valid = valid && !action.isEmpty
            if let id, !action.isEmpty {
                let actionPath = JSONPath.member("action", of: path)
                actionSites.append(
                    ActionSite(
                        menu: place.menu, item: id, action: action, path: actionPath, position: positions[actionPath]))
            }
        } else if object["submenu"] == nil && !context.isAdHoc {
            report(
                .error, JSONPath.member("action", of: path),
                "missing; every item needs an action such as \"camera.open\" or a submenu", positionOf: path)
            valid = false
        }
        guard let value = object["submenu"] else { return valid ? (action, nil) : nil }
        // The id names a menu written in place, and `Choose` joins ids with "/".
        var name = id ?? "items[\(place.index)]"
        if let id, id.utf8.contains(UInt8(ascii: "/")) {
            report(
                .error, JSONPath.member("id", of: path),
                "expected an id without \"/\" for an item with a submenu, found \(Self.describe(.string(id)))")
            name = "items[\(place.index)]"
            valid = false
        }
        if object["params"] != nil {
            report(
                .warning, JSONPath.member("params", of: path),
                "\"params\" has no effect on an item with a submenu, which runs no action")
        }
        let submenu = self.submenu(
            value, at: JSONPath.member("submenu", of: path), item: name, of: place.menu, in: context)
        guard valid, let submenu else { return nil }
        return (action, submenu)
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
