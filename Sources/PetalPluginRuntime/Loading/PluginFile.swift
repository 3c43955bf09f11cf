import Glibc
import Linux
import PetalPluginABI

/// A plugin file opened for loading: opened without following a symlink,
/// inside a folder whose whole chain up to `/` has been checked
/// (``PluginFolders``), checked on the open descriptor, and loaded through that
/// descriptor, so a file swapped between the check and the load is never
/// loaded (docs/plugins.md, "Where petald looks, and what it accepts").
package final class PluginFile {
    /// The path it was found at.
    package let path: String
    /// Its size and modification time, which key the quarantine.
    package let identity: PluginIdentity
    /// What its `.note.petal` says, read before any of its code runs; nil for a plugin without one (ABI 1.0).
    /// (A `var` with a default, so that the object is fully initialised before the checks that may throw.)
    package private(set) var note: PluginNote?
    private let descriptor: Int32
    /// Whether `dlopen` took the library; its descriptor then stays open for good (see ``load()``).
    private var loaded = false

    /// Why a file was not opened; the message names the path and the rule.
    package struct Refusal: Error, CustomStringConvertible {
        package let description: String
    }

    /// Opens `path` inside its folder, once that folder and every folder above
    /// it have passed ``PluginFolders``' checks, and checks the file.
    ///
    /// - Parameter user: the daemon's user; files and folders must belong to it or to root,
    ///   and be writable by nobody else.
    package init(path: String, user: uid_t) throws(Refusal) {
        self.path = path
        let folder = try PluginFolders.open(PluginSearchPath.parent(of: path), user: user)
        defer { close(folder) }
        let name = PluginSearchPath.lastComponent(of: path)
        let fd: Int32
        do {
            fd = try systemCall("open", path: path) {
                openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            }
        } catch {
            throw Refusal(
                description: error.errno == ELOOP
                    ? "\(path) is a symbolic link; plugins are loaded only from regular files (copy the library instead of linking it)"
                    : "cannot open \(path): \(error.reason)")
        }
        descriptor = fd
        var info = stat()
        do {
            try systemCall("fstat", path: path) { fstat(fd, &info) }
        } catch {
            close(fd)
            throw Refusal(description: "cannot stat \(path): \(error.reason)")
        }
        // Nanoseconds, so a rebuild within the same second still lifts a quarantine.
        identity = PluginIdentity(
            path: path, size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
        // Fully initialised from here: a throw runs deinit, which closes the descriptor.
        try checkFile(info, user: user)
        note = try Self.readNote(fd, path: path, size: UInt64(max(0, info.st_size)))
    }

    deinit {
        if !loaded { close(descriptor) }
    }

    /// `dlopen`s the checked descriptor; returns the handle or dlerror's text.
    ///
    /// The descriptor of a loaded library is never closed. The dynamic linker
    /// knows the library by the name `/proc/self/fd/N` and answers a later
    /// `dlopen` of the same name with it, without opening anything: if N were
    /// closed, the next plugin file would get the same number, and "loading" it
    /// would hand back this library again. Libraries are never `dlclose`d, so
    /// keeping N costs one descriptor per plugin.
    func load() -> Result<UnsafeMutableRawPointer, Refusal> {
        guard let handle = dlopen("/proc/self/fd/\(descriptor)", RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            return .failure(Refusal(description: "dlopen failed: \(reason)"))
        }
        loaded = true
        return .success(handle)
    }

    private func checkFile(_ info: stat, user: uid_t) throws(Refusal) {
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw Refusal(description: "\(path) is not a regular file")
        }
        guard info.st_uid == user || info.st_uid == 0 else {
            throw Refusal(
                description:
                    "the file \(path) belongs to uid \(info.st_uid); it must belong to uid \(user) (petald's user) or root"
            )
        }
        guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            let mode = String(info.st_mode & 0o7777, radix: 8)
            throw Refusal(
                description: "the file \(path) is writable by other users (mode \(mode)); run chmod go-w on it")
        }
    }

    /// Reads the file's ELF program headers and its plugin note, from the descriptor.
    private static func readNote(_ fd: Int32, path: String, size: UInt64) throws(Refusal) -> PluginNote? {
        let elf: ELFNotes
        do {
            elf = try ELFNotes.read(fileSize: size, read(from: fd, path: path))
        } catch {
            throw Refusal(description: "\(path) is not an ELF shared library petald can load: \(error)")
        }
        do {
            return try PluginNote.find(in: elf)
        } catch {
            throw Refusal(
                description: "\(path) has a malformed plugin description (\(PETAL_PLUGIN_NOTE_SECTION)): \(error)")
        }
    }

    /// The byte reader the ELF parser reads through: `pread`s of the descriptor,
    /// of sizes the parser has already bounded. A failed read returns what it got.
    private static func read(from fd: Int32, path: String) -> ELFNotes.Reader {
        { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let got = bytes.withUnsafeMutableBytes { buffer in
                    try? systemCall("pread", path: path) {
                        pread(fd, buffer.baseAddress! + filled, count - filled, off_t(clamping: offset) + off_t(filled))
                    }
                }
                guard let got, got > 0 else { break }
                filled += got
            }
            return Array(bytes.prefix(filled))
        }
    }
}

/// What identifies a plugin file for the quarantine: its path, size and modification time.
package struct PluginIdentity: Hashable, Sendable {
    package let path: String
    package let size: Int64
    /// Modification time in nanoseconds since the epoch.
    package let modified: Int64

    package init(path: String, size: Int64, modified: Int64) {
        self.path = path
        self.size = size
        self.modified = modified
    }
}
