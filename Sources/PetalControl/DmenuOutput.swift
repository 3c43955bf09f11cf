import PetalAPI
import PetalJSON

/// What `choose --lines` and `dmenu` print of a `PickFrom` answer: a line
/// for each chosen row as `--format` says (one for a custom entry, whose
/// text is the filter and whose index is −1), or with `--json` one object.
struct DmenuOutput {
    /// The chosen rows' indexes, in menu order; empty for a custom entry.
    let rows: [Int]
    let answer: PickAnswer
    /// The N of the `--kb-custom-N` that chose, or 0 for Enter or a click.
    let customKey: Int
    private let lines: ChoiceLines
    private let format: DmenuFormat

    /// The output for `answer`.
    ///
    /// - Throws: ``ControlFailure`` when petald answered an id that is none of the rows.
    init(answer: PickAnswer, rows lines: ChoiceLines, options: DmenuOptions) throws(ControlFailure) {
        var rows: [Int] = []
        for id in answer.ids {
            guard let row = lines.row(chosen: id) else {
                throw ControlFailure(
                    status: .daemonError,
                    message: "petald answered \"\(id)\", which is none of the \(lines.rows.count) rows offered")
            }
            rows.append(row)
        }
        // The picker's keys are rofi's numbers without their gaps: its key 1 may be -kb-custom-3.
        let keys = options.orderedKeys
        let key = Int(answer.key)
        customKey = key == 0 ? 0 : keys.indices.contains(key - 1) ? keys[key - 1].number : key
        (self.rows, self.answer, self.lines, format) = (rows, answer, lines, options.format)
    }

    /// The lines printed, each ending in `\n`.
    var text: [UInt8] {
        guard !answer.custom else { return format.line(row: nil, index: -1, filter: answer.filter) + [0x0A] }
        var text: [UInt8] = []
        for row in rows {
            text += format.line(
                row: Array(lines.text(of: row)), index: lines.rows[row].number - 1, filter: answer.filter)
            text.append(0x0A)
        }
        return text
    }

    /// `--json`: `{"rows": [{"index", "line", "info"?}], "filter", "custom", "key"}`.
    var json: JSONValue {
        let rows = rows.map { row -> JSONValue in
            var object: JSONObject = [
                "index": .int(Int64(lines.rows[row].number - 1)),
                "line": .string(String(decoding: lines.text(of: row), as: UTF8.self)),
            ]
            if !lines.info(of: row).isEmpty { object["info"] = .string(lines.info(of: row)) }
            return .object(object)
        }
        return .object([
            "rows": .array(rows), "filter": .string(answer.filter), "custom": .bool(answer.custom),
            "key": .int(Int64(customKey)),
        ])
    }
}
