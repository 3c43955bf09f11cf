import DBus
import Foundation
import TestSupport
import Testing

/// A scratch area for one test: plugin folders filled with fixtures compiled
/// from `Fixtures/*.c` on the spot, private state/data/config folders, and
/// the real `petald` started on a private bus with `--plugin-dir` arguments.
final class PluginLab: @unchecked Sendable {
    /// The checkout this file belongs to (three levels above it).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The folder of the C fixtures.
    static let fixtures = repositoryRoot.appendingPathComponent("Tests/PluginLoaderTests/Fixtures")
    /// The folder of `petal_plugin.h`.
    static let header = repositoryRoot.appendingPathComponent("Sources/PetalPluginABI")

    /// The scratch folder, removed when the lab goes away.
    let root: String
    /// `XDG_STATE_HOME` of every daemon started here: the quarantine lives below it.
    var state: String { root + "/state" }
    /// `XDG_RUNTIME_DIR` of every daemon started here: the plugin hosts' socket is below it.
    var runtime: String { root + "/run" }

    init() throws {
        root =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("petal-plugins-\(getpid())-\(UUID().uuidString.prefix(8))").path
        for folder in [root, state, root + "/data", root + "/config"] { try makeFolder(folder) }
        try makeFolder(runtime, mode: 0o700)
    }

    deinit {
        _ = try? FileManager.default.removeItem(atPath: root)
    }

    /// Creates `root/<name>` with `mode` (0755 by default) and returns its path.
    @discardableResult
    func folder(_ name: String, mode: mode_t = 0o755) throws -> String {
        let path = root + "/" + name
        try makeFolder(path, mode: mode)
        return path
    }

    private func makeFolder(_ path: String, mode: mode_t = 0o755) throws {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw LabError("mkdir \(path): \(String(cString: strerror(errno)))")
        }
        try chmod(path, mode)
    }

    /// Compiles `Fixtures/<fixture>.c` into `<folder>/<file>` with `cc -shared -fPIC`, then sets `mode`.
    ///
    /// - Parameter defines: `-D` arguments without the `-D`, e.g. `NAME="other"`.
    @discardableResult
    func compile(
        _ fixture: String, into folder: String, as file: String, defines: [String] = [], mode: mode_t = 0o644
    ) throws -> String {
        let output = folder + "/" + file
        let source = Self.fixtures.appendingPathComponent(fixture + ".c").path
        try Tool.run(
            ["cc", "-shared", "-fPIC", "-Wall", "-Wextra", "-Werror", "-I", Self.header.path]
                + defines.map { "-D" + $0 } + ["-o", output, source, "-lpthread"])
        try chmod(output, mode)
        return output
    }

    /// Copies the file at `source` to `<folder>/<file>` with `mode`.
    @discardableResult
    func copy(_ source: String, into folder: String, as file: String, mode: mode_t = 0o644) throws -> String {
        let output = folder + "/" + file
        try FileManager.default.copyItem(atPath: source, toPath: output)
        try chmod(output, mode)
        return output
    }

    func chmod(_ path: String, _ mode: mode_t) throws {
        guard Glibc.chmod(path, mode) == 0 else { throw LabError("chmod \(path): \(String(cString: strerror(errno)))") }
    }

    /// `plugins.isolate` of every daemon started here (a string), unless the
    /// configuration gives its own: `"none"` by default, so that a lab's plugins run inside
    /// petald as the loader's tests expect; nil leaves petald's default.
    var isolate: String? = "none"

    /// The configuration ``configure(_:)`` was given, as JSON text.
    private var configuration = "{}"

    /// Sets the configuration every daemon started here reads
    /// (`$XDG_CONFIG_HOME/petal/config.json`), written at ``start(_:arguments:)``
    /// with ``isolate`` added to its `plugins` unless it has one.
    func configure(_ json: String) throws {
        configuration = json
    }

    private func writeConfiguration() throws {
        var object = try JSONSerialization.jsonObject(with: Data(configuration.utf8)) as? [String: Any] ?? [:]
        if let isolate {
            var plugins = object["plugins"] as? [String: Any] ?? [:]
            if plugins["isolate"] == nil { plugins["isolate"] = isolate }
            object["plugins"] = plugins
        }
        try makeFolder(root + "/config/petal")
        try JSONSerialization.data(withJSONObject: object).write(
            to: URL(fileURLWithPath: root + "/config/petal/config.json"))
    }

    /// The environment of every daemon started here: nothing of the user's own
    /// plugins, configuration or state can leak in.
    var environment: [String: String] {
        [
            "XDG_STATE_HOME": state, "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config",
            "PETAL_PLUGIN_PATH": "", "XDG_RUNTIME_DIR": runtime,
            // A crashing test plugin should kill petald at once, without a backtrace being symbolicated.
            "SWIFT_BACKTRACE": "enable=no",
        ]
    }

    /// Starts petald with `--plugin-dir` for each of `pluginFolders`, in order.
    func start(_ pluginFolders: [String], arguments: [String] = []) async throws -> RunningDaemon {
        try writeConfiguration()
        return try await RunningDaemon(
            executable: "petald", arguments: pluginFolders.flatMap { ["--plugin-dir", $0] } + arguments,
            environment: environment)
    }
}

/// What the `order` fixture writes to `$XDG_STATE_HOME/order.log`: every call
/// petald made into it, in order (docs/plugins.md, "Lifecycle").
struct OrderLog {
    let path: String

    init(_ lab: PluginLab) { path = lab.state + "/order.log" }

    var lines: [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits (up to 5 s) until `count` invocations have entered `invoke`.
    func waitForInvocations(_ count: Int) async throws {
        for _ in 0..<250 where lines.filter({ $0.hasPrefix("invoke ") }).count < count {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// deinit came last, nothing came after it, and every cancel came after its invoke returned.
    func expectOrderlyStop(sourceLocation: SourceLocation = #_sourceLocation) {
        let order = lines
        #expect(order.last == "deinit", "\(order)", sourceLocation: sourceLocation)
        #expect(!order.contains { $0.hasPrefix("AFTER-DEINIT") }, "\(order)", sourceLocation: sourceLocation)
        for id in order.filter({ $0.hasPrefix("invoke ") }).map({ $0.dropFirst("invoke ".count) }) {
            let returned = order.firstIndex(of: "invoked \(id)")
            let cancelled = order.firstIndex(of: "cancel \(id)")
            #expect(returned != nil && cancelled != nil, "invocation \(id): \(order)", sourceLocation: sourceLocation)
            if let returned, let cancelled {
                #expect(returned < cancelled, "cancel before invoke returned: \(order)", sourceLocation: sourceLocation)
            }
        }
    }
}

/// A lab could not be set up.
struct LabError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs a command-line tool to completion.
enum Tool {
    /// Runs `arguments` (the first looked up on PATH); throws with its output unless it exits 0.
    @discardableResult
    static func run(_ arguments: [String], in directory: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        // Output goes to a file, so that a chatty tool cannot block on a full pipe.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("petal-tool-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard process.terminationReason == .exit && process.terminationStatus == 0 else {
            throw LabError(
                "\(arguments.joined(separator: " ")) failed with status \(process.terminationStatus):\n\(output)")
        }
        return output
    }
}

/// One row of the `Plugins` property, `(sssss)`.
struct PluginRow: Equatable, CustomStringConvertible {
    let name: String
    let version: String
    let path: String
    let status: String
    let reason: String

    init?(_ value: DBusValue) {
        guard case .structure(let fields) = value, fields.count == 5,
            let name = fields[0].stringValue, let version = fields[1].stringValue, let path = fields[2].stringValue,
            let status = fields[3].stringValue, let reason = fields[4].stringValue
        else { return nil }
        (self.name, self.version, self.path, self.status, self.reason) = (name, version, path, status, reason)
    }

    var description: String { "\(name) \(version) \(path): \(status)\(reason.isEmpty ? "" : " (\(reason))")" }
}

extension RunningDaemon {
    /// Waits (up to 10 s) for petald to exit by itself, as after a crash.
    func waitForExit() async throws {
        for _ in 0..<1000 where process.isRunning {
            try await Task.sleep(for: .milliseconds(10))
        }
        if process.isRunning { throw LabError("petald is still running:\n\(log)") }
    }

    /// The `Plugins` property, row by row.
    func plugins() async throws -> [PluginRow] {
        try await property("Plugins").arrayElements?.compactMap(PluginRow.init) ?? []
    }

    /// The row of the plugin file at `path`.
    func plugin(at path: String) async throws -> PluginRow? {
        try await plugins().first { $0.path == path }
    }

    /// The row of the plugin named `name`.
    func plugin(named name: String) async throws -> PluginRow? {
        try await plugins().first { $0.name == name }
    }

    /// The ids in the `Actions` property.
    func actionIDs() async throws -> [String] {
        try await property("Actions").arrayElements?.compactMap { row -> String? in
            guard case .structure(let fields) = row else { return nil }
            return fields.first?.stringValue
        } ?? []
    }

    /// Triggers `action` with `params` and returns the result's entries.
    func trigger(_ action: String, _ params: [(String, DBusValue)] = []) async throws -> [String: DBusValue] {
        let reply = try await menu("Trigger", [.string(action), .vardict(params)])
        var entries: [String: DBusValue] = [:]
        for (key, value) in reply.first?.stringKeyedEntries ?? [] { entries[key] = value.unwrapped }
        return entries
    }

    /// The D-Bus error name `Trigger` answers with, or nil when it succeeds.
    func triggerError(_ action: String, _ params: [(String, DBusValue)] = []) async -> DBusError? {
        do {
            _ = try await trigger(action, params)
            return nil
        } catch let error as DBusError {
            return error
        } catch {
            return DBusError("unexpected", "\(error)")
        }
    }

    /// Checks that the daemon serves: `Toggle` answers with a menu state, and the
    /// plugins named `loaded` (the built-in phone plugin by default) are loaded.
    func expectServing(loaded: [String] = ["phone"], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let state = try await menu("Toggle").first?.stringValue ?? ""
        #expect(
            ["collapsed", "expanding", "expanded", "collapsing"].contains(state), "Toggle answered \(state)",
            sourceLocation: sourceLocation)
        let rows = try await plugins()
        for name in loaded {
            let row = rows.first { $0.name == name }
            #expect(
                row?.status == "loaded", "plugin \(name): \(row.map(\.description) ?? "not listed")\n\(log)",
                sourceLocation: sourceLocation)
        }
    }
}
