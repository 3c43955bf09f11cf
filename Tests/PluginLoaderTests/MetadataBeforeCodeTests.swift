import DBus
import Foundation
import TestSupport
import Testing

/// A plugin's ELF note (`PETAL_PLUGIN_DESCRIBE`, ABI 1.1) is read before the
/// library is loaded, so a plugin refused from it runs none of its code
/// (docs/plugins.md, "Metadata before code"). The refused fixtures crash petald from
/// an ELF constructor if they are ever loaded, so a petald that serves has run
/// none of their code. And a 1.0 plugin, without a note, still loads.
@Suite struct MetadataBeforeCodeTests {
    /// A plugin file refused before any of its code runs.
    struct Refusal: Sendable, CustomTestStringConvertible {
        let label: String
        let file: String
        /// `-D` arguments for `Fixtures/ctor_crash.c`.
        let defines: [String]
        var disabled: [String] = []
        let status: String
        /// The name the `Plugins` row gives: the note's, or the file's when there is none.
        let name: String
        /// Texts the reason must contain.
        let reason: [String]
        var testDescription: String { label }
    }

    static let refusals: [Refusal] = [
        Refusal(
            label: "disabled by its file name, without a note", file: "libctor.so", defines: [], disabled: ["ctor"],
            status: "disabled", name: "libctor",
            reason: [#"listed in plugins.disabled of the configuration (as "ctor")"#]),
        Refusal(
            label: "disabled by the name its note gives", file: "libcrashy.so", defines: [#"NOTE_NAME="ctor""#],
            disabled: ["ctor"], status: "disabled", name: "ctor",
            reason: [#"listed in plugins.disabled of the configuration (as "ctor", the name its .note.petal gives)"#]),
        Refusal(
            label: "a reserved name in its note, outside petald's folders", file: "aa-command.so",
            defines: [#"NOTE_NAME="command""#, #"NAME="command""#], status: "failed", name: "command",
            reason: [
                #"its name "command" is reserved for the plugins installed with petald"#,
                "give the plugin another name",
            ]),
        Refusal(
            label: "another ABI major in its note", file: "major.so",
            defines: [#"NOTE_NAME="ctor""#, "NOTE_ABI_MAJOR=2"],
            status: "incompatible", name: "ctor",
            reason: ["its .note.petal says it was built for plugin ABI 2.1; petald speaks 1.1", "rebuild it"]),
        Refusal(
            label: "a newer ABI minor in its note", file: "minor.so",
            defines: [#"NOTE_NAME="ctor""#, "NOTE_ABI_MINOR=99"],
            status: "incompatible", name: "ctor",
            reason: ["its .note.petal says it was built for plugin ABI 1.99, newer than petald's 1.1; update petald"]),
        Refusal(
            label: "the name of a plugin already loaded, in its note", file: "zz-good.so",
            defines: [#"NOTE_NAME="good""#],
            status: "failed", name: "good",
            reason: [#"a plugin named "good" is already loaded from "#, "the first in the search path wins"]),
        Refusal(
            label: "an invalid name in its note", file: "badname.so", defines: [#"NOTE_NAME="Bad Name""#],
            status: "failed", name: "badname",
            reason: ["has a malformed plugin description (.note.petal)", #"its name "Bad Name" is not valid"#]),
        Refusal(
            label: "a version without its NUL in its note", file: "unterminated.so", defines: ["UNTERMINATED_NOTE"],
            status: "failed", name: "unterminated",
            reason: [
                "has a malformed plugin description (.note.petal): its version does not end in NUL within the descriptor (16 bytes)"
            ]),
    ]

    @Test(arguments: refusals)
    func refusedWithoutRunningAnyOfItsCode(_ refusal: Refusal) async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        try lab.compile("good", into: folder, as: "good.so")
        let path = try lab.compile("ctor_crash", into: folder, as: refusal.file, defines: refusal.defines)
        try lab.configure(
            #"{"plugins": {"disabled": [\#(refusal.disabled.map { "\"\($0)\"" }.joined(separator: ", "))]}}"#)
        // Had its constructor run, petald would have died before serving.
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }

        let row = try #require(try await daemon.plugin(at: path))
        #expect(row.status == refusal.status, "\(row)")
        #expect(row.name == refusal.name, "\(row)")
        for text in refusal.reason { #expect(row.reason.contains(text), "\(row)") }
        #expect(daemon.log.contains("skipped plugin \(path)"), "\(daemon.log)")
        try await daemon.expectServing(loaded: ["phone", "good"])
        #expect(try await daemon.trigger("good.ping")["pong"] == .boolean(true))
        // The built-in command plugin keeps its name and its action.
        let run = try await daemon.trigger("command.run", [("argv", .strings(["/bin/echo", "mine"]))])
        #expect(run["stdout"] == .string("mine\n"), "\(run)")
    }

    @Test func aTableWhoseNameIsNotTheNotesIsRefusedNamingBoth() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        let path = try lab.compile("good", into: folder, as: "alias.so", defines: [#"NOTE_NAME="alias""#])
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }

        let row = try #require(try await daemon.plugin(at: path))
        #expect(row.status == "failed", "\(row)")
        #expect(
            row.reason.contains(
                #"its table names it "good" but its .note.petal names it "alias"; the two must be equal"#), "\(row)")
        #expect(!(try await daemon.actionIDs()).contains("good.ping"))
        try await daemon.expectServing()
    }

    @Test func aDescribedPluginLoads() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        let path = try lab.compile("good", into: folder, as: "good.so", defines: [#"NOTE_NAME="good""#])
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }

        let row = try #require(try await daemon.plugin(at: path))
        #expect(row == PluginRow(name: "good", version: "1.0.0", path: path, status: "loaded", reason: ""), "\(row)")
        #expect(try await daemon.trigger("good.ping")["pong"] == .boolean(true))
    }

    /// The note names the plugin before dlopen, so a crash in its constructor is recorded under that name.
    @Test func aCrashInItsConstructorIsQuarantinedUnderTheNotesName() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        let crash = try lab.compile("ctor_crash", into: folder, as: "libboom.so", defines: [#"NOTE_NAME="ctor""#])
        await #expect(throws: TestSetupError.self) { _ = try await lab.start([folder]) }

        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        let row = try #require(try await daemon.plugin(at: crash))
        #expect(row.status == "quarantined", "\(row)")
        #expect(row.name == "ctor" && row.version == "1.0.0", "listed under its note's name, not its file's: \(row)")
    }

    /// A plugin built against the frozen 1.0 header (no note, a 1.0 table) loads into this 1.1 petald.
    @Test func aPluginBuiltAgainstABI10LoadsAndRuns() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        let path = try lab.compile("old_abi", into: folder, as: "libold.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }

        let row = try #require(try await daemon.plugin(at: path))
        #expect(
            row == PluginRow(name: "old", version: "1.0.0", path: path, status: "loaded", reason: ""),
            "\(row)\n\(daemon.log)")
        let result = try await daemon.trigger("old.ping")
        #expect(result["built"] == .string("1.0"), "\(result)")
        #expect(result["host"] == .string("1.1"), "\(result)")
        #expect(result["host_has_1_0_fields"] == .boolean(true), "\(result)")
        #expect(daemon.log.contains("plugin old: a 1.0 plugin, ready"), "\(daemon.log)")
    }

    /// Petal's own plugins, built in Swift, carry their notes: a copy of each
    /// under another file name is disabled by the name in its note, which gives
    /// the version their tables give.
    @Test func theBuiltInPluginsDescribeThemselves() async throws {
        let names = ["camera", "command", "message", "open", "phone"]
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        var copies: [String: String] = [:]
        for name in names {
            let library = RunningDaemon.binDirectory.appendingPathComponent("libpetal-\(name).so").path
            copies[name] = try lab.copy(library, into: folder, as: "copy-of-\(name).so")
        }
        let tables = try await lab.start([])
        let versions = try await Dictionary(
            uniqueKeysWithValues: names.asyncMap { ($0, try await tables.plugin(named: $0)?.version) })
        tables.stop()

        try lab.configure(#"{"plugins": {"disabled": [\#(names.map { "\"\($0)\"" }.joined(separator: ", "))]}}"#)
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        for name in names {
            let row = try #require(try await daemon.plugin(at: copies[name]!))
            #expect(row.status == "disabled" && row.reason.contains("the name its .note.petal gives"), "\(row)")
            #expect(row.name == name, "\(row)")
            #expect(row.version == versions[name] ?? nil, "the note's version is the table's: \(row)")
        }
    }
}

extension PluginRow {
    init(name: String, version: String, path: String, status: String, reason: String) {
        self.init(.structure([.string(name), .string(version), .string(path), .string(status), .string(reason)]))!
    }
}

extension Sequence {
    /// `map` with an async transform, one element at a time.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
