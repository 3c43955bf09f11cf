import DBus
import Glibc
import TestSupport
import Testing

/// Every way petald skips a plugin file (docs/plugins.md), each with the real petald
/// over a private bus: the file is listed in `Plugins` with its status and
/// reason, and the good plugins beside it still load and the daemon serves.
@Suite struct LoaderRefusalTests {
    /// One bad plugin file: how to make it, and how petald must report it.
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        /// Fills `folder` (which already holds a good plugin) with the bad file; returns its path.
        let arrange: @Sendable (PluginLab, _ folder: String) throws -> String
        let status: String
        /// Texts the reason must contain.
        let reason: [String]
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "built for another major",
            arrange: { lab, folder in
                try lab.compile("abi", into: folder, as: "major.so", defines: ["TABLE_MAJOR=2", "TABLE_MINOR=0"])
            }, status: "incompatible", reason: ["built for plugin ABI 2.0", "rebuild it"]),
        Case(
            label: "built for a newer minor",
            arrange: { lab, folder in
                try lab.compile(
                    "abi", into: folder, as: "minor.so", defines: ["TABLE_MINOR=(PETAL_PLUGIN_ABI_MINOR+1)"])
            }, status: "incompatible", reason: ["newer than petald's", "update petald"]),
        Case(
            label: "struct_size too small",
            arrange: { lab, folder in
                try lab.compile(
                    "abi", into: folder, as: "small.so", defines: ["TABLE_SIZE=offsetof(petal_plugin,deinit)"])
            }, status: "incompatible", reason: ["struct_size is", "has at least"]),
        Case(
            label: "no entry symbol",
            arrange: { lab, folder in
                try lab.compile("no_entry", into: folder, as: "noentry.so")
            }, status: "incompatible", reason: ["does not export petal_plugin_entry_v1"]),
        Case(
            label: "init fails",
            arrange: { lab, folder in
                try lab.compile("init_fails", into: folder, as: "initfail.so")
            }, status: "failed",
            reason: ["its init failed: no frobnicator is configured; set plugins.settings.initfail.frobnicator"]),
        Case(
            label: "action id of another plugin",
            arrange: { lab, folder in
                try lab.compile(
                    "good", into: folder, as: "zz-dup.so", defines: [#"NAME="dup""#, #"ACTION="good.ping""#])
            }, status: "failed",
            reason: [#"its action "good.ping" is outside its namespace"#, #"only actions named "dup.<verb>""#]),
        Case(
            label: "a built-in action taken over",
            arrange: { lab, folder in
                try lab.compile(
                    "good", into: folder, as: "aa-shadow.so", defines: [#"NAME="shadow""#, #"ACTION="command.run""#])
            }, status: "failed", reason: [#"its action "command.run" is outside its namespace"#]),
        Case(
            label: "a reserved name outside petald's own folder",
            arrange: { lab, folder in
                try lab.compile("good", into: folder, as: "aa-command.so", defines: [#"NAME="command""#])
            }, status: "failed", reason: [#"its name "command" is reserved for the plugins installed with petald"#]),
        Case(
            label: "group-writable file",
            arrange: { lab, folder in
                try lab.compile("good", into: folder, as: "group.so", defines: [#"NAME="group""#], mode: 0o664)
            }, status: "failed", reason: ["writable by other users (mode 664)", "chmod go-w"]),
        Case(
            label: "world-writable file",
            arrange: { lab, folder in
                try lab.compile("good", into: folder, as: "world.so", defines: [#"NAME="world""#], mode: 0o646)
            }, status: "failed", reason: ["writable by other users (mode 646)", "chmod go-w"]),
        Case(
            label: "symlink to a good plugin",
            arrange: { lab, folder in
                let elsewhere = try lab.folder("elsewhere")
                let target = try lab.compile("good", into: elsewhere, as: "linked.so", defines: [#"NAME="linked""#])
                let link = folder + "/linked.so"
                guard symlink(target, link) == 0 else { throw LabError("symlink: \(String(cString: strerror(errno)))") }
                return link
            }, status: "failed", reason: ["is a symbolic link", "copy the library"]),
        Case(
            label: "not an ELF file",
            arrange: { lab, folder in
                let path = folder + "/x.so"
                try "I am not a shared library\n".write(toFile: path, atomically: false, encoding: .utf8)
                try lab.chmod(path, 0o644)
                return path
            }, status: "failed", reason: ["is not an ELF shared library"]),
        Case(
            label: "a library cut short",
            arrange: { lab, folder in
                let path = try lab.compile("good", into: folder, as: "cut.so", defines: [#"NAME="cut""#])
                guard truncate(path, 100) == 0 else { throw LabError("truncate: \(String(cString: strerror(errno)))") }
                return path
            }, status: "failed",
            reason: [
                "is not an ELF shared library petald can load: its program headers (e_phoff 64,",
                "run past the end of the file (100 bytes)",
            ]),
    ]

    @Test(arguments: cases)
    func badFileIsSkippedWithItsReason(_ bad: Case) async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        try lab.compile("good", into: folder, as: "good.so")
        let path = try bad.arrange(lab, folder)
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }

        let rows = try await daemon.plugins()
        let row = try #require(rows.first { $0.path == path }, "no row for \(path) in \(rows)")
        #expect(row.status == bad.status, "\(row)")
        for text in bad.reason { #expect(row.reason.contains(text), "\(row)") }
        #expect(!row.reason.isEmpty)
        #expect(daemon.log.contains("skipped plugin \(path)"), "the skip is logged:\n\(daemon.log)")
        try await daemon.expectServing(loaded: ["phone", "good"])
        #expect(try await daemon.trigger("good.ping")["pong"] == .boolean(true))
        // The built-in command plugin still serves its action, whatever came before it.
        let run = try await daemon.trigger("command.run", [("argv", .strings(["/bin/echo", "mine"]))])
        #expect(run["stdout"] == .string("mine\n"), "\(run)")
    }

    @Test func firstPluginOfANameInPathOrderWins() async throws {
        let lab = try PluginLab()
        let first = try lab.folder("first")
        let second = try lab.folder("second")
        let winner = try lab.compile("good", into: first, as: "a.so", defines: [#"ACTION="good.first""#])
        let loser = try lab.compile("good", into: second, as: "a.so", defines: [#"ACTION="good.second""#])
        let daemon = try await lab.start([first, second])
        defer { daemon.stop() }

        #expect(try await daemon.plugin(at: winner)?.status == "loaded")
        let row = try #require(try await daemon.plugin(at: loser))
        #expect(row.status == "failed")
        #expect(row.reason.contains(#"a plugin named "good" is already loaded from \#(winner)"#), "\(row)")
        #expect(row.reason.contains("first in the search path wins"), "\(row)")
        let actions = try await daemon.actionIDs()
        #expect(actions.contains("good.first"))
        #expect(!actions.contains("good.second"))
        #expect(await daemon.triggerError("good.second")?.name == "org.petal.Petal1.Error.UnknownAction")
        try await daemon.expectServing(loaded: ["phone", "good"])
    }

    @Test func pluginInAFolderOthersMayWriteIsSkipped() async throws {
        let lab = try PluginLab()
        let clean = try lab.folder("clean")
        let open = try lab.folder("open", mode: 0o775)
        try lab.compile("good", into: clean, as: "good.so")
        let path = try lab.compile("good", into: open, as: "other.so", defines: [#"NAME="other""#])
        let daemon = try await lab.start([clean, open])
        defer { daemon.stop() }

        let row = try #require(try await daemon.plugin(at: path))
        #expect(row.status == "failed")
        #expect(
            row.reason.contains(
                "the folder \(open) is writable by other users (owner \(getuid() == 0 ? "root" : "uid \(getuid())"), mode 775); run chmod go-w \(open)"
            ),
            "\(row)")
        #expect(!(try await daemon.actionIDs()).contains("other.ping"))
        try await daemon.expectServing(loaded: ["phone", "good"])
    }

    /// Needs root, which alone can give a file to another user.
    @Test(.enabled(if: getuid() == 0, "only root can give a file to another user"))
    func fileOfAnotherUserIsSkipped() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        try lab.compile("good", into: folder, as: "good.so")
        let path = try lab.compile("good", into: folder, as: "theirs.so", defines: [#"NAME="theirs""#])
        guard chown(path, 65534, 65534) == 0 else { throw LabError("chown: \(String(cString: strerror(errno)))") }
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }

        let row = try #require(try await daemon.plugin(at: path))
        #expect(row.status == "failed")
        #expect(row.reason.contains("belongs to uid 65534"), "\(row)")
        try await daemon.expectServing(loaded: ["phone", "good"])
    }
}
