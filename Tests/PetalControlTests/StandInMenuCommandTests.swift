import DBus
import Foundation
import PetalAPI
import TestSupport
import Testing

/// The built petalctl's named-menu commands against ``MenusStandIn``: what
/// it calls with which arguments, and what it prints of the answers.
@Suite struct StandInMenuCommandTests {
    func run(_ standIn: MenusStandIn, _ arguments: [String], input: String? = nil) async throws -> ExternalCommand {
        let command = [Petalctl.path, "--bus", standIn.bus.address] + arguments
        guard let input else { return try await ExternalCommand.running(command) }
        let file = standIn.bus.directory.appendingPathComponent("input-\(UUID().uuidString.prefix(6))")
        try Data(input.utf8).write(to: file)
        let script = "exec \"$@\" < \"$0\""
        return try await ExternalCommand.running(["sh", "-c", script, file.path] + command)
    }

    @Test func menusListsNameTitleStateAndOwner() async throws {
        let standIn = try await MenusStandIn.standard()
        defer { standIn.stop() }
        let table = try await run(standIn, ["menus"])
        #expect(table.status == 0, "\(table.summary)")
        #expect(
            table.output == """
                NAME   TITLE  STATE      OWNER
                main   Main   collapsed  -
                apps   Apps   collapsed  -
                power  Power  expanded   :1.7

                """)
        let names = try await run(standIn, ["menus", "--names"])
        #expect(names.output == "main\napps\npower\n")
        let json = try await run(standIn, ["--json", "menus"])
        let rows = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: String]]
        #expect(rows?.map { $0["name"] ?? "" } == ["main", "apps", "power"])
        #expect(
            rows?.last == [
                "name": "power", "title": "Power", "path": "/org/petal/Petal1/menus/power", "state": "expanded",
                "owner": ":1.7",
            ])
    }

    @Test func showCallsShowMenuOnceWithTheOptions() async throws {
        let standIn = try await MenusStandIn.standard()
        defer { standIn.stop() }
        let shown = try await run(standIn, ["show", "apps", "--at", "640,360", "--output", "DP-1", "--toggle"])
        #expect(shown.status == 0 && shown.output.isEmpty && shown.errors.isEmpty, "\(shown.summary)")
        #expect(standIn.calls.map(\.member) == ["ShowMenu"], "one call: a key press is one round trip")
        let call = try #require(standIn.calls.first)
        #expect(call.arguments[0] == "apps")
        #expect(call.arguments[1].contains("at="), "\(call.arguments)")
        #expect(call.arguments[1].contains("640") && call.arguments[1].contains("360"))
        #expect(call.arguments[1].contains("output=") && call.arguments[1].contains("DP-1"))
        #expect(call.arguments[1].contains("toggle=boolean(true)"))

        let context = try await run(standIn, ["--json", "show", "--context", "--anchor", "center"])
        #expect(context.status == 0, "\(context.summary)")
        #expect(context.output == #"{"menu":"power","path":"/org/petal/Petal1/menus/power"}"# + "\n")
        #expect(standIn.calls.last?.arguments.first == "", "--context is the name \"\"")

        let unknown = try await run(standIn, ["show", "nothing"])
        #expect(unknown.status == 1, "\(unknown.summary)")
        #expect(unknown.errors.hasPrefix("org.petal.Petal1.Error.UnknownMenu: "), "\(unknown.summary)")
    }

    @Test func menuOptionSendsTheCallToThatMenusObject() async throws {
        let standIn = try await MenusStandIn.standard()
        defer { standIn.stop() }
        let toggled = try await run(standIn, ["toggle", "--menu", "apps"])
        #expect(toggled.status == 0, "\(toggled.summary)")
        let back = try await run(standIn, ["--json", "back", "--menu=power"])
        #expect(back.output == #"{"state":"expanded"}"# + "\n", "\(back.summary)")
        #expect(
            standIn.calls == [
                MenusStandIn.Call(member: "Toggle", path: "/org/petal/Petal1/menus/apps", arguments: []),
                MenusStandIn.Call(member: "Back", path: "/org/petal/Petal1/menus/power", arguments: []),
            ])
        let items = try await run(standIn, ["items", "--ids", "--menu", "apps"])
        #expect(items.output == "web\n", "\(items.summary)")
        let status = try await run(standIn, ["--menu", "power", "status"])
        #expect(status.output.contains("State:") && status.output.contains("expanded"), "\(status.summary)")
    }

    @Test func anUnknownMenuIsNamedWithTheMenusThereAre() async throws {
        let standIn = try await MenusStandIn.standard()
        defer { standIn.stop() }
        for arguments in [["toggle", "--menu", "games"], ["items", "--menu", "games"]] {
            let result = try await run(standIn, arguments)
            #expect(result.status == 1, "\(result.summary)")
            #expect(
                result.errors == "petalctl: petald has no menu \"games\"; its menus are main, apps, power\n",
                "\(result.summary)")
        }
    }

    @Test func chooseLinesSendsPickFromAndPrintsTheChosenLineExactly() async throws {
        let standIn = try await MenusStandIn.standard()
        defer { standIn.stop() }
        let input = "Lock\tsystem-lock-screen\nLog out\n\nLog out\nCafé ☕\r\n"
        async let chosen = run(
            standIn, ["choose", "--lines", "--tab-icon", "--anchor", "center", "-t", "30"], input: input)
        let call = try await standIn.waitForChoice(pick: true)
        #expect(
            call.arguments[0]
                == #"{"layout":"radial","items":[{"id":"0","title":"Lock","icon":"system-lock-screen"},"#
                + #"{"id":"1","title":"Log out"},{"id":"2","title":"Log out"},{"id":"3","title":"Café ☕"}]}"#,
            "a row's id is its index; the empty line is none")
        #expect(call.arguments[1].contains("anchor=") && call.arguments[1].contains("center"))
        #expect(call.arguments[1].contains("timeout=") && call.arguments[1].contains("30"))
        try await standIn.answerPick(PickAnswer(ids: ["0"]))
        let result = try await chosen
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.output == "Lock\tsystem-lock-screen\n", "the line with its tab and icon")

        async let other = run(standIn, ["dmenu"], input: input)
        let tabbed = try await standIn.waitForChoice(pick: true)
        #expect(tabbed.arguments[0].contains(#"{"id":"0","title":"Lock system-lock-screen"}"#), "a TAB is title")
        try await standIn.answerPick(PickAnswer(ids: ["3"]))
        #expect(try await other.output == "Café ☕\r\n", "a \\r stays")
    }

    @Test func dmenuSendsTheRowsShownAndTheWidth() async throws {
        let standIn = try await MenusStandIn.standard()
        defer { standIn.stop() }
        async let chosen = run(standIn, ["dmenu", "-l", "20", "--width", "900", "--layout", "list"], input: "a\n")
        let call = try await standIn.waitForChoice(pick: true)
        #expect(call.arguments[0] == #"{"layout":"list","appearance":{"lines":20,"width":900}}"#, "no items")
        #expect(call.arguments[1].contains("rows="), "a list's rows go as a row table: \(call.arguments[1])")
        try await standIn.answerPick(PickAnswer(ids: ["0"]))
        #expect(try await chosen.output == "a\n")
    }

    @Test func chooseLinesCancelledExitsOneSayingNothing() async throws {
        let standIn = try await MenusStandIn.standard()
        defer { standIn.stop() }
        async let chosen = run(standIn, ["choose", "--lines"], input: "a\nb\n")
        _ = try await standIn.waitForChoice(pick: true)
        try await standIn.answerPick(nil)
        let result = try await chosen
        #expect(result.status == 1, "\(result.summary)")
        #expect(result.output.isEmpty && result.errors.isEmpty, "\(result.summary)")
    }

    @Test func chooseLinesRefusesBeforeAskingPetald() async throws {
        let standIn = try await MenusStandIn.standard()
        defer { standIn.stop() }
        let empty = try await run(standIn, ["choose", "--lines"], input: "\n\n")
        #expect(empty.status == 1, "as rofi: \(empty.summary)")
        #expect(empty.errors.contains("no rows to choose from"))
        let many = try await run(
            standIn, ["choose", "--lines", "--layout", "radial"], input: (1...65).map { "\($0)\n" }.joined())
        #expect(many.status == 2, "\(many.summary)")
        #expect(many.errors.contains("a radial menu offers at most 64 rows"))
        #expect(standIn.calls.isEmpty, "petald was not asked")
    }

    @Test func chooseFromAFileOrStandardInput() async throws {
        let standIn = try await MenusStandIn.standard()
        defer { standIn.stop() }
        let menu = #"{"title":"Share","items":[{"id":"mail","title":"Mail","icon":"mail-send"}]}"#
        let file = standIn.bus.directory.appendingPathComponent("share.json")
        try Data(menu.utf8).write(to: file)
        async let fromFile = run(standIn, ["--json", "choose", "--from", file.path, "--no-dispatch"])
        let call = try await standIn.waitForChoice()
        #expect(call.arguments[0] == menu)
        #expect(call.arguments[1].contains("dispatch=boolean(false)"))
        try await standIn.answerChoice("chat/ann")
        #expect(try await fromFile.output == #"{"id":"chat/ann"}"# + "\n")

        async let fromInput = run(standIn, ["choose", "--from", "-"], input: menu)
        #expect(try await standIn.waitForChoice().arguments[0] == menu)
        try await standIn.answerChoice("mail")
        #expect(try await fromInput.output == "mail\n")

        let missing = try await run(standIn, ["choose", "--from", "/nonexistent/menu.json"])
        #expect(missing.status == 2, "\(missing.summary)")
        #expect(missing.errors.contains("cannot read /nonexistent/menu.json: No such file or directory"))
    }

    @Test func watchNamesTheMenuOfEverySignal() async throws {
        let standIn = try await MenusStandIn.standard()
        defer { standIn.stop() }
        let watcher = try StreamingCommand([Petalctl.path, "--bus", standIn.bus.address, "watch", "--signals"])
        defer { watcher.stop() }
        // The watcher prints only what comes after it subscribed: open menus until a line shows.
        for _ in 0..<100 where watcher.output.isEmpty {
            try await standIn.open("apps")
            try await Task.sleep(for: .milliseconds(100))
        }
        try await standIn.emitActionStarted(menu: "main", action: "open.uri", item: "apps/web")
        let lines = try await watcher.waitForLine { $0.hasPrefix("ActionStarted") }
        #expect(lines.contains { $0.hasPrefix("StateChanged menu=apps state=expanded previous=") }, "\(lines)")
        #expect(lines.contains("PropertiesChanged menu=apps State=expanded"), "\(lines)")
        #expect(lines.contains("PropertiesChanged ActiveMenu=/org/petal/Petal1/menus/apps"), "\(lines)")
        #expect(lines.last == "ActionStarted menu=main invocation=1 action=open.uri item=apps/web")
    }

    @Test func waybarNamesTheOpenMenu() async throws {
        let standIn = try await MenusStandIn.standard()
        defer { standIn.stop() }
        let watcher = try StreamingCommand([Petalctl.path, "--bus", standIn.bus.address, "watch", "--waybar"])
        defer { watcher.stop() }
        let first = try await watcher.waitForLines(1)
        #expect(first[0].contains(#""alt":"collapsed""#) && first[0].contains(#""class":"collapsed""#), "\(first)")
        try await standIn.open("power")
        let open = try await watcher.waitForLine { $0.contains(#""alt":"power""#) }
        #expect(open.last?.contains(#""text":"expanded""#) == true, "\(open)")
        #expect(open.last?.contains(#""class":["expanded","power"]"#) == true, "\(open)")
        #expect(open.last?.contains("Power expanded") == true, "the tooltip names it: \(open)")
        try await standIn.open(nil)
        let closed = try await watcher.waitForLines(open.count + 1)
        #expect(closed.last == first[0], "nothing open: as before named menus")
    }

    @Test func completionsOfferTheMenusNames() async throws {
        let standIn = try await MenusStandIn.standard()
        defer { standIn.stop() }
        let bus = standIn.bus.address
        #expect(try await CompletionTests.bashCompletions("petalctl --bus \(bus) show ") == ["main", "apps", "power"])
        #expect(try await CompletionTests.bashCompletions("petalctl --bus \(bus) toggle --menu p") == ["power"])
        #expect(try await CompletionTests.bashCompletions("petalctl choose --bus \(bus) --menu a") == ["apps"])
        #expect(
            try await CompletionTests.bashCompletions("petalctl --bus \(bus) activate --menu apps ") == ["web"],
            "the items of the --menu on the line")
        #expect(try await CompletionTests.bashCompletions("petalctl --bus \(bus) show apps ") == [], "one name")
        let fish = try await CompletionTests.fishCompletions("petalctl --bus \(bus) show ")
        #expect(fish.sorted() == ["apps", "main", "power"])
        #expect(
            try await CompletionTests.fishCompletions("petalctl --bus \(bus) items --menu ").sorted() == [
                "apps", "main", "power",
            ])
        #expect(try await CompletionTests.fishCompletions("petalctl --bus \(bus) activate --menu apps ") == ["web"])
    }
}
