import PetalAPI
import PetalCore
import Testing

@testable import PetalControl

/// Parsing of named menus' verbs and options, without a bus.
@Suite struct MenuOptionParsingTests {
    func parse(_ words: String...) throws -> Invocation { try Invocation(arguments: words) }

    func usageError(_ words: String...) -> String? {
        do {
            _ = try Invocation(arguments: words)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theMenuIsMainUnlessNamed() throws {
        #expect(try parse("toggle").menu == "main")
        #expect(try parse("toggle", "--menu", "apps").menu == "apps")
        #expect(try parse("toggle", "--menu=apps").menu == "apps")
        #expect(try parse("close", "--menu", "main/apps").menu == "main/apps", "a submenu written in place")
    }

    @Test(arguments: [
        ["activate", "--menu", "apps", "web"], ["activate", "web", "--menu", "apps"],
        ["--menu", "apps", "activate", "web"], ["activate", "--json", "--menu=apps", "web"],
    ])
    func menuGoesAnywhereAmongTheOptions(_ words: [String]) throws {
        let invocation = try Invocation(arguments: words)
        #expect(invocation.command == .activate(item: "web"))
        #expect(invocation.menu == "apps")
    }

    @Test func everyCommandThatActsOnAMenuTakesIt() throws {
        let commands: [(words: [String], command: Command)] = [
            (["toggle"], .toggle), (["open"], .open), (["close"], .close), (["back"], .back),
            (["status"], .status), (["items", "--ids"], .items(idsOnly: true)),
            (["activate", "web"], .activate(item: "web")),
            (["highlight", "web"], .highlight(item: "web")), (["highlight", "--none"], .highlight(item: "")),
            (["highlight"], .highlight(item: nil)),
            (["choose", "-t", "5"], .choose(timeout: 5, dispatch: true)),
            (["layout", "stack"], .layout(style: .stack)),
            (["preview", "--svg", "-"], .preview(PreviewOptions(output: "-"))),
        ]
        for (words, command) in commands {
            for placed in [words + ["--menu", "power"], ["--menu", "power"] + words] {
                let invocation = try Invocation(arguments: placed)
                #expect(invocation.command == command, "\(placed)")
                #expect(invocation.menu == "power", "\(placed)")
            }
        }
        #expect(
            Set(CommandName.actingOnAMenu.map(\.rawValue))
                == [
                    "toggle", "open", "close", "back", "status", "items", "activate", "highlight", "choose", "layout",
                    "preview",
                ])
    }

    @Test func commandsOfNoOneMenuRefuseIt() {
        for command in ["actions", "plugins", "menus", "reload", "version", "watch"] {
            #expect(
                usageError(command, "--menu", "apps")?.contains("\(command) takes no --menu; the commands that act")
                    == true, "\(command)")
        }
        #expect(usageError("trigger", "a.b", "--menu", "apps")?.contains("trigger takes no --menu") == true)
        #expect(usageError("show", "apps", "--menu", "x")?.contains("petalctl show x") == true)
        #expect(usageError("choose", "--lines", "--menu", "apps")?.contains("take no --menu") == true)
    }

    @Test func menuNamesAreChecked() {
        #expect(usageError("toggle", "--menu")?.contains("--menu needs a value") == true)
        #expect(usageError("toggle", "--menu=")?.contains("--menu needs a value") == true)
        for bad in ["a b", "é", "apps/", "/apps", "a//b", String(repeating: "m", count: 65), "power.menu"] {
            #expect(
                usageError("toggle", "--menu", bad)?.contains("is not a menu's name: a name is 1 to 64 of") == true,
                "\(bad)")
        }
        #expect(throws: Never.self) { try parse("toggle", "--menu", String(repeating: "m", count: 64)) }
        #expect(throws: Never.self) { try parse("toggle", "--menu", "Power_2-b/lock screen") }
    }

    @Test func showParsesAName() throws {
        #expect(try parse("show", "apps").command == .show(name: "apps", options: ShowOptions()))
        #expect(try parse("show", "--context").command == .show(name: "", options: ShowOptions()))
        let placed = try parse(
            "show", "--at", "640,-20", "power", "--anchor=center", "--output", "HDMI-A-1", "--toggle")
        #expect(
            placed.command
                == .show(
                    name: "power",
                    options: ShowOptions(
                        anchor: .center, at: MenuPoint(x: 640, y: -20), output: "HDMI-A-1", toggle: true)))
        #expect(
            try parse("show", "--toggle", "--context", "--anchor", "pointer").command
                == .show(name: "", options: ShowOptions(anchor: .pointer, toggle: true)))
        #expect(try parse("show", "main", "--turbo").command == .show(name: "main", options: ShowOptions(turbo: true)))
    }

    @Test func showUsageErrorsSayWhatIsExpected() {
        #expect(usageError("show")?.contains("show needs a menu's NAME, e.g. petalctl show apps") == true)
        #expect(usageError("show", "apps", "power")?.contains("one menu, but was given \"apps\" and \"power\"") == true)
        #expect(usageError("show", "apps", "--context")?.contains("not both") == true)
        #expect(usageError("show", "apps", "--at", "10")?.contains("--at needs X,Y") == true)
        #expect(usageError("show", "apps", "--at", "1.5,2")?.contains("whole logical pixels") == true)
        #expect(usageError("show", "apps", "--at", "3000000000,0")?.contains("--at needs X,Y") == true)
        #expect(usageError("show", "apps", "--at")?.contains("--at needs a value, e.g. --at 640,360") == true)
        #expect(
            usageError("show", "apps", "--anchor", "middle")?.contains(
                "unknown anchor \"middle\"; use bottom-right, bottom-left, top-right, top-left, center or pointer")
                == true)
        #expect(usageError("show", "apps", "--output", "")?.contains("--output needs a value") == true)
        #expect(
            usageError("show", "apps", "--output", String(repeating: "o", count: 256))?.contains("at most 255 bytes")
                == true)
        #expect(usageError("show", "apps", "--toggle=yes")?.contains("takes no value") == true)
        #expect(usageError("show", "apps", "--fast")?.contains("show takes no option --fast") == true)
        #expect(
            usageError("show", "apps", "--tggle")?.contains(#"show takes no option --tggle (did you mean "--toggle"?)"#)
                == true)
        #expect(usageError("show", "bad name")?.contains("is not a menu's name") == true)
    }

    @Test func backAndMenus() throws {
        #expect(try parse("back").command == .back)
        #expect(try parse("back", "--menu", "apps").menu == "apps")
        #expect(try parse("menus").command == .menus(namesOnly: false))
        #expect(try parse("menus", "--names").command == .menus(namesOnly: true))
        #expect(usageError("back", "apps")?.contains("back takes no argument \"apps\"") == true)
        #expect(usageError("menus", "--ids")?.contains("menus takes no option --ids; it takes --names") == true)
    }

    @Test func chooseFromAFileOrFromLines() throws {
        #expect(
            try parse("choose", "--from", "menu.json").command == .chooseFrom(ChoiceOptions(source: .file("menu.json")))
        )
        #expect(try parse("choose", "--from=-").command == .chooseFrom(ChoiceOptions(source: .file("-"))))
        #expect(
            try parse("choose", "--lines", "-t", "30", "--anchor", "center", "--no-dispatch").command
                == .chooseFrom(
                    ChoiceOptions(
                        source: .lines(DmenuOptions()), placement: ShowOptions(anchor: .center), timeout: 30,
                        dispatch: false)))
        #expect(
            try parse("choose", "--at", "10,20", "--output", "DP-1", "--from", "-").command
                == .chooseFrom(
                    ChoiceOptions(
                        source: .file("-"), placement: ShowOptions(at: MenuPoint(x: 10, y: 20), output: "DP-1"))
                ))
        #expect(try parse("choose").command == .choose(timeout: nil, dispatch: true), "petald's menu, as before")
    }

    @Test func chooseUsageErrorsSayWhatIsExpected() throws {
        #expect(usageError("choose", "--from")?.contains("--from needs a value, e.g. --from menu.json") == true)
        #expect(usageError("choose", "--lines=yes")?.contains("--lines needs a number of rows") == true)
        #expect(
            usageError("choose", "--lines", "--from", "x")?.contains(
                "takes one of --from FILE|- and --lines [N], not both")
                == true)
        // A flag given twice is given: every option is so, as --lines was not before.
        #expect(
            try parse("choose", "--lines", "--lines").command
                == .chooseFrom(ChoiceOptions(source: .lines(DmenuOptions()))))
        #expect(usageError("choose", "--at", "1,2")?.contains("place a menu of choose --from or --lines") == true)
        #expect(usageError("choose", "--toggle")?.contains("choose takes no option --toggle") == true)
        #expect(usageError("choose", "--lines", "--anchor", "up")?.contains("unknown anchor \"up\"") == true)
    }

    @Test func everyNewCommandHasHelp() {
        for name in [CommandName.show, .back, .menus] {
            #expect(HelpText.help(for: name).hasPrefix("Usage: petalctl \(name.rawValue)"))
        }
        for name in CommandName.actingOnAMenu {
            #expect(HelpText.help(for: name).contains("--menu NAME"), "\(name)'s help names --menu")
        }
        #expect(HelpText.help(for: .choose).contains("--lines"))
        #expect(HelpText.overview.contains("--menu NAME"))
    }
}
