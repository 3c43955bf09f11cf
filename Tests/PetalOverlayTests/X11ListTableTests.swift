import DBus
import Foundation
import Linux
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// The `list` layout on X11 with its rows in a row table (docs/overlay.md,
/// "The list layout"): a `PickFrom` of 100,000 rows sent as a sealed memfd,
/// which petald serves through `GetRows` and the overlay draws and filters
/// straight from the table; the answer's ids are the rows' (their indices
/// unless they have ids of their own).
@Suite(.serialized, .timeLimit(.minutes(5))) struct X11ListTableTests {
    static let json = #"{ "picker": { "prompt": "run", "multi": true } }"#
    /// Where one row among the many can be found: its index, its own id, and its title and meta words.
    static let needle = (row: 77_777, id: "knife", title: "Gamma knife", meta: "surgery")

    /// 100,000 rows, known by their indices but for ``needle``, the last one shown but not choosable.
    static func rows() -> [UInt8] {
        let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
        var builder = RowTableBuilder()
        for index in 0..<100_000 {
            if index == needle.row {
                builder.append(id: needle.id, title: needle.title, icon: "applications-science", meta: needle.meta)
            } else {
                builder.append(
                    title: "\(words[index % 8]) \(words[(index / 8) % 8]) \(index)", selectable: index != 99_999)
            }
        }
        return builder.encoded()
    }

    func session() async throws -> (OverlaySession, XvfbDisplay) {
        try await OverlaySession.start { try await XvfbDisplay(width: 1024, height: 600, compositor: false) }
    }

    /// Calls `PickFrom` with the rows in a sealed memfd and waits until its list is on screen.
    func pick(in session: OverlaySession, _ display: XvfbDisplay) async throws -> Task<PickAnswer, any Error> {
        let caller = PetalClient(connection: try DBusConnection.connect(to: .address(session.daemon.bus.address)))
        let rows = try SealedMemory.make(name: "petal-test-rows", bytes: Self.rows())
        let answer = Task { try await caller.pickFrom(Self.json, timeout: 30, rows: rows) }
        // The window is 640 wide, centred: its left padding is at x = 192 + 3.
        try await display.waitForPixel(x: 195, y: 300, toBe: X11ListTests.panel, within: .seconds(20))
        return answer
    }

    @Test func typedWordsFilterTheTableAndEnterAnswersWithTheRowsID() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let answer = try await pick(in: session, display)
        // A meta word, then a word of the title: the row is found among 100,000 by both.
        try await display.type("surg")
        try await Task.sleep(for: .milliseconds(300))
        _ = try await display.screenshot(savingAs: "list-table-filter")
        try await display.type(" kni")
        try await display.press(.return)
        let picked = try await answer.value
        #expect(
            picked == PickAnswer(ids: [Self.needle.id], filter: "surg kni"), "overlay log:\n\(session.overlay.log)")
        try await display.waitForPixel(x: 195, y: 300, toBe: OverlaySession.background)
    }

    /// Rows known by their index answer with it; moving and marking need no fold of the rows.
    @Test func marksAnswerWithTheRowsIndicesAndTheirNumbersFilter() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let answer = try await pick(in: session, display)
        try await display.xdotool(["key", "ctrl+space"])
        try await display.press(.down)
        try await display.xdotool(["key", "ctrl+space"])
        try await display.type("delta hotel 9999")
        try await display.press(.down)
        // "delta hotel 9999" finds rows 19,999, 59,999 and 99,999: the second is marked.
        try await display.xdotool(["key", "ctrl+space"])
        try await display.press(.return)
        let picked = try await answer.value
        #expect(
            picked == PickAnswer(ids: ["0", "2", "59999"], filter: "delta hotel 9999"),
            "overlay log:\n\(session.overlay.log)")
    }
    /// Keys typed once the overlay has taken the keyboard for the opening
    /// menu, before `GetRows` has brought the rows and the window is on
    /// screen, reach the filter whole and in order.
    @Test func keysTypedBeforeTheRowsComeReachTheFilterWhole() async throws {
        let (session, display) = try await session()
        defer { session.stop() }
        let opening = try await session.daemon.client.signals(
            MatchRule(sender: RunningDaemon.name.rawValue, interface: "org.petal.Petal1.Menu", member: "StateChanged"))
        let caller = PetalClient(connection: try DBusConnection.connect(to: .address(session.daemon.bus.address)))
        let rows = try SealedMemory.make(name: "petal-test-rows", bytes: Self.rows())
        let answer = Task { try await caller.pickFrom(Self.json, timeout: 30, rows: rows) }
        for await signal in opening where signal.path != RunningDaemon.path.rawValue { break }
        // From the moment the overlay has taken the keyboard (X11ListTests says why not sooner).
        try await session.overlay.waitForLog("the keyboard is taken, before its window is made")
        try await display.xdotool(["type", "--delay", "1", "gamma kn"])
        try await display.press(.return)
        let picked = try await answer.value
        #expect(picked == PickAnswer(ids: [Self.needle.id], filter: "gamma kn"), "overlay log:\n\(session.overlay.log)")
        #expect(session.window.keys.isEmpty, "the window below got \(session.window.keys)")
    }
}
