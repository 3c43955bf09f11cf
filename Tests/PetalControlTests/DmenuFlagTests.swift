import PetalAPI
import PetalCommandLine
import PetalCore
import Testing

@testable import PetalControl

/// `dmenu` and `choose --lines` take rofi -dmenu's flags in both spellings,
/// and `--format` prints what rofi prints.
@Suite struct DmenuFlagTests {
    func dmenu(_ words: [String]) throws -> DmenuOptions {
        let invocation = try Invocation(arguments: words)
        guard case .chooseFrom(let choice) = invocation.command, case .lines(let options) = choice.source else {
            Issue.record("\(words) is no dmenu: \(invocation.command)")
            return DmenuOptions()
        }
        return options
    }

    func usageError(_ words: String...) -> String? {
        do {
            _ = try Invocation(arguments: words)
            return nil
        } catch {
            return error.description
        }
    }

    /// Every flag, as rofi spells it and as the GNU long form.
    static let rofiSpelling = [
        "-p", "run", "-mesg", "Enter runs it", "-filter", "fi", "-i", "-case-sensitive", "-selected-row", "3",
        "-multi-select", "-no-custom", "-format", "i:s", "-sort", "-width", "800", "-l", "12", "-kb-custom-1",
        "Alt+1", "-kb-custom-19", "Control+Delete", "-dmenu",
    ]
    static let longSpelling = [
        "--prompt", "run", "--mesg=Enter runs it", "--filter", "fi", "-i", "--case-sensitive", "--selected-row=3",
        "--multi-select", "--no-custom", "--format", "i:s", "--sort", "--width", "800", "--lines", "12",
        "--kb-custom-1", "Alt+1", "--kb-custom-19=Control+Delete",
    ]

    @Test func everyFlagInBothSpellingsMeansTheSame() throws {
        var expected = DmenuOptions()
        expected.prompt = "run"
        expected.message = "Enter runs it"
        expected.filter = "fi"
        expected.caseSensitive = true
        expected.selectedRow = 3
        expected.multiSelect = true
        expected.noCustom = true
        expected.format = DmenuFormat("i:s")
        expected.sort = true
        expected.width = 800
        expected.lines = 12
        expected.customKeys = [1: "Alt+1", 19: "Control+Delete"]
        #expect(try dmenu(["dmenu"] + Self.rofiSpelling) == expected)
        #expect(try dmenu(["dmenu"] + Self.longSpelling) == expected)
        #expect(try dmenu(["choose", "--lines"] + Self.longSpelling) == expected, "choose --lines takes them too")
        #expect(try dmenu(["choose"] + Self.rofiSpelling) == expected, "and any of them means --lines")
    }

    @Test func linesAloneIsTheSwitchAndWithANumberTheRowsShown() throws {
        #expect(try dmenu(["choose", "--lines"]) == DmenuOptions(), "v3's switch")
        #expect(try dmenu(["choose", "--lines", "20"]).lines == 20)
        #expect(try dmenu(["choose", "-l", "20", "-p", "x"]).lines == 20)
        #expect(try dmenu(["choose", "--lines", "-p", "x"]).lines == nil, "an option after it is no value")
        #expect(try dmenu(["dmenu", "-l", "5"]).lines == 5)
        #expect(try dmenu(["dmenu"]) == DmenuOptions())
        #expect(usageError("choose", "--lines=many")?.contains("--lines needs a number of rows") == true)
        #expect(usageError("dmenu", "--lines=0")?.contains("from 1 to 1000") == true)
        #expect(usageError("choose", "--lines", "x")?.contains("choose takes no argument \"x\"") == true)
    }

    @Test func layoutTabIconAndPlacement() throws {
        #expect(try dmenu(["dmenu", "--layout", "list"]).layout == .style(.list))
        #expect(try dmenu(["dmenu", "--layout", "auto"]).layout == .auto)
        #expect(try dmenu(["dmenu", "--tab-icon"]).tabIcon)
        let invocation = try Invocation(arguments: ["dmenu", "--anchor", "center", "-t", "5"])
        #expect(
            invocation.command
                == .chooseFrom(
                    ChoiceOptions(source: .lines(DmenuOptions()), placement: ShowOptions(anchor: .center), timeout: 5)))
    }

    @Test func mistakesSayWhatIsExpected() {
        #expect(usageError("dmenu", "-promt", "x")?.contains(#"did you mean "--prompt"?"#) == true)
        #expect(usageError("dmenu", "--multiselect")?.contains(#"did you mean "--multi-select"?"#) == true)
        #expect(usageError("dmenu", "--layout", "lst")?.contains(#"did you mean "list"?"#) == true)
        #expect(usageError("dmenu", "-kb-custom-20", "Alt+0")?.contains("dmenu takes no option -kb-custom-20") == true)
        #expect(usageError("dmenu", "-kb-custom-1", "Alt+,")?.contains("needs a key in GTK's syntax") == true)
        #expect(usageError("dmenu", "-selected-row", "-1")?.contains("--selected-row needs a line from 0") == true)
        #expect(usageError("dmenu", "--menu", "apps")?.contains("dmenu takes no --menu") == true)
        #expect(usageError("choose", "--from", "m.json", "-p", "x")?.contains("not of --from") == true)
        #expect(usageError("dmenu", "-p", String(repeating: "p", count: 4097))?.contains("at most 4096 bytes") == true)
    }

    @Test func everyFormatLetter() {
        let row = Array("it's".utf8)
        let line = { (format: String) in
            String(decoding: DmenuFormat(format).line(row: row, index: 4, filter: "i t"), as: UTF8.self)
        }
        #expect(line("s") == "it's")
        #expect(line("p") == "it's", "rofi's p: no markup here, so the text")
        #expect(line("i") == "4")
        #expect(line("d") == "5")
        #expect(line("q") == #"'it'\''s'"#)
        #expect(line("f") == "i t")
        #expect(line("F") == "'i t'")
        #expect(line("i:s") == "4:it's", "letters combine; other characters are as they are")
        #expect(line("[d] s!") == "[5] it's!")
        let custom = { (format: String) in
            String(decoding: DmenuFormat(format).line(row: nil, index: 4, filter: "new one"), as: UTF8.self)
        }
        #expect(custom("s") == "new one", "a custom entry's text is the filter")
        #expect(custom("q") == "'new one'")
        #expect(custom("i:d") == "-1:-1")
        #expect(DmenuFormat.row == DmenuFormat("s"))
    }

    @Test func customKeyStatusesAreRofis() {
        #expect(ExitStatus.customKey(1).rawValue == 10)
        #expect(ExitStatus.customKey(19).rawValue == 28)
        #expect((1...19).map { ExitStatus.customKey($0).rawValue } == Array(10...28))
    }

    @Test func theOutputMapsTheAnswerBack() throws {
        let rows = try ChoiceLines(Array("Lock\nLog out\n\nReboot\0icon\u{1F}x\u{1F}info\u{1F}r\n".utf8))
        var options = DmenuOptions()
        options.format = DmenuFormat("d s")
        options.customKeys = [3: "Alt+3", 7: "Alt+7"]
        let several = try DmenuOutput(answer: PickAnswer(ids: ["1", "2"], key: 2), rows: rows, options: options)
        #expect(
            String(decoding: several.text, as: UTF8.self) == "2 Log out\n4 Reboot\n",
            "ids are row indexes; d prints the line number")
        #expect(several.customKey == 7, "the picker's second key is -kb-custom-7")
        #expect(
            several.json
                == [
                    "rows": [["index": 1, "line": "Log out"], ["index": 3, "line": "Reboot", "info": "r"]],
                    "filter": "", "custom": false, "key": 7,
                ])
        let custom = try DmenuOutput(
            answer: PickAnswer(ids: [], filter: "Sleep", custom: true), rows: rows, options: options)
        #expect(String(decoding: custom.text, as: UTF8.self) == "-1 Sleep\n")
        #expect(throws: ControlFailure.self) {
            try DmenuOutput(answer: PickAnswer(ids: ["3"]), rows: rows, options: options)
        }
    }
}
