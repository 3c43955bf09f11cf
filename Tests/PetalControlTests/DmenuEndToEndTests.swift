import DBus
import Foundation
import Linux
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// `petalctl dmenu` against the real petald on a private bus: lines piped
/// in, the test answering as a frontend does (`Submit` on the menu), and
/// what petalctl prints and how it exits.
@Suite(.timeLimit(.minutes(3))) struct DmenuEndToEndTests {
    /// What a frontend submits: the rows' ids and the details.
    struct Submission {
        var ids: [String]
        var details = SubmitDetails()
    }

    /// Runs `petalctl dmenu arguments` with `input` on standard input; once
    /// its menu is open, checks it with `inspect` (and its row table, if it
    /// has one, with `inspectRows`), then submits `submission` (or closes the
    /// menu for nil), and returns how petalctl ended.
    func dmenu(
        _ daemon: RunningDaemon, _ arguments: [String], input: String, submit submission: Submission?,
        inspect: (MenuSnapshot) throws -> Void = { _ in }, inspectRows: (RowTable) throws -> Void = { _ in }
    ) async throws -> ExternalCommand {
        let file = daemon.bus.directory.appendingPathComponent("rows-\(UUID().uuidString.prefix(6))")
        try Data(input.utf8).write(to: file)
        // A timeout, so that a test that fails midway leaves no petalctl waiting for ever.
        let command = Petalctl.command(on: daemon, ["dmenu", "--timeout", "60"] + arguments)
        async let result = ExternalCommand.running(["sh", "-c", "exec \"$@\" < \"$0\"", file.path] + command)
        let client = PetalClient(connection: daemon.client)
        var menu: PetalClient?
        let deadline = ContinuousClock.now + .seconds(30)
        while menu == nil, ContinuousClock.now < deadline {
            let path = try await client.activeMenu()
            if PetalBus.menuName(at: path)?.hasPrefix("adhoc-") == true {
                menu = client.menu(at: path)
            } else {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        guard let menu else {
            throw TestSetupError("petalctl dmenu's menu never opened; it ended: \(try await result)")
        }
        let snapshot = try await menu.snapshot()
        try inspect(snapshot)
        if snapshot.items.isEmpty, snapshot.rowCount > 0 {
            let mapping = try SealedMapping(try await menu.rows(), maximumSize: RowTableFormat.maximumBytes)
            try inspectRows(try RowTable(RowBytes(Array(mapping.bytes))))
        }
        if let submission {
            try await submitted(submission, to: menu)
        } else {
            // Close is ignored while a menu opens: it waits until it has.
            while try await menu.snapshot().state != .expanded, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            _ = try await Petalctl.run(on: daemon, ["close", "--menu", try await menu.snapshot().name])
        }
        return try await result
    }

    /// Submits once the menu takes it: from `expanding` on.
    private func submitted(_ submission: Submission, to menu: PetalClient) async throws {
        for _ in 0..<500 {
            do {
                return try await menu.submit(submission.ids, submission.details)
            } catch let error as DBusError where error.name == PetalBus.ErrorName.notExpanded.errorName {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        throw TestSetupError("the menu never took a Submit")
    }

    static let rows =
        "Lock\0icon\u{1F}system-lock-screen\u{1F}info\u{1F}lock\nLog\tout\n\nCafé ☕\nHeader\0nonselectable\u{1F}true\n"

    @Test func formatsCustomEntriesMultiSelectAndCustomKeys() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }

        let plain = try await dmenu(daemon, [], input: Self.rows, submit: Submission(ids: ["0"])) { menu in
            #expect(menu.layoutStyle == .radial, "auto: radial for 4 rows")
            #expect(
                menu.items.map(\.title) == ["Lock", "Log out", "Café ☕", "Header"], "a TAB is part of the title")
            #expect(menu.items.map(\.icon) == ["system-lock-screen", "", "", ""])
            #expect(menu.items.map(\.enabled) == [true, true, true, false], "nonselectable")
            #expect(menu.items.map(\.id) == ["0", "1", "2", "3"], "a row's id is its index: the empty line is none")
        }
        #expect(plain.status == 0 && plain.output == "Lock\n" && plain.errors.isEmpty, "\(plain.summary)")

        let formatted = try await dmenu(
            daemon, ["-format", "i:d:s:q"], input: Self.rows, submit: Submission(ids: ["1"]))
        #expect(formatted.output == "1:2:Log\tout:'Log\tout'\n", "\(formatted.summary)")

        let custom = try await dmenu(
            daemon, ["-format", "s|i|d|q|f|F"], input: Self.rows,
            submit: Submission(ids: [], details: SubmitDetails(filter: "it's new", custom: true)))
        #expect(custom.status == 0, "\(custom.summary)")
        #expect(custom.output == #"it's new|-1|-1|'it'\''s new'|it's new|'it'\''s new'"# + "\n")

        let several = try await dmenu(
            daemon, ["-multi-select", "-format", "d"], input: Self.rows,
            submit: Submission(ids: ["2", "0"], details: SubmitDetails(filter: "o"))
        ) { menu in
            #expect(menu.picker.multi)
        }
        #expect(several.output == "1\n4\n", "one line a row, in menu order: \(several.summary)")

        let keyed = try await dmenu(
            daemon, ["-kb-custom-3", "Alt+3"], input: Self.rows,
            submit: Submission(ids: ["2"], details: SubmitDetails(key: 1))
        ) { menu in
            #expect(menu.picker.customKeys == ["Alt+3"])
        }
        #expect(keyed.status == 12, "-kb-custom-3 exits 12, as rofi: \(keyed.summary)")
        #expect(keyed.output == "Café ☕\n")

        let closed = try await dmenu(daemon, [], input: Self.rows, submit: nil)
        #expect(closed.status == 1 && closed.output.isEmpty && closed.errors.isEmpty, "\(closed.summary)")
    }

    @Test func theFlagsReachThePickerAndManyRowsMakeAList() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let many = (1...1000).map { "row \($0)\n" }.joined()
        let arguments = [
            "-p", "run", "-mesg", "pick one", "-filter", "row 9", "-selected-row", "9", "-no-custom",
            "--case-sensitive", "-sort", "-i",
        ]
        let chosen = try await dmenu(daemon, arguments, input: many, submit: Submission(ids: ["998"])) { menu in
            #expect(menu.layoutStyle == .list, "auto: a list beyond 8 rows")
            #expect(menu.items.isEmpty && menu.rowCount == 1000, "a list's rows come as a row table")
            var picker = PickerSettings()
            (picker.prompt, picker.message, picker.filter, picker.selected) = ("run", "pick one", "row 9", 9)
            (picker.custom, picker.caseSensitive, picker.sort) = (false, true, .score)
            #expect(menu.picker == picker)
        } inspectRows: { table in
            #expect(table.count == 1000 && table.title(998) == "row 999" && table.id(998) == "998")
        }
        #expect(chosen.status == 0 && chosen.output == "row 999\n", "\(chosen.summary)")
    }

    @Test func badInputIsRefusedBeforePetaldIsAsked() async throws {
        let noBus = ["--bus", "unix:path=/nonexistent/bus", "dmenu"]
        func run(_ script: String) async throws -> ExternalCommand {
            let command = ([Petalctl.path] + noBus).map(shellQuoted).joined(separator: " ")
            return try await ExternalCommand.running(["bash", "-c", "\(script) | \(command)"])
        }
        let empty = try await run("printf ''")
        #expect(empty.status == 1 && empty.errors.contains("no rows to choose from"), "as rofi: \(empty.summary)")
        let nul = try await run(#"printf 'ok\nbad\0row\n'"#)
        #expect(nul.status == 2 && nul.errors.contains("line 2 has a NUL byte"), "\(nul.summary)")
        let huge = try await run("{ echo ok; head -c 10485760 /dev/zero | tr '\\0' x; }")
        #expect(huge.status == 2 && huge.errors.contains("line 2 is over 64 KiB"), "\(huge.summary)")
        let long = try await run("{ echo ok; head -c 5000 /dev/zero | tr '\\0' x; }")
        #expect(long.status == 2 && long.errors.contains("line 2's title is 5000 bytes"), "\(long.summary)")
        let invalid = try await run(#"printf 'f\377o\nok\n'"#)
        #expect(invalid.status == 3, "read and repaired, then petald is sought: \(invalid.summary)")
        #expect(invalid.errors.hasPrefix("petalctl: 1 line is not UTF-8 (line 1)"), "\(invalid.summary)")
        let unknown = try await ExternalCommand.running([Petalctl.path] + noBus + ["--msg", "x"])
        #expect(unknown.status == 2 && unknown.errors.contains(#"did you mean "--mesg"?"#), "\(unknown.summary)")
    }
}
