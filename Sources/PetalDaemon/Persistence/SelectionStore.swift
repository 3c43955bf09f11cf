import DBus
import Glibc
import Linux
import PetalAPI
import PetalConfiguration
import PetalCore
import PetalJSON
import PetalPluginRuntime

/// Toggle selections on disk, per menu, in `$XDG_STATE_HOME/petal/state.json`
/// (``SelectionFile`` is its format).
///
/// Saved with `AtomicFile` before a toggle's reply (docs/configuration.md). The file is
/// never silently overwritten: a corrupt one is moved aside first, and one
/// that cannot be read, or has a version this petald does not know, is left
/// alone while selections are kept in memory only.
final class SelectionStore {
    /// The selections read at start, and saved since: menu → item id → selected.
    private(set) var selections: [String: [String: Bool]] = [:]
    /// Whether saves reach the disk.
    private(set) var isPersistent: Bool
    /// A one-line description for logs/STATUS, e.g. "selections are kept in memory only: /x is read-only".
    private(set) var status: String

    /// The state file, nil in memory-only mode.
    private let path: String?
    /// The thread saves are written and synced on, one after another; nil in memory-only mode.
    private let writer: WorkerThread?
    private let log: Logger

    /// `directory` nil → memory only. Reads the file at init: a missing file is empty; a corrupt one (not JSON, wrong shape) is renamed to "state.json.corrupt-<unix seconds>" (never overwritten) and a warning logged; stale temporaries removed. If the folder is not writable (access W_OK fails or a probe write fails), `isPersistent` is false and `status` says so.
    ///
    /// Logging `status` is the caller's: petald warns with it when `isPersistent` is false.
    init(directory: String?, log: Logger) {
        self.log = log
        guard let directory else {
            (path, writer, isPersistent, status) = (
                nil, nil, false, "selections are kept in memory only: there is no state folder"
            )
            return
        }
        let path = AtomicFile.join(directory, "state.json")
        let removed = AtomicFile.removeStaleTemporaries(of: path)
        if removed > 0 { log.info("removed \(removed) stale temporary file(s) of \(path) left by an interrupted save") }
        var refusal: String?
        switch SelectionFile.load(path) {
        case .missing:
            break
        case .loaded(let selections):
            self.selections = selections
            log.debug("read \(selections.count) selection(s) from \(path)")
        case .corrupt(let reason):
            do {
                let aside = try Self.moveAside(path)
                log.warning("\(path) is corrupt (\(reason)); moved it to \(aside) and starting with no selections")
            } catch {
                refusal =
                    "\(path) is corrupt (\(reason)) and cannot be moved aside: \(error.reason); it is left as it is"
            }
        case .unreadable(let error):
            refusal = "cannot read \(path): \(errorText(error)); it is left as it is"
        case .notAFile(let kind):
            refusal = "\(path) is \(kind), not a regular file; it is left as it is"
        case .unknownVersion(let version):
            refusal = "\(path) has version \(version), which this petald does not know; it is left as it is"
        }
        if refusal == nil { refusal = Self.writeProblem(in: directory, probe: path) }
        var writer: WorkerThread?
        if refusal == nil {
            do {
                writer = try WorkerThread(name: "petal-state")
            } catch {
                refusal = "the thread that writes \(path) could not be started (\(error))"
            }
        }
        if let refusal {
            (self.path, self.writer, isPersistent, status) = (
                nil, nil, false, "selections are kept in memory only: " + refusal
            )
        } else {
            (self.path, self.writer, isPersistent, status) = (path, writer, true, "selections are saved in \(path)")
        }
    }

    /// A save that did not happen; the selections in memory are as they were.
    struct SaveFailure: Error, CustomStringConvertible {
        /// What failed.
        let failure: AtomicFile.Failure
        /// When the new file had replaced the old one before the failure, whether
        /// the old selections could be written back; nil when the old file was never replaced.
        let restored: Bool?

        var description: String {
            switch restored {
            case nil, true?: "\(failure)"
            case false?:
                "\(failure), and the previous selections could not be written back, so \(failure.path) may hold the new one"
            }
        }
    }

    /// Saves all selections (replacing the file) on the calling thread. In
    /// memory-only mode, just updates `selections` and succeeds.
    /// - Throws: the failure, leaving `selections` as they were.
    func save(_ selections: [String: Bool], of menu: String) throws(SaveFailure) {
        var all = self.selections
        all[menu] = selections
        if let path {
            try Self.persist(SelectionFile.encode(all), replacing: SelectionFile.encode(self.selections), at: path)
        }
        self.selections = all
    }

    /// Saves all selections on the writer thread, so that fsync never holds the
    /// event loop; `completion` runs on `scheduler` once they are durable (and
    /// ``selections`` updated) or the save has failed (and they are unchanged).
    /// Saves run one after another, in the order they were asked for.
    func save(
        _ selections: [String: Bool], of menu: String, on scheduler: any Scheduler,
        completion: @escaping (Result<Void, SaveFailure>) -> Void
    ) {
        guard let path, let writer else {
            self.selections[menu] = selections
            return completion(.success(()))
        }
        var changed = self.selections
        changed[menu] = selections
        let all = changed
        let new = SelectionFile.encode(all)
        let old = SelectionFile.encode(self.selections)
        // The store and the completion are the loop's; they only ride along to come back to it.
        let back = UncheckedSendable((WeakReference(self), completion))
        let submitted = writer.submit {
            let outcome = Result<Void, SaveFailure> { () throws(SaveFailure) in
                try Self.persist(new, replacing: old, at: path)
            }
            scheduler.execute {
                let (store, completion) = back.value
                if case .success = outcome { store.object?.selections = all }
                completion(outcome)
            }
        }
        if !submitted {
            completion(
                .failure(
                    SaveFailure(
                        failure: AtomicFile.Failure(
                            call: "the state writer (it has stopped)", errno: ECANCELED, path: path),
                        restored: nil)))
        }
    }

    deinit { writer?.stop() }

    /// Writes `bytes` to `path`; when the new file is in place but its folder
    /// could not be synced, writes `previous` back, so that disk and memory agree.
    private static func persist(_ bytes: [UInt8], replacing previous: [UInt8], at path: String) throws(SaveFailure) {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch  where error.replaced {
            let restored = (try? AtomicFile.write(previous, to: path)) != nil
            throw SaveFailure(failure: error, restored: restored)
        } catch {
            throw SaveFailure(failure: error, restored: nil)
        }
    }

    /// Renames `path` to "<path>.corrupt-<unix seconds>" (adding "-2", "-3"… rather than replacing
    /// an earlier one); returns the new name.
    private static func moveAside(_ path: String) throws(SystemCallError) -> String {
        let stem = "\(path).corrupt-\(time(nil))"
        var lastError = SystemCallError(call: "link", path: path, errno: EEXIST)
        for attempt in 1...100 {
            let aside = attempt == 1 ? stem : "\(stem)-\(attempt)"
            do {
                // link refuses to replace an existing name, which rename would do silently.
                try systemCall("link", path: aside) { link(path, aside) }
                unlink(path)
                return aside
            } catch  where error.errno == EEXIST {
                lastError = error
                continue
            } catch {
                lastError = error
                // A file system without hard links: check, then rename.
                guard (try? systemCall("access", path: aside) { access(aside, F_OK) }) == nil else { continue }
                try systemCall("rename", path: path) { rename(path, aside) }
                return aside
            }
        }
        throw lastError
    }

    /// Why files cannot be created in `directory`, or nil if they can: `access(W_OK)`, then a probe
    /// file named like a temporary of `probe` (so a crash in between leaves nothing start-up keeps).
    private static func writeProblem(in directory: String, probe: String) -> String? {
        do {
            try systemCall("access", path: directory) { access(directory, W_OK) }
        } catch {
            let why = error.reason
            switch error.errno {
            case ENOENT:
                return "\(directory) does not exist (petald creates it at start; something has removed it since)"
            case ENOTDIR: return "\(directory) is not a folder (\(why))"
            case EROFS, EACCES, EPERM: return "\(directory) is read-only (\(why))"
            default: return "\(directory) cannot be written (\(why))"
            }
        }
        let name = "\(probe).tmp-\(getpid())-probe"
        unlink(name)
        do {
            let fd = try systemCall("open", path: name) { open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            close(fd)
        } catch {
            return "cannot create files in \(directory): \(error.reason)"
        }
        unlink(name)
        return nil
    }
}
