import DBus
import Glibc
import TestSupport
import Testing

/// docs/plugins.md "Folders": the plugin file, its folder and every folder above it
/// must belong to root or petald's user and be writable by nobody else, except
/// that a folder above the plugin's own may be writable by others when it is
/// sticky and belongs to root. The tests run as root, petald's user there, so
/// "another user" is a folder given to uid 65534 with chown.
@Suite struct FolderRuleTests {
    /// One folder layout under the lab: the folders to make, and how petald must treat the plugin.
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        /// Folders to make, outermost first: (name under the lab's root, mode, owner).
        let folders: [(name: String, mode: mode_t, owner: uid_t)]
        /// Whether the plugin in the last folder loads.
        let loads: Bool
        /// Texts the reason must contain; `@` stands for the real path of the lab's root.
        let reason: [String]
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "a 0777 folder above the plugin's", folders: [("open", 0o777, 0), ("open/plugins", 0o755, 0)],
            loads: false,
            reason: [
                "the folder @/open (above the plugin's folder) is writable by other users (owner root, mode 777)",
                "run chmod go-w @/open", "only when it is sticky and belongs to root",
            ]),
        Case(
            label: "a group-writable folder two levels up",
            folders: [("team", 0o775, 0), ("team/a", 0o755, 0), ("team/a/plugins", 0o755, 0)],
            loads: false,
            reason: ["the folder @/team (above the plugin's folder) is writable by other users (owner root, mode 775)"]),
        Case(
            label: "a sticky 1777 folder above, owned by root",
            folders: [("shared", 0o1777, 0), ("shared/plugins", 0o755, 0)],
            loads: true, reason: []),
        Case(
            label: "a sticky 1777 folder above, owned by another user",
            folders: [("theirs", 0o1777, 65534), ("theirs/plugins", 0o755, 0)],
            loads: false,
            reason: [
                "the folder @/theirs (above the plugin's folder) belongs to uid 65534 (mode 1777)",
                "run chown root @/theirs",
            ]),
        Case(
            label: "a folder above owned by another user",
            folders: [("lent", 0o755, 65534), ("lent/plugins", 0o755, 0)],
            loads: false,
            reason: [
                "the folder @/lent (above the plugin's folder) belongs to uid 65534 (mode 755)",
                "it must belong to root or to petald's user",
            ]),
        Case(
            label: "the plugin's own folder 1777, owned by root", folders: [("drop", 0o1777, 0)],
            loads: false,
            reason: [
                "the folder @/drop is writable by other users (owner root, mode 1777)", "run chmod go-w @/drop",
                "may not be writable by others, even with the sticky bit",
            ]),
    ]

    @Test(.enabled(if: getuid() == 0, "only root can give a folder to another user"), arguments: cases)
    func folderChainIsChecked(_ layout: Case) async throws {
        let lab = try PluginLab()
        for folder in layout.folders {
            let path = try lab.folder(folder.name, mode: folder.mode)
            guard chown(path, folder.owner, 0) == 0 else {
                throw LabError("chown \(path): \(String(cString: strerror(errno)))")
            }
        }
        let folder = lab.root + "/" + layout.folders.last!.name
        let path = try lab.compile("good", into: folder, as: "good.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }

        let row = try #require(try await daemon.plugin(at: path))
        #expect(row.status == (layout.loads ? "loaded" : "failed"), "\(row)")
        let root = try Self.realPath(lab.root)
        for text in layout.reason {
            let wanted = text.replacingOccurrences(of: "@", with: root)
            #expect(row.reason.contains(wanted), "\(row)\nwanted: \(wanted)")
        }
        try await daemon.expectServing(loaded: layout.loads ? ["phone", "good"] : ["phone"])
    }

    /// A folder reached through a symbolic link is judged by where it really is:
    /// the link is followed once, and the folders checked are those above its target.
    @Test func aLinkedFolderIsJudgedByTheFoldersAboveItsTarget() async throws {
        let lab = try PluginLab()
        try lab.folder("open", mode: 0o777)
        let hidden = try lab.folder("open/plugins")
        try lab.compile("good", into: hidden, as: "good.so")
        let link = lab.root + "/tidy"
        guard symlink(hidden, link) == 0 else { throw LabError("symlink: \(String(cString: strerror(errno)))") }
        let daemon = try await lab.start([link])
        defer { daemon.stop() }

        let rows = try await daemon.plugins()
        let row = try #require(rows.first { $0.path == link + "/good.so" }, "\(rows)")
        #expect(row.status == "failed", "\(row)")
        #expect(
            row.reason.contains(
                "the folder \(try Self.realPath(lab.root))/open (above the plugin's folder) is writable"), "\(row)")
    }

    private static func realPath(_ path: String) throws -> String {
        guard let resolved = realpath(path, nil) else {
            throw LabError("realpath \(path): \(String(cString: strerror(errno)))")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
