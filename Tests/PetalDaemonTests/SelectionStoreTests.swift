import Foundation
import Glibc
import Linux
import Testing

@testable import PetalDaemon
@testable import PetalPluginRuntime

/// The toggle selections' file (docs/configuration.md): read at start, saved whole, a
/// corrupt file moved aside and never overwritten, stale temporary files
/// removed, and an unusable folder leaving selections in memory, said so.
struct SelectionStoreTests {
    let log = Logger(threshold: .error, journal: false)

    @Test func startsEmptyAndSavesWhatTheNextStartReads() throws {
        let folder = try StateFolder()
        let store = SelectionStore(directory: folder.path, log: log)
        #expect(store.selections.isEmpty)
        #expect(store.isPersistent)
        #expect(store.status == "selections are saved in \(folder.file("state.json"))")

        try store.save(["like": true, "bell": false], of: "main")
        #expect(store.selections["main"] == ["like": true, "bell": false])
        #expect(
            folder.read("state.json")
                == "{\n  \"version\": 2,\n  \"selected\": {\n    \"main\": {\n      \"bell\": false,\n      \"like\": true\n    }\n  }\n}\n"
        )
        #expect(folder.mode("state.json") == 0o600)
        #expect(folder.names() == ["state.json"])

        let next = SelectionStore(directory: folder.path, log: log)
        #expect(next.selections["main"] == ["like": true, "bell": false])
        #expect(next.isPersistent)
    }

    @Test func ignoresUnknownTopLevelKeys() throws {
        let folder = try StateFolder()
        try folder.write("state.json", #"{"selected": {"like": true}, "version": 1, "later": [1, 2]}"#)
        #expect(SelectionStore(directory: folder.path, log: log).selections["main"] == ["like": true])
    }

    @Test func aVersion1FileIsTheMainMenusAndIsWrittenAsVersion2OnTheNextChange() throws {
        let folder = try StateFolder()
        try folder.write("state.json", #"{"version": 1, "selected": {"like": true, "bell": false}}"#)
        let store = SelectionStore(directory: folder.path, log: log)
        #expect(store.isPersistent)
        #expect(store.selections == ["main": ["like": true, "bell": false]])
        #expect(folder.read("state.json")?.contains(#""version": 1"#) == true, "read, not rewritten")
        try store.save(["wifi": true], of: "power")
        let written = SelectionStore(directory: folder.path, log: log)
        #expect(written.selections == ["main": ["like": true, "bell": false], "power": ["wifi": true]])
        #expect(folder.read("state.json")?.contains(#""version": 2"#) == true)
    }

    @Test func eachMenuKeepsItsOwnSelections() throws {
        let folder = try StateFolder()
        let store = SelectionStore(directory: folder.path, log: log)
        try store.save(["like": true], of: "main")
        try store.save(["like": false], of: "apps")
        try store.save(["like": true, "star": true], of: "apps")
        #expect(store.selections == ["main": ["like": true], "apps": ["like": true, "star": true]])
        #expect(SelectionStore(directory: folder.path, log: log).selections == store.selections)
    }

    static let corruptFiles = [
        "", "{\"version\": 1, \"selected\": {\"like\": tr", "[true]", "{\"selected\": {}}",
        "{\"version\": \"1\", \"selected\": {}}",
        "{\"version\": 1}", "{\"version\": 1, \"selected\": [\"like\"]}",
        "{\"version\": 1, \"selected\": {\"like\": 1}}",
        "{\"version\": 2, \"selected\": {\"main\": true}}",
        "{\"version\": 2, \"selected\": {\"main\": {\"like\": \"yes\"}}}",
        "\u{FF}\u{FE}garbage",
    ]

    @Test(arguments: corruptFiles)
    func corruptFileIsMovedAsideAndTheStoreStartsEmpty(_ text: String) throws {
        let folder = try StateFolder()
        try folder.write("state.json", text)
        let before = time(nil)
        let store = SelectionStore(directory: folder.path, log: log)
        let after = time(nil)

        #expect(store.selections.isEmpty)
        #expect(store.isPersistent)
        let names = folder.names()
        try #require(names.count == 1, "\(names)")
        let stamp = try #require(names[0].split(separator: "-").last.flatMap { Int(String($0)) })
        #expect(names[0] == "state.json.corrupt-\(stamp)")
        #expect((before...after).contains(stamp))
        #expect(folder.read(names[0]) == text, "the corrupt file is kept as it was")

        try store.save(["like": true], of: "main")
        #expect(folder.read(names[0]) == text)
        #expect(folder.names().count == 2)
    }

    @Test func aSecondCorruptFileDoesNotReplaceTheFirst() throws {
        let folder = try StateFolder()
        try folder.write("state.json.corrupt-\(time(nil))", "first")
        try folder.write("state.json.corrupt-\(time(nil) + 1)", "first, a second later")
        try folder.write("state.json", "second")
        _ = SelectionStore(directory: folder.path, log: log)

        let asides = folder.names().filter { $0.hasPrefix("state.json.corrupt-") }
        #expect(asides.count == 3, "\(asides)")
        #expect(Set(asides.compactMap { folder.read($0) }) == ["first", "first, a second later", "second"])
        #expect(!folder.names().contains("state.json"))
    }

    @Test func staleTemporariesAreRemovedAtStart() throws {
        let folder = try StateFolder()
        try folder.write("state.json", #"{"version": 1, "selected": {"like": true}}"#)
        try folder.write("state.json.tmp-4242-7", #"{"version": 1, "sel"#)
        try folder.write("state.json.tmp-4242-probe", "")
        let store = SelectionStore(directory: folder.path, log: log)
        #expect(store.selections["main"] == ["like": true])
        #expect(folder.names() == ["state.json"])
    }

    @Test func aFileOfAnUnknownVersionIsLeftAlone() throws {
        let folder = try StateFolder()
        let text = #"{"version": 3, "selected": {"like": "very"}}"#
        try folder.write("state.json", text)
        let store = SelectionStore(directory: folder.path, log: log)
        #expect(!store.isPersistent)
        #expect(
            store.status.hasPrefix("selections are kept in memory only: \(folder.file("state.json")) has version 3"))
        try store.save(["like": true], of: "main")
        #expect(store.selections["main"] == ["like": true])
        #expect(folder.read("state.json") == text)
    }

    @Test func anUnreadableStateFileIsLeftAlone() throws {
        let folder = try StateFolder()
        #expect(mkdir(folder.file("state.json"), 0o700) == 0)
        let store = SelectionStore(directory: folder.path, log: log)
        #expect(!store.isPersistent)
        #expect(
            store.status
                == "selections are kept in memory only: \(folder.file("state.json")) is a directory, not a regular file; it is left as it is"
        )
    }

    /// Opening a FIFO for reading waits for a writer: at start-up that was for ever.
    @Test(.timeLimit(.minutes(1))) func aFIFOIsLeftAloneWithoutWaitingForAWriter() throws {
        let folder = try StateFolder()
        #expect(mkfifo(folder.file("state.json"), 0o600) == 0)
        let store = SelectionStore(directory: folder.path, log: log)
        #expect(!store.isPersistent)
        #expect(
            store.status
                == "selections are kept in memory only: \(folder.file("state.json")) is a FIFO, not a regular file; it is left as it is"
        )
    }

    @Test func noFolderMeansMemoryOnly() throws {
        let store = SelectionStore(directory: nil, log: log)
        #expect(!store.isPersistent)
        #expect(store.status == "selections are kept in memory only: there is no state folder")
        try store.save(["like": true], of: "main")
        #expect(store.selections["main"] == ["like": true])
    }

    /// A regular file where the folder should be: even root cannot create files in it.
    @Test func aFolderThatIsAFileMeansMemoryOnly() throws {
        let folder = try StateFolder()
        try folder.write("petal", "not a folder")
        let store = SelectionStore(directory: folder.file("petal"), log: log)
        #expect(!store.isPersistent)
        #expect(store.status.hasPrefix("selections are kept in memory only: "))
        #expect(store.status.contains(folder.file("petal")))
        try store.save(["like": true], of: "main")
        #expect(store.selections["main"] == ["like": true])
    }

    @Test func aRemovedFolderMeansMemoryOnly() throws {
        let folder = try StateFolder()
        let store = SelectionStore(directory: folder.file("gone"), log: log)
        #expect(!store.isPersistent)
        #expect(
            store.status
                == "selections are kept in memory only: \(folder.file("gone")) does not exist (petald creates it at start; something has removed it since)",
            "a missing folder is not a read-only one: \(store.status)")
    }

    /// A truly read-only folder, which root cannot write either: its selections are still read.
    @Test(.enabled(if: StateFolder.immutableFoldersWork, "chattr +i is not supported here"))
    func anImmutableFolderIsReadButKeptInMemory() throws {
        let folder = try StateFolder()
        let text = #"{"version": 1, "selected": {"like": true}}"#
        try folder.write("state.json", text)
        try folder.whileImmutable {
            let store = SelectionStore(directory: folder.path, log: log)
            #expect(store.selections["main"] == ["like": true])
            #expect(!store.isPersistent)
            #expect(
                store.status
                    == "selections are kept in memory only: \(folder.path) is read-only (Operation not permitted)")
            try store.save(["like": false], of: "main")
            #expect(store.selections["main"] == ["like": false])
        }
        #expect(folder.read("state.json") == text)
    }

    /// The folder swapped for a file after start: the save throws and nothing changes, in memory or on disk.
    @Test func aFailedSaveLeavesTheSelectionsAsTheyWere() throws {
        let folder = try StateFolder()
        let store = SelectionStore(directory: folder.path, log: log)
        try store.save(["like": true], of: "main")
        let saved = folder.read("state.json")

        try folder.swapForFile {
            let failure = #expect(throws: SelectionStore.SaveFailure.self) {
                try store.save(["like": false], of: "main")
            }
            #expect(failure?.description == "cannot save \(folder.file("state.json")): open failed: Not a directory")
            #expect(store.selections["main"] == ["like": true])
        }
        #expect(folder.read("state.json") == saved)
        #expect(folder.names() == ["state.json"])
        try store.save(["like": false], of: "main")
        #expect(SelectionStore(directory: folder.path, log: log).selections["main"] == ["like": false])
    }
}
