import Foundation
import PetalCommandLine
import PetalCore
import PetalJSON
import Testing

@testable import PetalControl

/// `choose --lines` and `dmenu`: each line ↔ one row, rofi's row options,
/// and the chosen row's bytes back.
@Suite struct ChoiceLinesTests {
    func lines(_ text: String, tabIcon: Bool = false) throws -> ChoiceLines {
        try ChoiceLines(Array(text.utf8), tabIcon: tabIcon)
    }

    func menu(_ lines: ChoiceLines, _ options: DmenuOptions = DmenuOptions()) throws -> JSONObject {
        let json = try lines.menu(options).json
        guard case .object(let menu) = try JSONValue.parse(json) else {
            Issue.record("not a menu: \(json)")
            return [:]
        }
        return menu
    }

    /// The rows as items: the JSON's, or read back from the table a list is sent.
    func items(_ lines: ChoiceLines, _ options: DmenuOptions = DmenuOptions()) throws -> [JSONValue] {
        if case .array(let items)? = try menu(lines, options)["items"] { return items }
        let table = try RowTable(RowBytes(try #require(try lines.menu(options).table)))
        return (0..<table.count).map { row in
            var item: JSONObject = ["id": .string(table.id(row)), "title": .string(table.title(row))]
            if !table.icon(row).isEmpty { item["icon"] = .string(table.icon(row)) }
            if !table.isSelectable(row) { item["enabled"] = false }
            if !table.meta(row).isEmpty { item["meta"] = .string(table.meta(row)) }
            return .object(item)
        }
    }

    func text(_ lines: ChoiceLines, _ id: String) -> String? {
        lines.row(chosen: id).map { String(decoding: lines.text(of: $0), as: UTF8.self) }
    }

    @Test func eachLineIsARowWhoseIdIsItsIndex() throws {
        let rows = try lines("Lock\nLog out\n")
        #expect(
            try menu(rows) == [
                "layout": "radial", "items": [["id": "0", "title": "Lock"], ["id": "1", "title": "Log out"]],
            ])
        #expect(try rows.menu(DmenuOptions()).table == nil, "a radial menu's rows are its items")
        #expect(text(rows, "1") == "Log out")
        #expect(text(rows, "0") == "Lock")
        #expect(rows.row(chosen: "2") == nil)
        #expect(rows.row(chosen: "-1") == nil)
        #expect(rows.row(chosen: "+1") == nil, "only the ids given map back")
        #expect(rows.row(chosen: "01") == nil)
    }

    @Test func aListsRowsGoInATableAndItsJSONHasNoItems() throws {
        let rows = try lines((1...9).map { "row \($0)\n" }.joined() + "Lock\0icon\u{1F}lock\u{1F}meta\u{1F}secure\n")
        let menu = try rows.menu(DmenuOptions())
        #expect(try self.menu(rows) == ["layout": "list"], "auto: a list beyond 8 rows, without items")
        let table = try RowTable(RowBytes(try #require(menu.table)))
        #expect(table.count == 10)
        #expect((0..<10).map(table.id) == (0..<10).map { String($0) }, "an empty id is the row's index")
        #expect(table.title(0) == "row 1" && table.title(9) == "Lock")
        #expect(table.icon(9) == "lock" && table.meta(9) == "secure")
        #expect(text(rows, "9") == "Lock")
    }

    @Test func aTabIsPartOfTheTitleUnlessTabIconIsAsked() throws {
        let input = "Lock\tsystem-lock-screen\nFiles\tfolder\textra field\n"
        let rows = try lines(input)
        #expect(
            try items(rows)[0] == ["id": "0", "title": "Lock system-lock-screen"],
            "cliphist's columns stay in the title, a TAB shown as a space (petald takes no control character)")
        #expect(text(rows, "1") == "Files\tfolder\textra field")

        let split = try lines(input, tabIcon: true)
        #expect(try items(split)[0] == ["id": "0", "title": "Lock", "icon": "system-lock-screen"])
        #expect(try items(split)[1] == ["id": "1", "title": "Files", "icon": "folder"])
        #expect(text(split, "0") == "Lock\tsystem-lock-screen", "the whole line comes back, as in v3")
        var list = DmenuOptions()
        list.layout = .style(.list)
        #expect(try items(split, list)[1] == ["id": "1", "title": "Files", "icon": "folder"], "in a table too")
    }

    @Test func rofisRowOptionsAreReadAndNotPrinted() throws {
        let rows = try lines(
            "Lock\0icon\u{1F}system-lock-screen\u{1F}info\u{1F}lock-id\n"
                + "Header\0nonselectable\u{1F}true\nFirefox\0meta\u{1F}browser web\u{1F}urgent\u{1F}true\n")
        var list = DmenuOptions()
        list.layout = .style(.list)
        for options in [DmenuOptions(), list] {
            let items = try items(rows, options)
            #expect(items[0] == ["id": "0", "title": "Lock", "icon": "system-lock-screen"])
            #expect(items[1] == ["id": "1", "title": "Header", "enabled": false], "nonselectable: shown, not chosen")
            #expect(
                items[2] == ["id": "2", "title": "Firefox", "meta": "browser web"],
                "meta words are sent apart from the title, for the filter; unknown keys are ignored")
        }
        #expect((0..<3).map(rows.info) == ["lock-id", "", ""])
        #expect(text(rows, "0") == "Lock", "s prints the row without its options, as rofi does")
    }

    @Test func aNulOutsideTheRowOptionsIsRefusedNamingTheLine() {
        for bad in ["ok\nbad\0\n", "ok\nbad\0icon\n", "ok\nbad\0icon\u{1F}x\0y\n", "ok\nbad\0\u{1F}x\n"] {
            #expect {
                try lines(bad)
            } throws: { error in
                let message = (error as? UsageError)?.description ?? ""
                return message.hasPrefix("line 2 has ") && message.contains(#"TITLE\0icon\x1fICON"#)
            }
        }
    }

    @Test func emptyLinesAreSkippedAndNumbersKeepTheirPlace() throws {
        let rows = try lines("\nfirst\n\n\r\nsecond")
        #expect(rows.rows.map(\.number) == [2, 5], "a last line needs no newline")
        #expect(text(rows, "1") == "second")
        #expect(rows.rowIndex(atLine: 4) == 1, "-selected-row counts lines, the picker rows")
        #expect(rows.rowIndex(atLine: 0) == 0)
        #expect(rows.rowIndex(atLine: 99) == 1)
    }

    @Test func invalidUTF8IsRepairedCountedAndGivenBackAsRead() throws {
        let invalid: [UInt8] = [0x66, 0xFF, 0x6F, 0x0A, 0x62, 0x61, 0x72, 0x0A, 0xC3, 0x0A]
        let rows = try ChoiceLines(invalid)
        #expect(try items(rows)[0] == ["id": "0", "title": "f\u{FFFD}o"], "shown with U+FFFD")
        #expect(rows.row(chosen: "0").map { Array(rows.text(of: $0)) } == [0x66, 0xFF, 0x6F], "given back as read")
        #expect(rows.repairedLines == [1, 3], "never dropped silently")
        #expect(Choice.repairNote([1, 3]).contains("2 lines are not UTF-8 (line 1, 3)"))
        #expect(try lines("Café ☕\n🔒 Lock\r\n").repairedLines.isEmpty)
    }

    @Test func aCarriageReturnComesBackButIsNotShown() throws {
        let rows = try lines("🔒 Lock\r\n")
        #expect(try items(rows)[0] == ["id": "0", "title": "🔒 Lock"])
        #expect(text(rows, "0") == "🔒 Lock\r")
    }

    @Test func emptyInputExitsOneSayingSo() {
        for input in ["", "\n", "\n\n\r\n"] {
            #expect {
                try lines(input)
            } throws: { error in
                let failure = error as? ControlFailure
                return failure?.status == .nothingChosen && failure?.message.contains("no rows to choose from") == true
            }
        }
    }

    @Test func titlesAndIconsOverTheirLimitNameTheLine() {
        #expect {
            try lines("ok\n" + String(repeating: "y", count: 4097) + "\n")
        } throws: { error in
            (error as? UsageError)?.description == "line 2's title is 4097 bytes, over the 4096 a row's title may have"
        }
        #expect {
            try lines("ok\0icon\u{1F}" + String(repeating: "i", count: 4097))
        } throws: { error in
            (error as? UsageError)?.description.contains("line 1's icon is 4097 bytes, over the 4096") == true
        }
        #expect {
            try lines("ok\nok\0meta\u{1F}" + String(repeating: "m", count: 4097))
        } throws: { error in
            (error as? UsageError)?.description.contains("line 2's meta is 4097 bytes, over the 4096") == true
        }
    }

    @Test func theLayoutFollowsTheRowsAndItsLimits() throws {
        let eight = try lines((1...8).map { "row \($0)\n" }.joined())
        #expect(try menu(eight)["layout"] == "radial", "auto: radial for up to 8 rows")
        let nine = try lines((1...9).map { "row \($0)\n" }.joined())
        #expect(try menu(nine)["layout"] == "list", "auto: a list beyond")
        var stack = DmenuOptions()
        stack.layout = .style(.stack)
        #expect(try menu(nine, stack)["layout"] == "stack")
        let many = try lines((1...65).map { "row \($0)\n" }.joined())
        #expect(try menu(many)["layout"] == "list")
        #expect {
            try many.menu(stack)
        } throws: { error in
            (error as? UsageError)?.description.contains("a stack menu offers at most 64 rows") == true
        }
    }

    @Test func theFlagsMakeThePickerAndAppearanceSections() throws {
        let rows = try lines("a\n\nb\nc\n")
        #expect(try menu(rows)["picker"] == nil, "no flag, no section")
        var options = DmenuOptions()
        options.prompt = "run"
        options.message = "Enter runs it"
        options.filter = "b"
        options.selectedRow = 2
        options.multiSelect = true
        options.noCustom = true
        options.caseSensitive = true
        options.sort = true
        options.customKeys = [5: "Alt+5", 2: "Alt+2"]
        options.lines = 20
        options.width = 800
        let menu = try menu(rows, options)
        #expect(
            menu["picker"]
                == [
                    "prompt": "run", "message": "Enter runs it", "filter": "b", "selected": 1, "multi": true,
                    "custom": false, "caseSensitive": true, "sort": "score", "keys": ["Alt+2", "Alt+5"],
                ])
        #expect(menu["appearance"] == ["lines": 20, "width": 800])
    }

    @Test func quotesBackslashesAndControlsAreShownAndGivenBack() throws {
        let rows = try lines("say \"hi\" \\ there\u{1}\u{85}\n")
        #expect(
            try items(rows)[0] == ["id": "0", "title": "say \"hi\" \\ there\u{FFFD}\u{FFFD}"],
            "control characters are shown as U+FFFD")
        #expect(text(rows, "0") == "say \"hi\" \\ there\u{1}\u{85}", "and given back as read")
        #expect(rows.repairedLines.isEmpty, "they are UTF-8")
    }

    @Test func aLineOverItsLimitIsRefusedAsItIsRead() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rows-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(("ok\n" + String(repeating: "x", count: ChoiceLines.maximumLineBytes + 1) + "\n").utf8).write(to: file)
        let fd = open(file.path, O_RDONLY)
        defer { close(fd) }
        #expect {
            try RowInput.read(fd)
        } throws: { error in
            (error as? UsageError)?.description.hasPrefix("line 2 is over 64 KiB") == true
        }
    }

    @Test func aLineOfRowOptionsAloneIsShownAsASpace() throws {
        let rows = try lines("\0icon\u{1F}folder\nok\n")
        #expect(try items(rows)[0] == ["id": "0", "title": " ", "icon": "folder"], "a table's titles are never empty")
        #expect(text(rows, "0") == "", "s prints the line without its options: nothing")
    }

    /// Lines of every kind, plain or not, some over eight bytes, some under.
    static let mixedInput = Array(
        "plain row\nCafé ☕\n\nLock\0icon\u{1F}lock\u{1F}info\u{1F}l\nTAB\there\r\nshort\nx\n\u{7F}del\nlast".utf8)

    @Test func linesReadInPiecesAreTheLinesReadAtOnce() throws {
        let whole = try ChoiceLines(Self.mixedInput)
        for split in 0...Self.mixedInput.count {
            var reader = ChoiceLines.Reader(tabIcon: false)
            var next = try Self.mixedInput[..<split].withUnsafeBufferPointer { buffer in
                try reader.read(buffer, from: 0, atEnd: false)
            }
            #expect(next <= split && (next == 0 || Self.mixedInput[next - 1] == 0x0A), "a line is read whole")
            next = try Self.mixedInput.withUnsafeBufferPointer { try reader.read($0, from: next, atEnd: true) }
            #expect(next == Self.mixedInput.count)
            let pieces = try ChoiceLines(Self.mixedInput, reader)
            #expect(pieces.rows == whole.rows, "split at \(split)")
            #expect(pieces.table.encoded() == whole.table.encoded(), "split at \(split)")
            #expect(pieces.infos == whole.infos && pieces.repairedLines == whole.repairedLines)
        }
        #expect(whole.rows.count == 8)
        #expect(
            try items(whole).map { $0["title"] } == [
                "plain row", "Café ☕", "Lock", "TAB here", "short", "x", "\u{FFFD}del", "last",
            ])
    }

    @Test func standardInputIsReadInChunksAsItComes() throws {
        var input: [UInt8] = []
        while input.count < 3 * RowInput.chunkBytes { input += Self.mixedInput + [0x0A] }
        let (readEnd, writeEnd) = try pipeEnds()
        let written = input
        let writer = Thread {
            _ = written.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        let read = try RowInput.read(readEnd)
        let whole = try ChoiceLines(input)
        #expect(read.rows == whole.rows && read.bytes == input)
        #expect(read.table.encoded() == whole.table.encoded())
        #expect(read.rows.count == whole.rows.count && whole.rows.count > 3 * RowInput.chunkBytes / 100)
    }

    func pipeEnds() throws -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.EIO) }
        return (ends[0], ends[1])
    }
}
