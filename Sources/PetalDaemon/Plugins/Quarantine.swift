import CLinux
import Glibc
import Linux
import PetalConfiguration
import PetalCore
import PetalJSON
import Synchronization

/// Keeps a plugin that crashed the daemon from crashing it again (SPEC §3).
///
/// While a plugin's code runs (its `init`, or an invocation until it
/// completes) its file is listed in `plugins-running`. A fatal signal writes
/// a line to `plugin-crash` before the process dies. At the next start, if
/// both are non-empty, every listed plugin is added to `quarantine.json`,
/// keyed by path, size and modification time, and skipped until the file
/// changes or the quarantine is cleared. All three files live in
/// `$XDG_STATE_HOME/petal/`. A daemon killed by SIGKILL or stopped cleanly
/// leaves no crash line, so it quarantines nothing.
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
    private let running = Mutex(RunningList())
    private(set) var entries: [Entry] = []

    /// Reads the records in `directory`, quarantining what the last crash implicates.
    init(directory: String?, log: Logger) {
        self.directory = directory
        self.log = log
        guard let directory else { return }
        entries = Self.readEntries(at: directory + "/" + StateLocation.quarantineFile)
        let crashed = (Self.read(directory + "/plugin-crash") ?? "").contains("crash")
        let wasRunning = Self.readRunning(Self.read(directory + "/plugins-running") ?? "")
        if crashed && !wasRunning.isEmpty {
            for running in wasRunning where !entries.contains(where: { $0.identity == running.identity }) {
                let identity = running.identity
                let reason = "petald crashed while this plugin's code was running; it stays off until the file changes or the quarantine is cleared (petalctl plugins --clear-quarantine)"
                entries.append(Entry(identity: identity, reason: reason, name: running.name, version: running.version))
                log.error("quarantining plugin \(identity.path): \(reason)")
            }
            save()
        }
        if let problem = keepRecords(in: directory) {
            log.warning("cannot keep plugin crash records in \(directory): \(problem.reason); crashing plugins will not be quarantined")
        }
    }

    /// Opens the running list and the crash file, both emptied, and installs the crash
    /// marker on the latter; returns the first failure. Both files are emptied even when
    /// the other cannot be, and without the running list the marker is not installed.
    private func keepRecords(in directory: String) -> RecordProblem? {
        var problem: RecordProblem?
        let runningPath = directory + "/plugins-running"
        let runningFD: Int32
        do {
            runningFD = try openRegularFile(runningPath, flags: O_WRONLY | O_CREAT | O_TRUNC)
        } catch {
            (runningFD, problem) = (-1, RecordProblem(error))
        }
        running.withLock { $0.open(runningFD) }
        let crashPath = directory + "/plugin-crash"
        do {
            let crashFD = try openRegularFile(crashPath, flags: O_WRONLY | O_CREAT | O_TRUNC | O_APPEND)
            if problem == nil { try systemCall("sigaction") { clinux_install_crash_marker(crashFD) } }
        } catch {
            problem = problem ?? RecordProblem(error)
        }
        return problem
    }

    /// The reason `identity` is quarantined, or nil.
    func reason(for identity: PluginIdentity) -> String? {
        entry(for: identity)?.reason
    }

    /// The quarantine's entry for `identity`, or nil.
    func entry(for identity: PluginIdentity) -> Entry? {
        entries.first { $0.identity == identity }
    }

    /// Runs `body` with `identity` listed as running.
    func whileRunning<T>(_ identity: PluginIdentity, _ body: () -> T) -> T {
        enter(identity)
        defer { leave(identity) }
        return body()
    }

    /// Records the name and version `identity`'s table gives, so that a crash
    /// in its code quarantines it under them rather than its file's name.
    func name(_ identity: PluginIdentity, _ name: String, version: String) {
        running.withLock { $0.labels[identity] = (name, version) }
    }

    /// Lists `identity` as running (counted: invocations may overlap).
    func enter(_ identity: PluginIdentity) {
        running.withLock { list in
            list.counts[identity, default: 0] += 1
            if list.counts[identity] == 1 { list.rewrite() }
        }
    }

    /// Ends one `enter` of `identity`.
    func leave(_ identity: PluginIdentity) {
        running.withLock { list in
            guard let count = list.counts[identity] else { return }
            if count <= 1 {
                list.counts.removeValue(forKey: identity)
                list.rewrite()
            } else {
                list.counts[identity] = count - 1
            }
        }
    }

    /// The plugins whose code is running, kept in `plugins-running` for the next
    /// start to read after a crash.
    ///
    /// The file is mapped shared, so updating it is a copy into memory, with no
    /// system call per invocation: the kernel keeps the pages, and writes them
    /// back, even when the process dies. A list too long for the mapping is
    /// written with pwrite instead.
    fileprivate struct RunningList: ~Copyable {
        var fd: Int32 = -1
        var counts: [PluginIdentity: Int] = [:]
        var labels: [PluginIdentity: (name: String, version: String)] = [:]
        private var mapping: UnsafeMutableRawPointer?
        /// How many bytes of the mapping hold the list; the rest are zero.
        private var length = 0
        static let capacity = 256 * 1024

        mutating func open(_ fd: Int32) {
            self.fd = fd
            guard fd >= 0, (try? systemCall("ftruncate") { ftruncate(fd, off_t(Self.capacity)) }) != nil else { return }
            let mapped = mmap(nil, Self.capacity, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
            if let mapped, mapped != MAP_FAILED { mapping = mapped }
        }

        /// Writes the list as it is now; a reader ignores the zero bytes after it.
        mutating func rewrite() {
            guard fd >= 0 else { return }
            let bytes = Array(counts.keys.map { Quarantine.line(for: $0, labels[$0]) }.joined().utf8)
            guard let mapping, bytes.count <= Self.capacity else { return writeWithoutMapping(bytes) }
            bytes.withUnsafeBytes { mapping.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            if length > bytes.count { (mapping + bytes.count).initializeMemory(as: UInt8.self, repeating: 0, count: length - bytes.count) }
            length = bytes.count
        }

        private mutating func writeWithoutMapping(_ bytes: [UInt8]) {
            if let mapping {
                munmap(mapping, Self.capacity)
                self.mapping = nil
            }
            var offset = 0
            while offset < bytes.count {
                let written = try? systemCall("pwrite") {
                    bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + offset, $0.count - offset, off_t(offset)) }
                }
                guard let written, written > 0 else { break }
                offset += written
            }
            _ = try? systemCall("ftruncate") { ftruncate(fd, off_t(offset)) }
        }
    }

    fileprivate static func line(for identity: PluginIdentity, _ label: (name: String, version: String)?) -> String {
        var object: JSONObject = ["path": .string(identity.path), "size": .int(identity.size),
                                  "modified": .int(identity.modified)]
        if let label {
            object["name"] = .string(label.name)
            object["version"] = .string(label.version)
        }
        return JSONValue.object(object).jsonText + "\n"
    }

    private static func readRunning(_ text: String) -> [(identity: PluginIdentity, name: String?, version: String?)] {
        text.split(separator: "\n").compactMap { line in
            guard case .object(let object)? = try? JSONValue.parse(line), let identity = identity(from: object) else { return nil }
            return (identity, object["name"]?.stringValue, object["version"]?.stringValue)
        }
    }

    private static func identity(from object: JSONObject) -> PluginIdentity? {
        guard let path = object["path"]?.stringValue, let size = object["size"]?.int64Value,
              let modified = object["modified"]?.int64Value else { return nil }
        return PluginIdentity(path: path, size: size, modified: modified)
    }

    private static func readEntries(at path: String) -> [Entry] {
        guard let text = read(path), case .array(let items)? = try? JSONValue.parse(text) else { return [] }
        return items.compactMap { item in
            guard case .object(let object) = item, let identity = identity(from: object) else { return nil }
            return Entry(identity: identity, reason: object["reason"]?.stringValue ?? "quarantined",
                         name: object["name"]?.stringValue, version: object["version"]?.stringValue)
        }
    }

    private func save() {
        guard let directory else { return }
        let list = JSONValue.array(entries.map { entry in
            var object: JSONObject = ["path": .string(entry.identity.path), "size": .int(entry.identity.size),
                                      "modified": .int(entry.identity.modified), "reason": .string(entry.reason)]
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
        case let error as SystemCallError: reason = String(cString: strerror(error.errno))
        case RegularFileError.system(let error): reason = String(cString: strerror(error.errno))
        default: reason = "\(error)"
        }
    }
}
