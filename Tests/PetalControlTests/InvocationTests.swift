import DBus
import PetalCommandLine
import PetalCore
import Testing

@testable import PetalControl

@Suite struct InvocationTests {
    func parse(_ words: String...) throws -> Invocation { try Invocation(arguments: words) }

    func usageError(_ words: String...) -> String? {
        do {
            _ = try Invocation(arguments: words)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func everyCommandParses() throws {
        #expect(try parse("toggle").command == .toggle)
        #expect(try parse("open").command == .open)
        #expect(try parse("close").command == .close)
        #expect(try parse("reload").command == .reload)
        #expect(try parse("status").command == .status)
        #expect(try parse("items").command == .items(idsOnly: false))
        #expect(try parse("items", "--ids").command == .items(idsOnly: true))
        #expect(try parse("actions", "--ids").command == .actions(idsOnly: true))
        #expect(try parse("plugins", "--clear-quarantine").command == .plugins(clearQuarantine: true))
        #expect(try parse("activate", "camera").command == .activate(item: "camera"))
        #expect(try parse("choose").command == .choose(timeout: nil, dispatch: true))
        #expect(try parse("choose", "--timeout=2.5", "--no-dispatch").command == .choose(timeout: 2.5, dispatch: false))
        #expect(try parse("layout").command == .layout(style: nil))
        #expect(try parse("layout", "stack").command == .layout(style: .stack))
        #expect(try parse("watch", "--waybar").command == .watch(.waybar))
        #expect(try parse("watch", "--signals").command == .watch(.signals))
        #expect(try parse("watch").command == .watch(.events))
        #expect(try parse("version").command == .version(daemon: true))
        #expect(try parse("--version").command == .version(daemon: false))
        #expect(try parse("--help").command == .help(nil))
        #expect(try parse("help", "trigger").command == .help(.trigger))
        #expect(try parse("trigger", "--help").command == .help(.trigger))
    }

    @Test func globalOptionsGoAnywhere() throws {
        let before = try parse("--bus", "unix:path=/tmp/x", "--json", "status")
        let after = try parse("status", "--json", "--address=unix:path=/tmp/x")
        #expect(before == after)
        #expect(before.bus == .address("unix:path=/tmp/x"))
        #expect(before.json)
        #expect(try parse("--bus", "system", "toggle").bus == .system)
        #expect(
            try parse("--bus", "unix:abstract=/tmp/dbus-x,guid=1", "toggle").bus
                == .address("unix:abstract=/tmp/dbus-x,guid=1"))
        #expect(try parse("--bus=tcp:host=localhost,port=1", "toggle").bus == .address("tcp:host=localhost,port=1"))
    }

    @Test func triggerParametersAreStringsOrTypedJSON() throws {
        let invocation = try parse(
            "trigger", "open.uri", "uri=https://example.org/?a=b", "count:=3",
            "loud:=true", "tags:=[\"a\",\"b\"]", "empty=")
        #expect(
            invocation.command
                == .trigger(
                    action: "open.uri",
                    params: [
                        "uri": "https://example.org/?a=b", "count": 3, "loud": true, "tags": ["a", "b"], "empty": "",
                    ]))
    }

    @Test func previewOptions() throws {
        let invocation = try parse(
            "preview", "--svg", "out.svg", "--state", "collapsed", "--layout=linear",
            "--config", "menu.json", "--animate")
        #expect(
            invocation.command
                == .preview(
                    PreviewOptions(
                        output: "out.svg", state: .collapsed, layout: .linear, configPath: "menu.json", animate: true)))
    }

    @Test func usageErrorsSayWhatIsExpected() {
        #expect(usageError("frobnicate")?.contains("unknown command \"frobnicate\"") == true)
        #expect(usageError("activate")?.contains("needs an item id") == true)
        #expect(usageError("trigger")?.contains("needs an action id") == true)
        #expect(usageError("trigger", "a.b", "novalue")?.contains("KEY=VALUE") == true)
        #expect(usageError("trigger", "a.b", "n:=nope")?.contains("\"nope\" is not JSON") == true)
        #expect(usageError("trigger", "a.b", "n:=null")?.contains("null") == true)
        #expect(usageError("trigger", "a.b", "=x")?.contains("no name") == true)
        #expect(usageError("trigger", "a.b", "k=1", "k=2")?.contains("given twice") == true)
        #expect(usageError("choose", "--timeout", "-1")?.contains("positive number") == true)
        #expect(usageError("choose", "--timeout")?.contains("--timeout needs a value") == true)
        #expect(usageError("layout", "spiral")?.contains("use linear, stack, radial or list") == true)
        #expect(usageError("preview")?.contains("needs --svg FILE") == true)
        #expect(usageError("preview", "--svg", "x", "--state", "half")?.contains("expanded or collapsed") == true)
        #expect(usageError("status", "extra")?.contains("takes no argument \"extra\"") == true)
        #expect(usageError("--bus")?.contains("--bus needs a value") == true)
        #expect(usageError("--json=yes", "status")?.contains("takes no value") == true)
        #expect(usageError("help", "nothing")?.contains("unknown command \"nothing\"; use toggle, open") == true)
        #expect(usageError("--version", "status")?.contains("--version takes no command") == true)
        #expect(usageError()?.contains("a command is needed: toggle, open") == true)
        #expect(usageError("choose", "-t", "86401")?.contains("at most 86400") == true)
        #expect(usageError("choose", "-t", "1e300")?.contains("at most 86400") == true)
        #expect(usageError("choose", "-t", "nan")?.contains("positive number") == true)
        #expect(usageError("--bus", "sesion", "status")?.contains("\"sesion\" is not a bus") == true)
        #expect(usageError("--address", ":path=/x", "status")?.contains("not a bus") == true)
    }

    @Test func doubleDashEndsTheOptions() throws {
        #expect(
            try parse("--json", "trigger", "a.b", "--", "--x=1", "-y=2").command
                == .trigger(action: "a.b", params: ["--x": "1", "-y": "2"]))
        #expect(try parse("--", "activate", "-").command == .activate(item: "-"))
        #expect(usageError("trigger", "a.b", "--x=1")?.contains("trigger takes no option --x") == true)
    }

    @Test func anOptionGivenTwiceKeepsItsLastValue() throws {
        let invocation = try parse("--bus", "system", "status", "--address", "unix:path=/tmp/x", "--json", "-j")
        #expect(invocation.bus == .address("unix:path=/tmp/x"))
        #expect(try parse("items", "--ids", "--ids").command == .items(idsOnly: true))
    }

    @Test func everyCommandIsDeclaredUnderItsName() {
        for name in CommandName.allCases {
            #expect(name.declaration.name == name.rawValue)
        }
        #expect(PetalctlCommandLine.program.subcommands.map(\.name) == CommandName.allCases.map(\.rawValue))
    }

    @Test func theCompletionsGoAlone() throws {
        #expect(try parse("--completions", "fish").command == .completions(.fish))
        #expect(try parse("--completions=zsh", "--json").command == .completions(.zsh))
        #expect(usageError("--completions", "bash", "status")?.contains("--completions takes no command") == true)
        #expect(
            usageError("--completions", "csh")?.contains(
                #"unknown shell "csh" (did you mean "zsh"?); use bash, zsh or fish"#)
                == true)
    }

    @Test func everyCommandHasHelp() {
        for name in CommandName.allCases {
            #expect(HelpText.help(for: name).hasPrefix("Usage: petalctl"), "help for \(name)")
            #expect(HelpText.overview.contains(name.rawValue), "overview lists \(name)")
        }
    }
}
