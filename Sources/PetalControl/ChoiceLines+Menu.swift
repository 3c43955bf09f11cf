import PetalCommandLine
import PetalCore
import PetalJSON

/// The ad-hoc menu `PickFrom` is sent: the rows as items, rofi's flags as
/// its `picker` and `appearance` sections (docs/dbus-api.md, "Picking").
extension ChoiceLines {
    /// The menu's JSON for `options`, written straight from the input's
    /// bytes: 100,000 rows make no tree of values.
    ///
    /// - Throws: ``UsageError`` when the rows exceed the layout's limits
    ///   (checked here, before petald is asked).
    func menuJSON(_ options: DmenuOptions) throws(UsageError) -> String {
        let style = options.style(forRows: rows.count)
        let (maximumItems, maximumBytes) =
            style == .list ? (Limits.listMenuItems, Limits.listMenuBytes) : (Limits.menuItems, Limits.adHocMenuBytes)
        guard rows.count <= maximumItems else {
            let hint = style == .list ? "pass at most \(maximumItems)" : "pass --layout list, which takes 100,000"
            throw UsageError(
                "a \(style.rawValue) menu offers at most \(maximumItems) rows, but standard input has \(rows.count); \(hint)"
            )
        }
        var json = JSONBytes()
        // Each row adds `{"id":"N","title":""},` (at most 40 bytes with its number) to its line's bytes.
        json.output.reserveCapacity(bytes.count + rows.count * 40 + 256)
        json.raw("{\"layout\":")
        json.string(style.rawValue)
        let picker = pickerSection(options)
        if !picker.isEmpty {
            json.raw(",\"picker\":")
            json.raw(JSONValue.object(picker).jsonText)
        }
        var appearance: JSONObject = [:]
        if let lines = options.lines { appearance["lines"] = .int(Int64(lines)) }
        if let width = options.width { appearance["width"] = .int(Int64(width)) }
        if !appearance.isEmpty {
            json.raw(",\"appearance\":")
            json.raw(JSONValue.object(appearance).jsonText)
        }
        json.raw(",\"items\":[")
        bytes.withUnsafeBufferPointer { buffer in
            for (index, row) in rows.enumerated() {
                json.raw(index == 0 ? "{\"id\":\"" : ",{\"id\":\"")
                json.decimal(row.number)
                json.raw("\",\"title\":")
                if let shown = row.shownTitle {
                    json.string(shown)
                } else {
                    json.string(UnsafeBufferPointer(rebasing: buffer[row.title]))
                }
                if !row.icon.isEmpty {
                    json.raw(",\"icon\":")
                    json.string(row.icon)
                }
                if !row.selectable { json.raw(",\"enabled\":false") }
                if !row.meta.isEmpty {
                    json.raw(",\"meta\":")
                    json.string(row.meta)
                }
                json.output.append(UInt8(ascii: "}"))
            }
        }
        json.raw("]}")
        guard json.output.count <= maximumBytes else {
            throw UsageError(
                "the rows make a menu of \(json.output.count) bytes of JSON, over the \(maximumBytes) a \(style.rawValue) menu may have; pass fewer or shorter lines"
            )
        }
        return String(decoding: json.output, as: UTF8.self)
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

/// JSON text written as bytes, strings escaped per RFC 8259.
struct JSONBytes {
    var output: [UInt8] = []

    /// Appends `text` as it is: JSON already.
    mutating func raw(_ text: String) { output.append(contentsOf: text.utf8) }

    /// Appends `text` as a JSON string.
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string($0) }
    }

    /// Appends the decimal digits of `number`, which is not negative.
    mutating func decimal(_ number: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var (rest, start) = (number, buffer.count)
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            output.append(contentsOf: buffer[start...])
        }
    }

    /// Appends the UTF-8 `bytes` as a JSON string, copying the runs that need
    /// no escape whole and skipping eight bytes at a time through them.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) {
        output.append(UInt8(ascii: "\""))
        var (plain, index) = (0, 0)
        while index < bytes.count {
            if index + 8 <= bytes.count,
                !Self.needsEscape(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
            {
                index += 8
                continue
            }
            let byte = bytes[index]
            index += 1
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<(index - 1)]))
            plain = index
            switch byte {
            case 0x22: output += [0x5C, 0x22]
            case 0x5C: output += [0x5C, 0x5C]
            case 0x0A: output += [0x5C, UInt8(ascii: "n")]
            case 0x09: output += [0x5C, UInt8(ascii: "t")]
            case 0x0D: output += [0x5C, UInt8(ascii: "r")]
            default:
                let hex = Array("0123456789abcdef".utf8)
                output += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain...]))
        output.append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes of `word` is a control character, `"` or `\\`.
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones = UInt64(0x0101_0101_0101_0101)
        let (quotes, backslashes) = (word ^ (ones &* 0x22), word ^ (ones &* 0x5C))
        // Under 0x20: the borrow of `word - 0x20…`; equal: a zero byte after the `^`.
        let found =
            ((word &- ones &* 0x20) & ~word) | ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
        return found & (ones &* 0x80) != 0
    }
}
