import DBus
import Foundation
import TestSupport
import Testing

/// Every subcommand of the built petalctl against petal-test-daemon on a private bus.
@Suite struct CommandTests {
    @Test func toggleOpenAndCloseAreQuietAndChangeTheState() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let toggled = try await Petalctl.run(on: daemon, ["toggle"])
        #expect(toggled.status == 0 && toggled.output.isEmpty && toggled.errors.isEmpty, "\(toggled.summary)")
        try await daemon.waitForState("expanded")
        let closed = try await Petalctl.run(on: daemon, ["--json", "close"])
        #expect(closed.status == 0)
        #expect(closed.output == "{\"state\":\"collapsing\"}\n")
        try await daemon.waitForState("collapsed")
        let opened = try await Petalctl.run(on: daemon, ["open", "--json"])
        #expect(opened.output == "{\"state\":\"expanding\"}\n")
        try await daemon.waitForState("expanded")
    }

    @Test func statusSummarisesTheMenu() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let status = try await Petalctl.run(on: daemon, ["status"])
        #expect(status.status == 0, "\(status.summary)")
        let lines = status.output.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(lines.contains("State: collapsed"))
        #expect(lines.contains("Layout: radial"))
        #expect(lines.contains("Items: 8 (6 enabled, 0 selected)"))
        #expect(lines.contains("Actions: 14"), "seven test actions and the built-in plugins' seven")
        #expect(lines.contains("Version: 0.1.0"))
        #expect(
            lines.contains(
                "Appearance: bottom-right, margin 16×32; button 60 #ef5285 (list-add in #ffffff), items 60; shadow, no backdrop"
            ),
            "\(status.output)")
        #expect(
            lines.contains("Motion: spring 0.75/1, press 0.95, open 0.05 s, close 0.05 s"),
            "the test daemon's durations")
    }

    @Test func listsAreAlignedTablesAndIdsAreOneALine() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let items = try await Petalctl.run(on: daemon, ["items"])
        let rows = items.output.split(separator: "\n").map(String.init)
        #expect(rows.first?.hasPrefix("ID") == true)
        #expect(rows.count == 9)
        // Every column starts at the same offset on every row.
        let titleColumn = try #require(rows.first?.range(of: "TITLE")?.lowerBound.utf16Offset(in: rows[0]))
        #expect(
            rows.dropFirst().allSatisfy { row in
                let characters = Array(row)
                return characters[titleColumn - 1] == " " && characters[titleColumn] != " "
            })
        #expect(rows.contains { $0.hasPrefix("off ") && $0.contains(" no ") })

        let ids = try await Petalctl.run(on: daemon, ["items", "--ids"])
        #expect(ids.output == "echo\nlike\nstay\nslow\nhang\nfail\noff\nmissing\n")
        let actions = try await Petalctl.run(on: daemon, ["actions", "--ids"])
        #expect(actions.output.split(separator: "\n").contains("test.slow"))
        let table = try await Petalctl.run(on: daemon, ["actions"])
        #expect(table.output.hasPrefix("ACTION"))
        #expect(table.output.contains("test.echo"))
    }

    @Test func activatePrintsTheResultAndReportsErrorsByName() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let early = try await Petalctl.run(on: daemon, ["activate", "echo"])
        #expect(early.status == 1)
        #expect(early.errors.hasPrefix("org.petal.Petal1.Error.NotExpanded: "), "\(early.summary)")
        _ = try await daemon.menu("Open")
        try await daemon.waitForState("expanded")
        let activated = try await Petalctl.run(on: daemon, ["activate", "echo"])
        #expect(activated.status == 0, "\(activated.summary)")
        #expect(activated.output == "greeting: hello\n")
        try await daemon.waitForState("collapsed")
        _ = try await daemon.menu("Open")
        try await daemon.waitForState("expanded")
        let unknown = try await Petalctl.run(on: daemon, ["activate", "nothing"])
        #expect(unknown.status == 1)
        #expect(unknown.errors.hasPrefix("org.petal.Petal1.Error.UnknownItem: "))
        let disabled = try await Petalctl.run(on: daemon, ["activate", "off"])
        #expect(disabled.errors.hasPrefix("org.petal.Petal1.Error.ItemDisabled: "))
        #expect(try await daemon.state() == "expanded", "refused activations leave the menu open")
    }

    @Test func triggerPassesStringsAndTypedValues() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let echoed = try await Petalctl.run(
            on: daemon,
            [
                "--json", "trigger", "test.echo", "name=Ada", "count:=3", "ratio:=0.5", "loud:=true",
                "tags:=[\"a\",\"b\"]", "nested:={\"k\":[1,2]}",
            ])
        #expect(echoed.status == 0, "\(echoed.summary)")
        let object = try JSONSerialization.jsonObject(with: Data(echoed.output.utf8)) as? [String: Any]
        #expect(object?["name"] as? String == "Ada")
        #expect(object?["count"] as? Int == 3)
        #expect(object?["ratio"] as? Double == 0.5)
        #expect(object?["loud"] as? Bool == true)
        #expect(object?["tags"] as? [String] == ["a", "b"])
        #expect((object?["nested"] as? [String: Any])?["k"] as? [Int] == [1, 2])

        let text = try await Petalctl.run(on: daemon, ["trigger", "test.echo", "greeting=hi there", "n:=1"])
        #expect(text.output == "greeting: hi there\nn: 1\n")
        let quiet = try await Petalctl.run(on: daemon, ["trigger", "test.noop"])
        #expect(quiet.status == 0 && quiet.output.isEmpty)
    }

    @Test(arguments: [
        (["trigger", "nowhere.nothing"], "org.petal.Petal1.Error.UnknownAction"),
        (["trigger", "test.invalid"], "org.petal.Petal1.Error.InvalidParams"),
        (["trigger", "test.fail"], "org.petal.Petal1.Error.ActionFailed"),
        (["trigger", "test.hang"], "org.petal.Petal1.Error.Timeout"),
    ])
    func daemonErrorsExitOneWithNameAndMessage(arguments: [String], error: String) async throws {
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_TIMEOUT": "0.3"])
        defer { daemon.stop() }
        let result = try await Petalctl.run(on: daemon, arguments)
        #expect(result.status == 1, "\(result.summary)")
        #expect(result.errors.hasPrefix(error + ": "), "\(result.summary)")
        #expect(result.errors.count > error.count + 10, "the message says what was wrong")
        #expect(result.output.isEmpty)
        // The daemon is still there and answers.
        let status = try await Petalctl.run(on: daemon, ["status"])
        #expect(status.status == 0)
    }

    /// `choose` tells a timeout from Escape: 124, as timeout(1) exits, with Timeout said.
    @Test func chooseExits124WhenItsTimeoutPasses() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let result = try await Petalctl.run(on: daemon, ["choose", "--timeout", "0.2"])
        #expect(result.status == 124, "\(result.summary)")
        #expect(result.errors.hasPrefix("org.petal.Petal1.Error.Timeout: no item was chosen within 0.2 s"))
        #expect(result.output.isEmpty)
        let closed = try await Petalctl.run(on: daemon, ["close"])
        #expect(closed.status == 0, "the daemon is still there")
    }

    @Test func reloadReportsABadConfigurationAndKeepsTheOld() async throws {
        let flag = FileManager.default.temporaryDirectory.appendingPathComponent("petalctl-broken-\(UUID().uuidString)")
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_BROKEN_CONFIG": flag.path])
        defer { daemon.stop() }
        let fine = try await Petalctl.run(on: daemon, ["reload"])
        // The test daemon's item "missing" runs nowhere.nothing, which nothing provides: one warning.
        #expect(fine.status == 0 && fine.output.isEmpty, "\(fine.summary)")
        #expect(
            fine.errors
                == "items[7].action: no loaded plugin, plugin file or action provider provides \"nowhere.nothing\"; the item is disabled\npetald reloaded its configuration with 1 warning\n",
            "\(fine.summary)")
        let json = try await Petalctl.run(on: daemon, ["--json", "reload"])
        #expect(json.output.hasPrefix(#"{"warnings":["items[7].action: "#), "\(json.summary)")
        #expect(json.errors.isEmpty)
        _ = FileManager.default.createFile(atPath: flag.path, contents: Data())
        defer { try? FileManager.default.removeItem(at: flag) }
        let broken = try await Petalctl.run(on: daemon, ["reload"])
        #expect(broken.status == 1)
        #expect(broken.errors.hasPrefix("org.petal.Petal1.Error.InvalidConfig: "))
        #expect(broken.errors.contains("items[0].action"))
        let items = try await Petalctl.run(on: daemon, ["items", "--ids"])
        #expect(items.output.hasPrefix("echo\n"))
    }

    @Test func layoutShowsPlacesAndChangesTheStyle() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let set = try await Petalctl.run(on: daemon, ["layout", "linear"])
        #expect(set.status == 0 && set.output.isEmpty, "\(set.summary)")
        #expect(try await daemon.property("LayoutStyle") == .string("linear"))
        let shown = try await Petalctl.run(on: daemon, ["layout"])
        let lines = shown.output.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.first == "Layout: linear")
        #expect(lines.contains("echo 80 0"))
        #expect(lines.contains("like 160 0"))
    }

    @Test func versionNamesBothPrograms() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let both = try await Petalctl.run(on: daemon, ["version"])
        #expect(both.output == "petalctl 0.1.0\npetald 0.1.0\n")
        let alone = try await Petalctl.run(on: nil, ["--bus", "unix:path=/nonexistent/bus", "--version"])
        #expect(alone.status == 0)
        #expect(alone.output == "petalctl 0.1.0\n")
    }

    /// An example is printed to be typed: its escapes as written, not a real tab and newline.
    @Test func helpExamplesKeepTheirEscapes() async throws {
        let help = try await Petalctl.run(on: nil, ["choose", "--help"])
        #expect(help.output.contains(#"printf 'Lock\nLog out\n' | petalctl choose --lines"#))
        #expect(help.output.contains(#"TITLE\0icon\x1fICON"#))
        #expect(!help.output.contains("\t"), "no real tab in the help")
    }

    @Test func helpIsPrintedForEveryCommand() async throws {
        let overview = try await Petalctl.run(on: nil, ["--help"])
        #expect(overview.status == 0 && overview.output.hasPrefix("Usage: petalctl"))
        let command = try await Petalctl.run(on: nil, ["choose", "--help"])
        #expect(command.output.hasPrefix("Usage: petalctl choose"))
        let topic = try await Petalctl.run(on: nil, ["help", "watch"])
        #expect(topic.output.hasPrefix("Usage: petalctl watch"))
    }
}
