import Glibc
import Synchronization

/// Petal's atomic writer: temp file in the same folder (O_CREAT|O_EXCL, mode 0600), write all, fsync, rename over the target, fsync the folder.
///
/// A reader (or a daemon started after a crash at any moment) finds either
/// the old file or the new one, never a mixture: the new bytes reach the disk
/// before the rename makes them the target, and the folder is synced so the
/// rename itself survives a power cut. Foundation's `.atomic` option skips the
/// folder sync, so Petal does not use it (SPEC §4).
enum AtomicFile {
    /// A write that did not happen: which call failed, with which error, for which target.
    struct Failure: Error, CustomStringConvertible {
        /// The system call that failed, e.g. `fsync`, or `fsync of the folder`.
        let call: String
        /// Its `errno`.
        let errno: Int32
        /// The file that was being written (the target, not the temporary file).
        let path: String

        /// E.g. "cannot save /x/state.json: fsync failed: No space left on device".
        var description: String {
            "cannot save \(path): \(call) failed: \(String(cString: strerror(errno)))"
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
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(call: "open", errno: Glibc.errno, path: path) }
        var failure: Failure?
        // The umask may have taken bits away from 0600; the mode must be exactly 0600.
        if fchmod(fd, 0o600) != 0 {
            failure = Failure(call: "fchmod", errno: Glibc.errno, path: path)
        } else if let error = writeAll(bytes, to: fd) {
            failure = Failure(call: "write", errno: error, path: path)
        } else if fsync(fd) != 0 {
            failure = Failure(call: "fsync", errno: Glibc.errno, path: path)
        }
        if close(fd) != 0 && failure == nil {
            failure = Failure(call: "close", errno: Glibc.errno, path: path)
        }
        if failure == nil && rename(temporary, path) != 0 {
            failure = Failure(call: "rename", errno: Glibc.errno, path: path)
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
        if let error = syncFolder(of: path) {
            throw Failure(call: "fsync of the folder", errno: error, path: path)
        }
    }

    /// Temp files are named "<target>.tmp-<pid>-<counter>"; removes every "<name>.tmp-*" in the folder (stale after a crash).
    ///
    /// Returns how many were removed. Meant for start-up, before this process writes `path`.
    @discardableResult
    static func removeStaleTemporaries(of path: String) -> Int {
        let (folder, name) = split(path)
        guard let stream = opendir(folder) else { return 0 }
        defer { closedir(stream) }
        let prefix = name + ".tmp-"
        var stale: [String] = []
        while let entry = readdir(stream) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if entryName.hasPrefix(prefix) { stale.append(entryName) }
        }
        return stale.count(where: { unlink(join(folder, $0)) == 0 })
    }

    /// Writes every byte, resuming after short writes and interruptions; returns the `errno` of a failure, or nil.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && Glibc.errno == EINTR {
                    continue
                } else {
                    return written < 0 ? Glibc.errno : EIO
                }
            }
            return nil
        }
    }

    /// Makes the rename durable: fsync of the folder holding `path`; returns the `errno` of a failure, or nil.
    private static func syncFolder(of path: String) -> Int32? {
        let fd = open(split(path).folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return Glibc.errno }
        defer { close(fd) }
        return fsync(fd) == 0 ? nil : Glibc.errno
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
