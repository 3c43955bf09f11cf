import Glibc
import Linux
import Synchronization

/// Petal's atomic writer: temp file in the same folder (O_CREAT|O_EXCL, mode 0600), write all, fsync, rename over the target, fsync the folder.
///
/// A reader (or a daemon started after a crash at any moment) finds either
/// the old file or the new one, never a mixture: the new bytes reach the disk
/// before the rename makes them the target, and the folder is synced so the
/// rename itself survives a power cut. Foundation's `.atomic` option skips the
/// folder sync, so Petal does not use it (docs/configuration.md).
enum AtomicFile {
    /// A write that did not happen: which call failed, with which error, for which target.
    struct Failure: Error, CustomStringConvertible {
        /// The system call that failed, e.g. `fsync`, or `fsync of the folder`.
        let call: String
        /// Its `errno`.
        let errno: Int32
        /// The file that was being written (the target, not the temporary file).
        let path: String
        /// Whether the new file had already replaced the old one: only the
        /// folder's sync failed, so the rename may or may not survive a crash.
        var replaced = false

        /// E.g. "cannot save /x/state.json: fsync failed: No space left on device".
        var description: String {
            "cannot save \(path): \(call) failed: \(errorText(errno))"
        }
    }

    /// Numbers the temporary files of this process, so concurrent writes never share one.
    private static let counter = Atomic<Int>(0)

    /// Writes `bytes` to `path` atomically; on any failure the old file is intact and the temp file removed.
    ///
    /// One exception: if everything succeeded but the final sync of the folder
    /// fails, the rename has happened and cannot be undone, so `path` may hold
    /// the new bytes; the failure is still reported, because the rename may not
    /// survive a crash.
    static func write(_ bytes: [UInt8], to path: String) throws(AtomicFile.Failure) {
        let number = counter.add(1, ordering: .relaxed).newValue
        let temporary = "\(path).tmp-\(getpid())-\(number)"
        let fd: Int32
        do {
            fd = try systemCall("open", path: temporary) {
                open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            }
        } catch {
            throw Failure(error, saving: path)
        }
        var failure: Failure?
        do {
            // The umask may have taken bits away from 0600; the mode must be exactly 0600.
            try systemCall("fchmod", path: temporary) { fchmod(fd, 0o600) }
            try writeAll(bytes, to: fd, path: temporary)
            try systemCall("fsync", path: temporary) { fsync(fd) }
        } catch {
            failure = Failure(error, saving: path)
        }
        // Not through systemCall, which retries EINTR: Linux frees the descriptor
        // even when close reports EINTR, so a retry could close one another thread
        // has just been given.
        if close(fd) != 0 && failure == nil {
            failure = Failure(call: "close", errno: Glibc.errno, path: path)
        }
        if failure == nil {
            do {
                try systemCall("rename", path: temporary) { rename(temporary, path) }
            } catch {
                failure = Failure(error, saving: path)
            }
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
        do {
            try syncFolder(of: path)
        } catch {
            throw Failure(call: "fsync of the folder", errno: error.errno, path: path, replaced: true)
        }
    }

    /// Temp files are named "<target>.tmp-<pid>-<counter>"; removes every "<name>.tmp-*" in the folder (stale after a crash).
    ///
    /// Returns how many were removed. Meant for start-up, before this process writes `path`.
    @discardableResult
    static func removeStaleTemporaries(of path: String) -> Int {
        let (folder, name) = split(path)
        guard let names = folderEntries(folder) else { return 0 }
        let prefix = name + ".tmp-"
        let stale = names.filter { $0.hasPrefix(prefix) }
        return stale.count(where: { entryName in
            let file = join(folder, entryName)
            return (try? systemCall("unlink", path: file) { unlink(file) }) != nil
        })
    }

    /// Writes every byte of `bytes` to `fd` (open on `path`), resuming after short writes; EINTR is systemCall's.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(SystemCallError) {
        var offset = 0
        while offset < bytes.count {
            let written = try systemCall("write", path: path) {
                bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            }
            // A write of nothing when bytes remain would loop for ever.
            guard written > 0 else { throw SystemCallError(call: "write", path: path, errno: EIO) }
            offset += written
        }
    }

    /// Makes the rename durable: fsync of the folder holding `path`.
    private static func syncFolder(of path: String) throws(SystemCallError) {
        let folder = split(path).folder
        let fd = try systemCall("open", path: folder) { open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { close(fd) }
        try systemCall("fsync", path: folder) { fsync(fd) }
    }

    /// `/a/b/c` → (`/a/b`, `c`); `c` → (`.`, `c`); `/c` → (`/`, `c`).
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// `folder` + `/` + `name`, without doubling the slash of `/`.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

extension AtomicFile.Failure {
    /// The failure to save `target` that `error` caused: its call and errno, naming the
    /// target rather than the temporary file the call was made on.
    init(_ error: SystemCallError, saving target: String) {
        self.init(call: error.call, errno: error.errno, path: target)
    }
}
