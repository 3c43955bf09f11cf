import PetalCommandLine
import PetalCore
import PetalJSON

/// The ad-hoc menu `PickFrom` is sent: rofi's flags as its `picker` and
/// `appearance` sections (docs/dbus-api.md, "Picking"), and the rows: a
/// list's as a row table beside the JSON, any other layout's as its items.
extension ChoiceLines {
    /// What `PickFrom` is sent.
    struct Menu {
        /// The menu's JSON: no `items` when ``table`` holds the rows.
        let json: String
        /// A list's rows, encoded as a row table (PetalCore's `RowTable`).
        let table: [UInt8]?
    }

    /// The menu for `options`.
    ///
    /// - Throws: ``UsageError`` when the rows exceed the layout's limits
    ///   (checked here, before petald is asked).
    func menu(_ options: DmenuOptions) throws(UsageError) -> Menu {
        let style = options.style(forRows: rows.count)
        var menu: JSONObject = ["layout": .string(style.rawValue)]
        let picker = pickerSection(options)
        if !picker.isEmpty { menu["picker"] = .object(picker) }
        var appearance: JSONObject = [:]
        if let lines = options.lines { appearance["lines"] = .int(Int64(lines)) }
        if let width = options.width { appearance["width"] = .int(Int64(width)) }
        if !appearance.isEmpty { menu["appearance"] = .object(appearance) }
        guard style != .list else {
            guard rows.count <= Limits.listMenuItems else {
                throw UsageError(
                    "a list offers at most \(Limits.listMenuItems) rows, but standard input has \(rows.count); pass at most \(Limits.listMenuItems)"
                )
            }
            let table = table.encoded()
            guard table.count <= Limits.listMenuBytes else {
                throw UsageError(
                    "the rows make a table of \(table.count) bytes, over the \(Limits.listMenuBytes) a list may have; pass fewer or shorter lines"
                )
            }
            return Menu(json: JSONValue.object(menu).jsonText, table: table)
        }
        guard rows.count <= Limits.menuItems else {
            throw UsageError(
                "a \(style.rawValue) menu offers at most \(Limits.menuItems) rows, but standard input has \(rows.count); pass --layout list, which takes 100,000"
            )
        }
        menu["items"] = .array(try items())
        let json = JSONValue.object(menu).jsonText
        guard json.utf8.count <= Limits.adHocMenuBytes else {
            throw UsageError(
                "the rows make a menu of \(json.utf8.count) bytes of JSON, over the \(Limits.adHocMenuBytes) a \(style.rawValue) menu may have; pass fewer or shorter lines"
            )
        }
        return Menu(json: json, table: nil)
    }

    /// The rows as items, read back from the table: a few, for a layout other than a list.
    private func items() throws(UsageError) -> [JSONValue] {
        let rows: RowTable
        do {
            rows = try RowTable(RowBytes(table.encoded()))
        } catch {
            throw UsageError("petalctl made a row table it cannot read: \(error)")
        }
        return (0..<rows.count).map { row in
            var item: JSONObject = ["id": .string(rows.id(row)), "title": .string(rows.title(row))]
            if !rows.icon(row).isEmpty { item["icon"] = .string(rows.icon(row)) }
            if !rows.isSelectable(row) { item["enabled"] = .bool(false) }
            if !rows.meta(row).isEmpty { item["meta"] = .string(rows.meta(row)) }
            return .object(item)
        }
    }

    /// The `picker` section: the keys that differ from their defaults.
    private func pickerSection(_ options: DmenuOptions) -> JSONObject {
        var picker: JSONObject = [:]
        if !options.prompt.isEmpty { picker["prompt"] = .string(options.prompt) }
        if !options.message.isEmpty { picker["message"] = .string(options.message) }
        if !options.filter.isEmpty { picker["filter"] = .string(options.filter) }
        if let line = options.selectedRow, rowIndex(atLine: line) > 0 {
            picker["selected"] = .int(Int64(rowIndex(atLine: line)))
        }
        if options.multiSelect { picker["multi"] = .bool(true) }
        if options.noCustom { picker["custom"] = .bool(false) }
        if options.caseSensitive { picker["caseSensitive"] = .bool(true) }
        if options.sort { picker["sort"] = .string(PickerSettings.Sort.score.rawValue) }
        let keys = options.orderedKeys
        if !keys.isEmpty { picker["keys"] = .array(keys.map { .string($0.key) }) }
        return picker
    }
}
