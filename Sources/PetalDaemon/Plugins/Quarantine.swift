import CLinux
import Glibc
import Linux
import PetalConfiguration
import PetalCore
import PetalJSON
import PetalPluginRuntime
import Synchronization
import TextEscaping

/// Keeps a plugin that crashed the daemon from crashing it again (docs/plugins.md),
/// blaming only the guilty one.
///
/// Each plugin file gets a ``CrashSlot`` before any of its code runs. The
/// daemon marks a thread as running a plugin's code around every call into
/// it (``CrashSlot/inControl(_:)``: a thread-local variable, no system call),
/// and records the plugin's executable segments once it is loaded. A fatal
/// signal writes `crash` to `plugin-crash`, then the record of the plugin to
/// blame: the one the crashing thread was marked with, else the one whose
/// code holds the faulting instruction or its caller (a thread the plugin
/// started itself). At the next start that plugin alone is added to
/// `quarantine.json`, keyed by path, size and modification time, and skipped
/// until the file changes or the quarantine is cleared. A plugin that merely
/// had an invocation pending is never blamed; a daemon killed by SIGKILL or
/// stopped cleanly leaves no crash line, so it quarantines nothing. Both files
/// live in `$XDG_STATE_HOME/petal/`.
///
/// Unchecked Sendable: read at start-up; later changes are made on one plugin's thread at a time, in order.
final class Quarantine: @unchecked Sendable {
    /// A quarantined file and why.
    struct Entry: Equatable {
        let identity: PluginIdentity
        let reason: String
        /// The plugin's own name and version, when its table had been read before the crash.
        var name: String? = nil
        var version: String? = nil
    }

    let log: Logger
    private let directory: String?
    private(set) var entries: [Entry] = []

    /// Reads the records in `directory`, quarantining the plugin the last crash blamed.
    init(directory: String?, log: Logger) {
        self.directory = directory
        self.log = log
        guard let directory else { return }
        entries = Self.readEntries(at: directory + "/" + StateLocation.quarantineFile)
        let lines = (Self.read(directory + "/plugin-crash") ?? "").split(separator: "\n")
        if lines.contains("crash") {
            let blamed = Self.readBlamed(lines)
            for plugin in blamed where !entries.contains(where: { $0.identity == plugin.identity }) {
                let reason =
                    "petald crashed while this plugin's code was running; it stays off until the file changes or the quarantine is cleared (petalctl plugins --clear-quarantine)"
                entries.append(
                    Entry(identity: plugin.identity, reason: reason, name: plugin.name, version: plugin.version))
                log.error(
                    "quarantining plugin \(plugin.name.map { LogText.escaped($0) + " (" + plugin.identity.path + ")" } ?? plugin.identity.path): \(reason)"
                )
            }
            if blamed.isEmpty {
                log.warning(
                    "petald crashed at its last run outside any plugin's code (or where it could not tell whose); no plugin is quarantined"
                )
            } else {
                save()
            }
        }
        // Left by petald before crash attribution: the plugins that merely had code running.
        unlink(directory + "/plugins-running")
        if let problem = keepRecords(in: directory) {
            log.warning(
                "cannot keep plugin crash records in \(directory): \(problem.reason); crashing plugins will not be quarantined"
            )
        }
    }

    /// Opens the crash file, emptied, and installs the crash handler that writes into it.
    private func keepRecords(in directory: String) -> RecordProblem? {
        do {
            let crashFD = try openRegularFile(
                directory + "/plugin-crash", flags: O_WRONLY | O_CREAT | O_TRUNC | O_APPEND)
            try systemCall("sigaction") { clinux_install_crash_marker(crashFD) }
            return nil
        } catch {
            return RecordProblem(error)
        }
    }

    /// The reason `identity` is quarantined, or nil.
    func reason(for identity: PluginIdentity) -> String? {
        entry(for: identity)?.reason
    }

    /// The quarantine's entry for `identity`, or nil.
    func entry(for identity: PluginIdentity) -> Entry? {
        changes.withLock { _ in entries.first { $0.identity == identity } }
    }

    /// Serialises changes made while petald runs (isolated plugins, each from a thread of its own).
    private let changes = Mutex(())

    /// Quarantines a plugin while petald runs (an isolated plugin whose host
    /// crashed too often), and saves the list for the next start. It writes
    /// and syncs a file: call it off the event loop.
    func add(_ entry: Entry) {
        changes.withLock { _ in
            reloadEntries()
            entries.removeAll { $0.identity.path == entry.identity.path }
            entries.append(entry)
            log.error(
                "quarantining plugin \(entry.name.map { LogText.escaped($0) + " (" + entry.identity.path + ")" } ?? entry.identity.path): \(entry.reason)"
            )
            save()
        }
    }

    /// The list as the file has it now: `petalctl plugins --clear-quarantine` may have removed it since.
    private func reloadEntries() {
        guard let directory else { return }
        entries = Self.readEntries(at: directory + "/" + StateLocation.quarantineFile)
    }

    /// Lifts the quarantine of the file at `path` (it has changed since), and saves the list. Off the event loop.
    func remove(path: String) {
        changes.withLock { _ in
            reloadEntries()
            let before = entries.count
            entries.removeAll { $0.identity.path == path }
            if entries.count != before { save() }
        }
    }

    /// Gives `identity` its slot, before any of its code runs: a crash in it
    /// then blames its file.
    func register(_ identity: PluginIdentity) -> CrashSlot {
        CrashSlot.register(record: Self.line(for: identity, nil))
    }

    /// Records the name and version `slot`'s table gives, so that a crash in
    /// its code quarantines it under them rather than its file's name.
    func name(_ slot: CrashSlot, _ identity: PluginIdentity, _ name: String, version: String) {
        slot.relabel(record: Self.line(for: identity, (name, version)))
    }

    private static func line(for identity: PluginIdentity, _ label: (name: String, version: String)?) -> String {
        var object: JSONObject = [
            "path": .string(identity.path), "size": .int(identity.size),
            "modified": .int(identity.modified),
        ]
        if let label {
            object["name"] = .string(label.name)
            object["version"] = .string(label.version)
        }
        return JSONValue.object(object).jsonText
    }

    private static func readBlamed(_ lines: [Substring]) -> [(
        identity: PluginIdentity, name: String?, version: String?
    )] {
        lines.compactMap { line in
            guard case .object(let object)? = try? JSONValue.parse(String(line)), let identity = identity(from: object)
            else { return nil }
            return (identity, object["name"]?.stringValue, object["version"]?.stringValue)
        }
    }

    private static func identity(from object: JSONObject) -> PluginIdentity? {
        guard let path = object["path"]?.stringValue, let size = object["size"]?.int64Value,
            let modified = object["modified"]?.int64Value
        else { return nil }
        return PluginIdentity(path: path, size: size, modified: modified)
    }

    private static func readEntries(at path: String) -> [Entry] {
        guard let text = read(path), case .array(let items)? = try? JSONValue.parse(text) else { return [] }
        return items.compactMap { item in
            guard case .object(let object) = item, let identity = identity(from: object) else { return nil }
            return Entry(
                identity: identity, reason: object["reason"]?.stringValue ?? "quarantined",
                name: object["name"]?.stringValue, version: object["version"]?.stringValue)
        }
    }

    private func save() {
        guard let directory else { return }
        let list = JSONValue.array(
            entries.map { entry in
                var object: JSONObject = [
                    "path": .string(entry.identity.path), "size": .int(entry.identity.size),
                    "modified": .int(entry.identity.modified), "reason": .string(entry.reason),
                ]
                if let name = entry.name { object["name"] = .string(name) }
                if let version = entry.version { object["version"] = .string(version) }
                return .object(object)
            })
        let path = directory + "/" + StateLocation.quarantineFile
        do {
            try AtomicFile.write(Array((list.jsonText(pretty: true) + "\n").utf8), to: path)
        } catch {
            log.warning("\(error); the quarantine will not outlive this run")
        }
    }

    static func read(_ path: String) -> String? {
        guard let fd = try? openRegularFile(path, flags: O_RDONLY) else { return nil }
        defer { close(fd) }
        guard let bytes = try? readToEnd(fd, path: path, limit: 1 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Why the crash records cannot be kept, for the warning: the errno's text, or
/// what is in the records' place.
private struct RecordProblem {
    let reason: String

    init(_ error: any Error) {
        switch error {
        case let error as SystemCallError: reason = error.reason
        case RegularFileError.system(let error): reason = error.reason
        default: reason = "\(error)"
        }
    }
}
