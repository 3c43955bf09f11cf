import DBus
import Foundation
import PetalCore
import PetalJSON
import TestSupport
import Testing

/// A folder of the test's own under the temporary folder, removed when released.
final class Scratch: @unchecked Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-plugins-\(UUID().uuidString.prefix(8))"
        )
        .resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside, creating the folder `name` when `folder` is true.
    func path(_ name: String, folder: Bool = false) throws -> String {
        let path = url.appendingPathComponent(name).path
        if folder { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        return path
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The real petald, loading Petal's built-in plugins from beside itself, on a
/// private bus, with its state and data folders in a scratch folder.
final class PluginDaemon: @unchecked Sendable {
    let scratch: Scratch
    let daemon: RunningDaemon

    /// Starts petald; `path` becomes its PATH (the scratch `bin` folder, then
    /// the system folders, by default), `environment` is added, and
    /// `configuration` is its config.json (none by default: the embedded menu).
    init(path: [String]? = nil, environment: [String: String] = [:], configuration: String? = nil) async throws {
        scratch = try Scratch()
        let bin = try scratch.path("bin", folder: true)
        let config = try scratch.path("config", folder: true)
        if let configuration {
            try FileManager.default.createDirectory(atPath: config + "/petal", withIntermediateDirectories: true)
            try configuration.write(toFile: config + "/petal/config.json", atomically: true, encoding: .utf8)
        }
        var variables = [
            "XDG_CONFIG_HOME": config,
            "XDG_STATE_HOME": try scratch.path("state", folder: true),
            "XDG_DATA_HOME": try scratch.path("data", folder: true),
            "XDG_PICTURES_DIR": try scratch.path("Pictures"),
            "PATH": (path ?? [bin, "/usr/local/bin", "/usr/bin", "/bin"]).joined(separator: ":"),
        ]
        variables.merge(environment) { _, new in new }
        daemon = try await RunningDaemon(executable: "petald", environment: variables)
    }

    /// The scratch `bin` folder, first on the daemon's PATH.
    var bin: String { scratch.url.appendingPathComponent("bin").path }

    /// Calls `Trigger(action, params)` and returns the result's entries, variants unwrapped.
    func trigger(_ action: String, _ params: [(String, DBusValue)] = [], timeout: Duration = .seconds(15)) async throws
        -> [String: DBusValue]
    {
        let reply = try await daemon.menu("Trigger", [.string(action), .vardict(params)], timeout: timeout)
        let entries = reply.first?.stringKeyedEntries ?? []
        return Dictionary(entries.map { ($0.key, $0.value.unwrapped) }, uniquingKeysWith: { _, last in last })
    }

    /// Expects `Trigger(action, params)` to fail with `org.petal.Petal1.Error.<name>`; returns its message.
    @discardableResult
    func expectError(
        _ name: String, _ action: String, _ params: [(String, DBusValue)] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> String {
        do {
            let result = try await trigger(action, params)
            Issue.record(
                "expected \(name) from \(action), but it returned \(result)\n\(daemon.log)",
                sourceLocation: sourceLocation)
        } catch let error as DBusError {
            #expect(error.name == "org.petal.Petal1.Error.\(name)", "\(error)", sourceLocation: sourceLocation)
            return error.message
        } catch {
            Issue.record("expected \(name) from \(action), but got \(error)", sourceLocation: sourceLocation)
        }
        return ""
    }

    /// Whether `name` has an owner on the daemon's bus.
    func hasOwner(_ name: String) async throws -> Bool {
        let reply = try await daemon.client.call(
            destination: .bus, path: .bus, interface: .bus, member: "NameHasOwner", [.string(name)])
        return reply.first == .boolean(true)
    }

    func stop() { daemon.stop() }
}

/// A recording stand-in for a program (xdg-open, a camera app, a screenshot
/// tool): a shell script that appends its name, each argument and a line
/// `END` to a record file, then runs `extra` (shell commands, or nothing).
struct StandIn {
    let record: String

    @discardableResult
    init(_ name: String, in folder: String, record: String, extra: String = "") throws {
        self.record = record
        let script = """
            #!/bin/sh
            { printf '%s\\n' "${0##*/}"; for argument in "$@"; do printf '%s\\n' "$argument"; done; printf 'END\\n'; } >> '\(record)'
            \(extra)

            """
        let path = folder + "/" + name
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    /// The calls recorded so far, each the program's name and its arguments.
    var calls: [[String]] {
        guard let text = try? String(contentsOfFile: record, encoding: .utf8) else { return [] }
        var calls: [[String]] = []
        var current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "END" {
                calls.append(current)
                current = []
            } else {
                current.append(String(line))
            }
        }
        return calls
    }

    /// The first call, once one has been recorded (programs are launched detached); nil after `limit`.
    func firstCall(within limit: Duration = .seconds(5)) async -> [String]? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let call = calls.first { return call }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return calls.first
    }
}

extension PythonPeer {
    /// A peer on `daemon`'s bus, logging into its scratch folder.
    convenience init(_ script: String, arguments: [String], owning name: String, on daemon: PluginDaemon) async throws {
        try await self.init(
            script, arguments: arguments, owning: name, on: daemon.daemon,
            logFolder: try daemon.scratch.path("peers", folder: true))
    }
}

/// Reads a JSON file a peer wrote.
func readJSON(_ path: String) throws -> JSONValue {
    try JSONValue.parse(String(contentsOfFile: path, encoding: .utf8))
}
