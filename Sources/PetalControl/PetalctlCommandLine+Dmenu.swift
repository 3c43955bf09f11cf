import PetalCommandLine
import PetalCore
import Spelling

/// rofi -dmenu's flags, which `choose --lines` and `dmenu` take alike
/// (docs/dmenu.md), each in its GNU spelling and rofi's single-dash one.
extension PetalctlCommandLine {
    /// `--prompt`, `--mesg`, `--filter`: text for the picker, within its limit.
    private static func pickerText(_ option: String) -> @Sendable (String) throws(UsageError) -> String {
        { text throws(UsageError) in
            guard text.utf8.count <= PickerSettings.maximumTextBytes else {
                throw UsageError(
                    "\(option) takes at most \(PickerSettings.maximumTextBytes) bytes, not \(text.utf8.count)")
            }
            return text
        }
    }

    /// A whole number in `range`, as `option` takes it.
    private static func number(_ option: String, in range: ClosedRange<Int>, what: String)
        -> @Sendable (String) throws(UsageError) -> Int
    {
        { text throws(UsageError) in
            guard let number = Int(text), range.contains(number) else {
                throw UsageError(
                    "\(option) needs \(what), a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\""
                )
            }
            return number
        }
    }

    /// `-l`/`--lines`: alone, `choose`'s v3 switch (rows from standard
    /// input); with a number, as rofi's `-l N`, how many rows a list shows.
    static let lines = Option<Int?>(
        "-l", "--lines", optionalValue: "[N]",
        abstract: "choose one of the lines of standard input; with N, show N rows (rofi's -l)", absent: nil
    ) { text throws(UsageError) in try number("--lines", in: 1...1000, what: "a number of rows")(text) }

    static let prompt = Option<String>(
        "-p", "--prompt", valueName: "TEXT", abstract: "shown before the filter text", example: "-p 'run: '",
        parse: pickerText("--prompt"))

    static let mesg = Option<String>(
        "--mesg", aliases: ["-mesg"], valueName: "TEXT", abstract: "a line under the prompt",
        example: "--mesg 'Enter runs it'", parse: pickerText("--mesg"))

    static let filter = Option<String>(
        "--filter", aliases: ["-filter"], valueName: "TEXT", abstract: "the filter text it starts with",
        example: "--filter fire", parse: pickerText("--filter"))

    static let caseInsensitive = Flag("-i", abstract: "the filter ignores case (the default)")

    static let caseSensitive = Flag(
        "--case-sensitive", aliases: ["-case-sensitive"], abstract: "the filter tells upper from lower case")

    static let selectedRow = Option<Int>(
        "--selected-row", aliases: ["-selected-row"], valueName: "N",
        abstract: "highlight the row of input line N (from 0) first", example: "--selected-row 2",
        parse: number("--selected-row", in: 0...(Limits.listMenuItems * 16), what: "a line from 0"))

    static let multiSelect = Flag(
        "--multi-select", aliases: ["-multi-select"], abstract: "several rows may be chosen: one line printed each")

    static let noCustom = Flag(
        "--no-custom", aliases: ["-no-custom"], abstract: "only rows may be chosen, not the filter text")

    static let format = Option<DmenuFormat>(
        "--format", aliases: ["-format"], valueName: "FMT",
        abstract: "what is printed: s text, i index, d index from 1, q quoted text, f filter, F quoted filter",
        example: "--format i:s"
    ) { text throws(UsageError) in DmenuFormat(text) }

    static let sort = Flag("--sort", aliases: ["-sort"], abstract: "rank the rows by a fuzzy score as you type")

    static let width = Option<Int>(
        "--width", aliases: ["-width"], valueName: "PX", abstract: "a list's width, logical pixels",
        example: "--width 800", parse: number("--width", in: 100...10_000, what: "a width in logical pixels"))

    static let dmenuLayout = Option<DmenuOptions.Layout>(
        "--layout", valueName: "auto|" + LayoutStyle.allCases.map(\.rawValue).joined(separator: "|"),
        abstract: "auto (the default): radial for up to 8 rows, list beyond", example: "--layout list",
        // The styles alone, as preview's --layout offers them: the shells keep one list per option name.
        completion: .words(LayoutStyle.allCases.map(\.rawValue))
    ) { text throws(UsageError) in
        if text == "auto" { return .auto }
        if let style = LayoutStyle(rawValue: text) { return .style(style) }
        let names = ["auto"] + LayoutStyle.allCases.map(\.rawValue)
        let guess =
            Spelling.closest(to: text, among: names, maximumDistance: 2).map { " (did you mean \"\($0)\"?)" } ?? ""
        throw UsageError("unknown layout \"\(text)\"\(guess); use \(Wording.list(names, or: true))")
    }

    static let tabIcon = Flag("--tab-icon", abstract: "a TAB splits TITLE from ICON, as choose --lines did in v3")

    /// rofi's `-dmenu` alone: no long spelling, since it means nothing here.
    static let dmenuFlag = Flag(
        "-dmenu", abstract: "ignored: rofi's -dmenu, for a command line written for rofi", completed: false)

    /// `--kb-custom-1` to `--kb-custom-19`: a key that chooses with exit status 10 to 28.
    static let customKeys: [Option<String>] = (1...PickerSettings.maximumKeys).map { number in
        Option<String>(
            "--kb-custom-\(number)", aliases: ["-kb-custom-\(number)"], valueName: "KEY",
            abstract: "this key (GTK's syntax: Alt+\(number % 10)) chooses, exit status \(9 + number)",
            example: "--kb-custom-\(number) Alt+\(number % 10)", completed: number == 1
        ) { text throws(UsageError) in
            guard PickerSettings.isKeyName(text) else {
                throw UsageError(
                    "--kb-custom-\(number) needs a key in GTK's syntax: modifiers joined by + then a key name (Alt+1, Control+Delete, F5), not \"\(text)\""
                )
            }
            return text
        }
    }

    /// Every option of the dmenu mode, as `choose` and `dmenu` list them.
    static var dmenuOptions: [any OptionDeclaring] {
        [
            lines, prompt, mesg, filter, caseInsensitive, caseSensitive, selectedRow, multiSelect, noCustom, format,
            sort, width, dmenuLayout, tabIcon, dmenuFlag,
        ] + customKeys
    }

    /// The names help lists for the dmenu mode (the custom keys as one).
    static let dmenuOptionNames = [
        "--lines", "--prompt", "--mesg", "--filter", "-i", "--case-sensitive", "--selected-row", "--multi-select",
        "--no-custom", "--format", "--kb-custom-1", "--sort", "--width", "--layout", "--tab-icon",
    ]

    static let dmenu = CommandDeclaration(
        "dmenu", abstract: "choose one of the lines of standard input, with rofi -dmenu's flags",
        usage: ["[-p TEXT] [-mesg TEXT] [-format FMT] [-multi-select] [-l N] [-kb-custom-1 KEY] [more below]"],
        help: [
            .text(
                """
                petalctl choose --lines, with rofi -dmenu's flags in their single-dash
                spellings too: a script written for rofi -dmenu works with petalctl dmenu
                in its place. Each line of standard input is a row, TITLE or
                TITLE\\0icon\\x1fICON (rofi's row options: icon, info, meta,
                nonselectable); a TAB is part of the title. The chosen row is printed
                as --format says (s: the line as read). Exit status: 0 chosen, 1
                nothing chosen (or no line read), 4 no program draws menus, 10 to 28
                --kb-custom-1 to --kb-custom-19, 124 --timeout passed. See docs/dmenu.md.
                """),
            .options(dmenuOptionNames + ["--timeout", "--at", "--anchor", "--output"], heading: nil, column: 26),
            .text(
                """
                Examples:
                  cliphist list | petalctl dmenu -p clip | cliphist decode | wl-copy
                  printf 'Lock\\0icon\\x1fsystem-lock-screen\\nLog out\\n' | petalctl dmenu -format i
                """),
        ],
        options: dmenuOptions + [timeout, at, anchor, output])
}

extension DmenuOptions {
    /// The dmenu flags `line` gives.
    init(_ line: ParsedCommandLine) {
        typealias Line = PetalctlCommandLine
        self.init()
        prompt = line[Line.prompt] ?? ""
        message = line[Line.mesg] ?? ""
        filter = line[Line.filter] ?? ""
        selectedRow = line[Line.selectedRow]
        multiSelect = line[Line.multiSelect]
        noCustom = line[Line.noCustom]
        caseSensitive = line[Line.caseSensitive]
        sort = line[Line.sort]
        format = line[Line.format] ?? .row
        for (number, option) in zip(1..., Line.customKeys) {
            if let key = line[option] { customKeys[number] = key }
        }
        lines = line[Line.lines] ?? nil
        width = line[Line.width]
        layout = line[Line.dmenuLayout] ?? .auto
        tabIcon = line[Line.tabIcon]
    }

    /// Whether `line` gives any dmenu flag: then `choose` reads its rows from standard input.
    static func isGiven(in line: ParsedCommandLine) -> Bool {
        PetalctlCommandLine.dmenuOptions.contains { line.isGiven($0) }
    }
}
