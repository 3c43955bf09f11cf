import PetalCommandLine
import PetalCore
import PetalJSON

/// `choose --lines`: standard input's lines as the choices of an ad-hoc
/// menu, and the chosen one's bytes back.
///
/// Each line is `TITLE` or `TITLE<TAB>ICON` (later tab-separated fields are
/// kept but not shown); a line ends at `\n`, and a last line without one
/// counts. Empty lines are skipped: there is nothing to draw. Every other
/// line is an item whose id is its line number (`1` for the first line of
/// input), so duplicates stay apart and each id maps back to exactly the
/// bytes that came, whatever they hold: invalid UTF-8 is shown with U+FFFD
/// but given back as it was, and a `\r` before the `\n` is kept in the line
/// but not in the title.
struct ChoiceLines {
    /// One line offered as a choice.
    struct Line: Equatable {
        /// Its number in the input, from 1; the item's id.
        let number: Int
        /// The line as it came, without its `\n`.
        let bytes: [UInt8]
        /// What the item shows.
        let title, icon: String
    }

    /// The lines offered, in input order.
    let lines: [Line]

    /// An ad-hoc menu holds at most this many items (docs/dbus-api.md's limits).
    static let maximumItems = Limits.menuItems
    /// An ad-hoc menu is at most this many bytes of JSON.
    static let maximumJSONBytes = Limits.adHocMenuBytes

    /// The lines of `input`.
    ///
    /// - Throws: ``UsageError`` when no line is left to offer, or when the
    ///   menu would exceed an ad-hoc menu's limits (checked here, before petald is asked).
    init(_ input: [UInt8]) throws(UsageError) {
        var lines: [Line] = []
        var number = 0
        var rest = input[...]
        while !rest.isEmpty {
            number += 1
            let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let bytes = Array(rest[..<end])
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            var shown = bytes[...]
            if shown.last == UInt8(ascii: "\r") { shown = shown.dropLast() }
            guard !shown.isEmpty else { continue }
            let fields = shown.split(separator: UInt8(ascii: "\t"), maxSplits: 2, omittingEmptySubsequences: false)
            let title = String(decoding: fields[0], as: UTF8.self)
            let icon = fields.count > 1 ? String(decoding: fields[1], as: UTF8.self) : ""
            guard title.utf8.count <= ConfigurationDecoder.maximumTitleBytes else {
                throw UsageError(
                    "line \(number)'s title is \(title.utf8.count) bytes, over the \(ConfigurationDecoder.maximumTitleBytes) an item's title may have"
                )
            }
            guard icon.utf8.count <= ConfigurationDecoder.maximumIconBytes else {
                throw UsageError(
                    "line \(number)'s icon is \(icon.utf8.count) bytes, over the \(ConfigurationDecoder.maximumIconBytes) an item's icon may have"
                )
            }
            lines.append(Line(number: number, bytes: bytes, title: title, icon: icon))
        }
        guard !lines.isEmpty else {
            throw UsageError(
                "choose --lines read no line from standard input; give it one choice a line, TITLE or TITLE<TAB>ICON, e.g. printf 'Lock\\nLog out\\n' | petalctl choose --lines"
            )
        }
        guard lines.count <= Self.maximumItems else {
            throw UsageError(
                "choose --lines offers at most \(Self.maximumItems) choices (an ad-hoc menu's limit), but standard input has \(lines.count) lines; pass at most \(Self.maximumItems)"
            )
        }
        self.lines = lines
        let size = menuJSON.utf8.count
        guard size <= Self.maximumJSONBytes else {
            throw UsageError(
                "choose --lines would make a menu of \(size) bytes of JSON, over the \(Self.maximumJSONBytes) an ad-hoc menu may have; shorten the titles or icons, or pass fewer lines"
            )
        }
    }

    /// The ad-hoc menu for `ChooseFrom`: one choice item (no action) a line.
    var menuJSON: String {
        let items = lines.map { line -> JSONValue in
            var item: JSONObject = ["id": .string(String(line.number)), "title": .string(line.title)]
            if !line.icon.isEmpty { item["icon"] = .string(line.icon) }
            return .object(item)
        }
        return JSONValue.object(["items": .array(items)]).jsonText
    }

    /// The line whose item `ChooseFrom` answered, or nil for an id that is not one of them.
    func line(chosen id: String) -> Line? {
        lines.first { String($0.number) == id }
    }
}
