import Foundation
import Glibc
import Testing

@testable import PetalDaemon

/// Petal's atomic writer (docs/configuration.md): the new bytes or the old, mode 0600, no
/// temporary file left behind, and failures that name the file and the call.
///
/// The tests run as root, which ignores permission bits, so failures are made
/// in ways root cannot bypass: the folder swapped for a regular file after the
/// fact (`ENOTDIR`), a directory standing where the target goes (`rename`
/// fails), and, where the file system supports it, an immutable folder
/// (`chattr +i`, which refuses even root with `EPERM`).
struct AtomicFileTests {
    @Test func writesTheBytesWithMode0600AndLeavesNoTemporaryFile() throws {
        let folder = try StateFolder()
        let target = folder.file("state.json")
        try folder.write("state.json", "old, and readable by all")
        chmod(target, 0o644)

        try AtomicFile.write(Array("new".utf8), to: target)
        #expect(folder.read("state.json") == "new")
        #expect(folder.mode("state.json") == 0o600)
        #expect(folder.names() == ["state.json"])

        try AtomicFile.write([], to: target)
        #expect(folder.read("state.json") == "")
        #expect(folder.names() == ["state.json"])
    }

    @Test func concurrentWritesEachLeaveAWholeFile() async throws {
        let folder = try StateFolder()
        let target = folder.file("state.json")
        let contents = (0..<16).map { String(repeating: Character(UnicodeScalar(UInt8(97 + $0))), count: 50_000) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for text in contents {
                group.addTask { try AtomicFile.write(Array(text.utf8), to: target) }
            }
            try await group.waitForAll()
        }
        #expect(contents.contains(folder.read("state.json") ?? ""))
        #expect(folder.names() == ["state.json"])
    }

    /// The folder is moved away and a regular file put in its place: `open` of the temporary file fails.
    @Test func failureNamesThePathAndTheCallAndKeepsTheOldFile() throws {
        let folder = try StateFolder()
        let target = folder.file("state.json")
        try folder.write("state.json", "old")

        try folder.swapForFile {
            let failure = #expect(throws: AtomicFile.Failure.self) {
                try AtomicFile.write(Array("new".utf8), to: target)
            }
            #expect(failure?.call == "open")
            #expect(failure?.errno == ENOTDIR)
            #expect(failure?.path == target)
            #expect(failure?.description == "cannot save \(target): open failed: Not a directory")
        }
        #expect(folder.read("state.json") == "old")
        #expect(folder.names() == ["state.json"])
    }

    /// A non-empty directory where the target goes: every step succeeds but `rename`.
    @Test func failedRenameRemovesTheTemporaryFile() throws {
        let folder = try StateFolder()
        let target = folder.file("state.json")
        #expect(mkdir(target, 0o700) == 0)
        try folder.write("state.json/inside", "kept")

        let failure = #expect(throws: AtomicFile.Failure.self) { try AtomicFile.write(Array("new".utf8), to: target) }
        #expect(failure?.call == "rename")
        #expect(failure?.description.hasPrefix("cannot save \(target): rename failed: ") == true)
        #expect(folder.names() == ["state.json"])
        #expect(folder.read("state.json/inside") == "kept")
    }

    @Test(.enabled(if: StateFolder.immutableFoldersWork, "chattr +i is not supported here"))
    func immutableFolderRefusesEvenRoot() throws {
        let folder = try StateFolder()
        let target = folder.file("state.json")
        try folder.write("state.json", "old")

        try folder.whileImmutable {
            let failure = #expect(throws: AtomicFile.Failure.self) {
                try AtomicFile.write(Array("new".utf8), to: target)
            }
            #expect(failure?.call == "open")
            #expect(failure?.errno == EPERM)
        }
        #expect(folder.read("state.json") == "old")
        #expect(folder.names() == ["state.json"])
    }

    @Test func removesOnlyTheTargetsStaleTemporaries() throws {
        let folder = try StateFolder()
        for name in [
            "state.json", "state.json.tmp-123-4", "state.json.tmp-9-probe", "state.json.corrupt-1700000000",
            "other.json.tmp-1-1", "state.jsonx.tmp-1-1", "xstate.json.tmp-1-1",
        ] {
            try folder.write(name, "x")
        }
        #expect(AtomicFile.removeStaleTemporaries(of: folder.file("state.json")) == 2)
        #expect(
            folder.names() == [
                "other.json.tmp-1-1", "state.json", "state.json.corrupt-1700000000",
                "state.jsonx.tmp-1-1", "xstate.json.tmp-1-1",
            ])
        #expect(AtomicFile.removeStaleTemporaries(of: folder.file("state.json")) == 0)
        #expect(AtomicFile.removeStaleTemporaries(of: folder.file("gone/state.json")) == 0)
    }

    @Test func splitsPaths() {
        #expect(AtomicFile.split("/a/b/state.json") == ("/a/b", "state.json"))
        #expect(AtomicFile.split("/state.json") == ("/", "state.json"))
        #expect(AtomicFile.split("state.json") == (".", "state.json"))
        #expect(AtomicFile.join("/", "x") == "/x")
        #expect(AtomicFile.join("/a", "x") == "/a/x")
    }
}

/// A fresh folder under the temporary directory, removed when the test ends.
final class StateFolder: @unchecked Sendable {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "petal-state-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        path = String(cString: made)
    }

    deinit {
        _ = Self.chattr("-i", path)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` in the folder.
    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    }

    /// The file's text, or nil if it cannot be read.
    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The folder's entries, sorted.
    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// The permission bits of `name`.
    func mode(_ name: String) -> mode_t? {
        var info = stat()
        return stat(file(name), &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    /// Runs `body` while the folder is moved aside and a regular file stands at its path; then puts it back.
    func swapForFile(_ body: () throws -> Void) throws {
        let aside = path + ".aside"
        guard rename(path, aside) == 0 else { throw POSIXError(.EIO) }
        _ = FileManager.default.createFile(atPath: path, contents: Data("not a folder".utf8))
        defer {
            unlink(path)
            rename(aside, path)
        }
        try body()
    }

    /// Runs `body` while the folder is immutable (`chattr +i`): nothing can be created, renamed or removed in it.
    func whileImmutable(_ body: () throws -> Void) throws {
        guard Self.chattr("+i", path) else { throw POSIXError(.EPERM) }
        defer { _ = Self.chattr("-i", path) }
        try body()
    }

    /// Whether `chattr +i` works here (it needs a file system with the flag and CAP_LINUX_IMMUTABLE).
    static let immutableFoldersWork: Bool = {
        guard let folder = try? StateFolder() else { return false }
        guard chattr("+i", folder.path) else { return false }
        let blocked = mkdir(folder.file("probe"), 0o700) != 0
        _ = chattr("-i", folder.path)
        return blocked
    }()

    @discardableResult
    static func chattr(_ flag: String, _ path: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
