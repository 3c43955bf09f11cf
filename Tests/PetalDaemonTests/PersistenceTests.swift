import DBus
import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing

@testable import PetalDaemon

/// Toggle selections across restarts (docs/configuration.md): saved before the reply,
/// whole or not at all even when the daemon is killed mid-save, a corrupt
/// file moved aside, stale temporary files removed, `StateNotSaved` when the
/// disk refuses, and an unusable state folder leaving the daemon running.
///
/// Each test gives the daemon its own `XDG_STATE_HOME`. Failures are made so
/// that root meets them too: the state folder swapped for a regular file
/// (`ENOTDIR`), or made immutable with `chattr +i` where that works.
@Suite struct PersistenceTests {
    let home: StateFolder
    var environment: [String: String] { ["XDG_STATE_HOME": home.path] }
    var folder: String { home.file("petal") }
    var stateFile: String { home.file("petal/state.json") }

    init() throws { home = try StateFolder() }

    /// What the state file holds now.
    var saved: SelectionFile.Contents { SelectionFile.load(stateFile) }

    /// The names in the state folder, sorted.
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    @Test func selectionsSurviveARestart() async throws {
        var daemon = try await RunningDaemon(environment: environment)
        try await daemon.openMenu()
        #expect(try await daemon.activate("like").entries["selected"] == .boolean(true))
        #expect(saved == .loaded(["main": ["like": true]]))
        daemon.stop()

        daemon = try await RunningDaemon(environment: environment)
        #expect(try await daemon.item("like")?.selected == true)
        try await daemon.openMenu()
        #expect(try await daemon.activate("like").entries["selected"] == .boolean(false))
        daemon.stop()

        daemon = try await RunningDaemon(environment: environment)
        defer { daemon.stop() }
        #expect(try await daemon.item("like")?.selected == false)
        #expect(saved == .loaded(["main": ["like": false]]))
    }

    /// strace on every thread of `daemon`, injecting `fault` into its fsync calls.
    private func injectFsync(_ fault: String, into daemon: RunningDaemon) async throws -> BackgroundProcess {
        try await injectFault(
            fault, into: "fsync", ofProcess: daemon.process.processIdentifier,
            logFile: URL(fileURLWithPath: home.file("strace.log")))
    }

    /// A toggle's save syncs off the event loop: with each fsync taking 4 s,
    /// another caller is answered at once, and the toggle once it is durable.
    @Test func aSlowSaveHoldsUpOnlyItsOwnCaller() async throws {
        let daemon = try await RunningDaemon(environment: environment)
        defer { daemon.stop() }
        let strace = try await injectFsync("delay_exit=4000000", into: daemon)
        defer { strace.stop() }
        try await daemon.openMenu()
        let toggled = Task { try await daemon.activate("like", timeout: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(300))  // the activation is in, its save under way
        let asked = ContinuousClock.now
        #expect(try await daemon.state() == "expanded")
        let waited = ContinuousClock.now - asked
        // Half of one delayed fsync: on the loop, the call would have waited for at least a whole one.
        #expect(waited < .seconds(2), "Get(State) waited \(waited) for the toggle's fsync")
        #expect(try await toggled.value.entries["selected"] == .boolean(true))
        #expect(saved == .loaded(["main": ["like": true]]))
    }

    /// The folder's fsync fails after the new file is in place: the old
    /// selections are written back, so disk and memory both still say "not
    /// selected", and the caller is told so.
    @Test func aFailedFolderSyncPutsTheOldSelectionsBack() async throws {
        let daemon = try await RunningDaemon(environment: environment)
        defer { daemon.stop() }
        let strace = try await injectFsync("error=EIO:when=2", into: daemon)
        defer { strace.stop() }
        try await daemon.openMenu()
        let refusal = await expectPetalError("StateNotSaved") { try await daemon.activate("like") }
        #expect(refusal?.message.contains("fsync of the folder failed") == true, "\(String(describing: refusal))")
        #expect(refusal?.message.contains("it stays unselected") == true, "\(String(describing: refusal))")
        #expect(try await daemon.item("like")?.selected == false)
        #expect(saved == .loaded([:]), "the file says otherwise: \(saved)")
        #expect(try await daemon.state() == "expanded", "a refused activation closed the menu")
        #expect(try await daemon.activate("like").entries["selected"] == .boolean(true))
        #expect(saved == .loaded(["main": ["like": true]]))
    }

    @Test func aCorruptFileIsMovedAsideAndTheDaemonStartsWithDefaults() async throws {
        #expect(mkdir(folder, 0o700) == 0)
        try home.write("petal/state.json", #"{"version": 1, "selected": {"like": tru"#)
        let daemon = try await RunningDaemon(environment: environment)
        defer { daemon.stop() }

        #expect(try await daemon.item("like")?.selected == false)
        let asides = names.filter { $0.hasPrefix("state.json.corrupt-") }
        #expect(asides.count == 1)
        #expect(asides.first.flatMap { home.read("petal/\($0)") } == #"{"version": 1, "selected": {"like": tru"#)
        #expect(daemon.log.contains("\(stateFile) is corrupt"), "\(daemon.log)")

        try await daemon.openMenu()
        _ = try await daemon.activate("like")
        #expect(saved == .loaded(["main": ["like": true]]))
    }

    @Test func staleTemporaryFilesAreRemovedAtStart() async throws {
        #expect(mkdir(folder, 0o700) == 0)
        try home.write("petal/state.json", #"{"version": 1, "selected": {"like": true}}"#)
        try home.write("petal/state.json.tmp-99999-3", #"{"version": 1, "sel"#)
        let daemon = try await RunningDaemon(environment: environment)
        defer { daemon.stop() }

        #expect(try await daemon.item("like")?.selected == true)
        #expect(!names.contains { $0.hasPrefix("state.json.tmp-") }, "\(names)")
    }

    /// The state folder swapped for a regular file while the daemon runs: the save fails, even as root.
    @Test func aFailedSaveAnswersStateNotSavedAndKeepsTheSelection() async throws {
        let daemon = try await RunningDaemon(environment: environment)
        defer { daemon.stop() }
        try await daemon.openMenu()
        #expect(rename(folder, folder + ".aside") == 0)
        #expect(FileManager.default.createFile(atPath: folder, contents: Data("in the way".utf8)))

        let error = await expectPetalError("StateNotSaved") { try await daemon.activate("like") }
        #expect(error?.message.contains(stateFile) == true, "\(error?.message ?? "")")
        #expect(try await daemon.item("like")?.selected == false)

        #expect(unlink(folder) == 0 && rename(folder + ".aside", folder) == 0)
        if try await daemon.state() != "expanded" { try await daemon.openMenu() }
        #expect(try await daemon.activate("like").entries["selected"] == .boolean(true))
        #expect(saved == .loaded(["main": ["like": true]]))
    }

    @Test func aStateFolderThatIsAFileLeavesSelectionsInMemory() async throws {
        try home.write("petal", "not a folder")
        try await expectSelectionsInMemory()
    }

    @Test(.enabled(if: StateFolder.immutableFoldersWork, "chattr +i is not supported here"))
    func aReadOnlyStateFolderLeavesSelectionsInMemory() async throws {
        #expect(mkdir(folder, 0o700) == 0)
        #expect(StateFolder.chattr("+i", folder))
        defer { StateFolder.chattr("-i", folder) }
        try await expectSelectionsInMemory()
        #expect(names.isEmpty)
    }

    /// The daemon runs, says that selections stay in memory, and toggles still work.
    private func expectSelectionsInMemory() async throws {
        let daemon = try await RunningDaemon(environment: environment)
        defer { daemon.stop() }
        #expect(daemon.log.contains("selections are kept in memory only: "), "\(daemon.log)")
        try await daemon.openMenu()
        #expect(try await daemon.activate("like").entries["selected"] == .boolean(true))
        #expect(try await daemon.item("like")?.selected == true)
    }

    /// SIGKILL at random moments while toggles are being saved: the file always parses and
    /// the next start shows what it holds. In every fourth round the toggling stops before the
    /// kill, so the file must hold the last selection a reply announced (saved before the reply).
    @Test(.timeLimit(.minutes(3)))
    func killedWhileSavingTheFileIsWholeAndOldOrNew() async throws {
        let environment = environment.merging(["PETAL_TEST_OPEN": "0", "PETAL_TEST_CLOSE": "0"]) { _, new in new }
        var replied: Bool?
        for round in 0..<20 {
            let daemon = try await RunningDaemon(environment: environment)
            let onDisk: Bool
            switch saved {
            case .missing: onDisk = false
            case .loaded(let selections):
                let main = selections["main"] ?? [:]
                onDisk = try #require(main["like"] as Bool?, "round \(round): \(selections)")
            case let other:
                Issue.record("round \(round): the state file is \(other)")
                daemon.stop(signal: SIGKILL)
                return
            }
            if let replied {
                #expect(onDisk == replied, "round \(round): a reply announced \(replied), the file holds \(onDisk)")
            }
            #expect(try await daemon.item("like")?.selected == onDisk, "round \(round)")
            #expect(
                !names.contains { $0.hasPrefix("state.json.tmp-") || $0.contains("corrupt") },
                "round \(round): \(names)")

            let toggler = try Toggler(daemon)
            let running = Task { await toggler.run() }
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...80)))
            let quiet = round % 4 == 3
            if quiet {
                toggler.stopping.store(true, ordering: .relaxed)
                await running.value
            }
            kill(daemon.process.processIdentifier, SIGKILL)
            // The bus answers the call in flight with NoReply once the daemon is gone.
            await running.value
            daemon.stop()
            toggler.connection.close()
            replied = quiet ? toggler.lastReply.withLock { $0 } ?? onDisk : nil
        }
        #expect(
            [.missing, .loaded(["main": ["like": true]]), .loaded(["main": ["like": false]])].contains(saved),
            "\(saved)")
    }
}

/// Opens the menu and activates "like" over and over, remembering the selection the last reply announced.
///
/// It has a connection of its own, closed only once `run` has returned: a call in flight when a
/// connection is closed is never answered, so the daemon's own client must not carry these calls.
private final class Toggler: Sendable {
    let daemon: RunningDaemon
    let connection: DBusConnection
    let stopping = Atomic<Bool>(false)
    let lastReply = Mutex<Bool?>(nil)

    init(_ daemon: RunningDaemon) throws {
        self.daemon = daemon
        connection = try daemon.connectClient()
    }

    func run() async {
        while !stopping.load(ordering: .relaxed) {
            _ = try? await daemon.call(RunningDaemon.menu, "Open", from: connection, timeout: .seconds(2))
            do {
                let reply = try await daemon.call(
                    RunningDaemon.menu, "Activate", [.string("like")], from: connection,
                    timeout: .seconds(2)
                ).first
                lastReply.withLock { $0 = reply?.entries["selected"]?.boolValue }
            } catch let error as DBusError where error.name.hasPrefix(petalErrorPrefix) {
                continue  // NotExpanded while the menu opens: try again.
            } catch {
                return  // The daemon is gone.
            }
        }
    }
}
