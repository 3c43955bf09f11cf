import PetalAPI
import PetalCore
import TestSupport
import Testing

/// `petalctl dmenu` with a list, against the real petald: the rows go as a
/// row table in a sealed memfd, petald answers row indexes, and petalctl
/// prints the lines it read.
extension DmenuEndToEndTests {
    @Test func aListsRowsGoAsATableAndTheChosenLinesComeBack() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let list = ["--layout", "list"]

        let formatted = try await dmenu(
            daemon, list + ["-format", "i:d:s:q"], input: Self.rows, submit: Submission(ids: ["1"])
        ) { menu in
            #expect(menu.layoutStyle == .list)
            #expect(menu.items.isEmpty && menu.rowCount == 4, "the rows are a table, not items")
        } inspectRows: { table in
            #expect((0..<table.count).map(table.title) == ["Lock", "Log out", "Café ☕", "Header"])
            #expect((0..<table.count).map(table.icon) == ["system-lock-screen", "", "", ""])
            #expect((0..<table.count).map(table.isSelectable) == [true, true, true, false], "nonselectable")
            #expect((0..<table.count).map(table.id) == ["0", "1", "2", "3"], "known by their indexes")
        }
        #expect(formatted.status == 0, "\(formatted.summary)")
        #expect(formatted.output == "1:2:Log\tout:'Log\tout'\n", "the line as read, TAB and all")

        let several = try await dmenu(
            daemon, list + ["-multi-select", "-format", "i d s"], input: Self.rows,
            submit: Submission(ids: ["2", "0"], details: SubmitDetails(filter: "o")))
        #expect(several.status == 0, "\(several.summary)")
        #expect(several.output == "0 1 Lock\n3 4 Café ☕\n", "one line a row, in menu order; i and d count lines")

        let custom = try await dmenu(
            daemon, list + ["-format", "s|i|d|q|f|F"], input: Self.rows,
            submit: Submission(ids: [], details: SubmitDetails(filter: "it's new", custom: true)))
        #expect(custom.status == 0, "\(custom.summary)")
        #expect(custom.output == #"it's new|-1|-1|'it'\''s new'|it's new|'it'\''s new'"# + "\n")

        let json = try await dmenu(
            daemon, list + ["-kb-custom-2", "Alt+2"], input: Self.rows,
            submit: Submission(ids: ["0"], details: SubmitDetails(filter: "lo", key: 1)))
        #expect(json.status == 11, "-kb-custom-2 exits 11: \(json.summary)")
        #expect(json.output == "Lock\n")
    }

    @Test func aListsIdsAreRowIndexesAndEmptyLinesStillCount() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let input = "\n\nfirst\n\nsecond\0info\u{1F}two\nthird"
        let chosen = try await dmenu(
            daemon, ["--layout", "list", "-format", "i:d:s"], input: input, submit: Submission(ids: ["1"])
        ) { menu in
            #expect(menu.rowCount == 3)
        }
        #expect(chosen.status == 0, "\(chosen.summary)")
        #expect(chosen.output == "4:5:second\n", "row 1 is line 5: empty lines are no rows but count")
    }
}
