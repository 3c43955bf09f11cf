import Foundation
import PetalCommandLine
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
        let json = try lines.menuJSON(options)
        guard case .object(let menu) = try JSONValue.parse(json) else {
            Issue.record("not a menu: \(json)")
            return [:]
        }
        return menu
    }

    func items(_ lines: ChoiceLines, _ options: DmenuOptions = DmenuOptions()) throws -> [JSONValue] {
        guard case .array(let items)? = try menu(lines, options)["items"] else { return [] }
        return items
    }

    func text(_ lines: ChoiceLines, _ id: String) -> String? {
        lines.row(chosen: id).map { String(decoding: lines.text(of: $0), as: UTF8.self) }
    }

    @Test func eachLineIsARowNumberedFromOne() throws {
        let rows = try lines("Lock\nLog out\n")
        #expect(
            try rows.menuJSON(DmenuOptions())
                == #"{"layout":"radial","items":[{"id":"1","title":"Lock"},{"id":"2","title":"Log out"}]}"#)
        #expect(text(rows, "2") == "Log out")
        #expect(text(rows, "1") == "Lock")
        #expect(rows.row(chosen: "3") == nil)
        #expect(rows.row(chosen: "+1") == nil, "only the ids given map back")
        #expect(rows.row(chosen: "01") == nil)
    }

    @Test func aTabIsPartOfTheTitleUnlessTabIconIsAsked() throws {
        let input = "Lock\tsystem-lock-screen\nFiles\tfolder\textra field\n"
        let rows = try lines(input)
        #expect(
            try items(rows)[0] == ["id": "1", "title": "Lock system-lock-screen"],
            "cliphist's columns stay in the title, a TAB shown as a space (petald takes no control character)")
        #expect(text(rows, "2") == "Files\tfolder\textra field")

        let split = try lines(input, tabIcon: true)
        #expect(try items(split)[0] == ["id": "1", "title": "Lock", "icon": "system-lock-screen"])
        #expect(try items(split)[1] == ["id": "2", "title": "Files", "icon": "folder"])
        #expect(text(split, "1") == "Lock\tsystem-lock-screen", "the whole line comes back, as in v3")
    }

    @Test func rofisRowOptionsAreReadAndNotPrinted() throws {
        let rows = try lines(
            "Lock\0icon\u{1F}system-lock-screen\u{1F}info\u{1F}lock-id\n"
                + "Header\0nonselectable\u{1F}true\nFirefox\0meta\u{1F}browser web\u{1F}urgent\u{1F}true\n")
        let items = try items(rows)
        #expect(items[0] == ["id": "1", "title": "Lock", "icon": "system-lock-screen"])
        #expect(items[1] == ["id": "2", "title": "Header", "enabled": false], "nonselectable: shown, not chosen")
        #expect(
            items[2] == ["id": "3", "title": "Firefox", "meta": "browser web"],
            "meta words are sent apart from the title, for the filter; unknown keys are ignored")
        #expect(rows.rows.map(\.info) == ["lock-id", "", ""])
        #expect(rows.rows.map(\.meta) == ["", "", "browser web"])
        #expect(text(rows, "1") == "Lock", "s prints the row without its options, as rofi does")
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
        #expect(rows.rows.map(\.number) == [2, 5], "ids are input line numbers; a last line needs no newline")
        #expect(text(rows, "5") == "second")
        #expect(rows.rowIndex(atLine: 4) == 1, "-selected-row counts lines, the picker rows")
        #expect(rows.rowIndex(atLine: 0) == 0)
        #expect(rows.rowIndex(atLine: 99) == 1)
    }

    @Test func invalidUTF8IsRepairedCountedAndGivenBackAsRead() throws {
        let invalid: [UInt8] = [0x66, 0xFF, 0x6F, 0x0A, 0x62, 0x61, 0x72, 0x0A, 0xC3, 0x0A]
        let rows = try ChoiceLines(invalid)
        #expect(try items(rows)[0] == ["id": "1", "title": "f\u{FFFD}o"], "shown with U+FFFD")
        #expect(rows.row(chosen: "1").map { Array(rows.text(of: $0)) } == [0x66, 0xFF, 0x6F], "given back as read")
        #expect(rows.repairedLines == [1, 3], "never dropped silently")
        #expect(Choice.repairNote([1, 3]).contains("2 lines are not UTF-8 (line 1, 3)"))
        #expect(try lines("Café ☕\n🔒 Lock\r\n").repairedLines.isEmpty)
    }

    @Test func aCarriageReturnComesBackButIsNotShown() throws {
        let rows = try lines("🔒 Lock\r\n")
        #expect(try items(rows)[0] == ["id": "1", "title": "🔒 Lock"])
        #expect(text(rows, "1") == "🔒 Lock\r")
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
            try many.menuJSON(stack)
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
            try items(rows)[0] == ["id": "1", "title": "say \"hi\" \\ there\u{FFFD}\u{FFFD}"],
            "control characters are shown as U+FFFD")
        #expect(text(rows, "1") == "say \"hi\" \\ there\u{1}\u{85}", "and given back as read")
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
}
