import CLinux
import Glibc
import Linux

/// The folders above a plugin file, checked as OpenSSH's StrictModes checks
/// `~/.ssh` (docs/plugins.md, "Where petald looks, and what it accepts"): the plugin's own folder and every folder
/// above it, up to `/`, must belong to root or petald's user and be writable
/// by nobody else; a folder *above* the plugin's own may be writable by others
/// only when it is sticky and belongs to root, as `/tmp` is (others can then
/// add entries to it, but cannot move or replace what they do not own).
///
/// How the walk avoids being fooled. The folder's path is resolved once, by
/// opening it: symbolic links in it are followed then (so `--plugin-dir
/// .build/debug`, itself a link, and a home behind `/home → /var/home` work),
/// and never again. Everything after that is relative to descriptors: the
/// plugin file is opened inside the held folder with `openat(O_NOFOLLOW)`, and
/// each folder above is reached with `openat(fd, "..", O_PATH | O_NOFOLLOW)`,
/// which the kernel answers with that folder's actual parent, not with a
/// path read again. So the folders checked are exactly those the file lives
/// in, and nothing can be swapped between a check and the use: once every
/// folder of the chain passes, no one but root and petald's user can rename,
/// replace or add to any of them (a sticky root folder lets others add, but
/// not touch the folder below, which must be ours). Walking down from `/`
/// with `O_NOFOLLOW` on each name would be as safe, but it would refuse every
/// path that goes through a link; resolving the path string first
/// (`realpath`, then `stat` of each prefix, as OpenSSH does) would check
/// names that an attacker could re-point between the check and the open.
/// A link in the path is trusted only as far as where it leads: that place
/// must pass the same checks.
enum PluginFolders {
    /// Opens `folder`, checks it and every folder above it, and returns a
    /// handle (an `O_PATH` descriptor) for opening the plugin file inside it.
    ///
    /// - Parameter user: petald's user; folders must belong to it or to root.
    /// - Throws: a ``PluginFile/Refusal`` naming the folder, its owner and mode, and the fix.
    static func open(_ folder: String, user: uid_t) throws(PluginFile.Refusal) -> Int32 {
        let handle: Int32
        do {
            handle = try systemCall("open", path: folder) { clinux_open_folder_handle(AT_FDCWD, folder, 0) }
        } catch {
            throw PluginFile.Refusal(
                description: "cannot open the folder \(folder): \(error.reason)")
        }
        do {
            try checkChain(from: handle, named: folder, user: user)
        } catch {
            close(handle)
            throw error
        }
        return handle
    }

    /// Checks the folder `handle` and each folder above it, up to the root.
    private static func checkChain(from handle: Int32, named folder: String, user: uid_t) throws(PluginFile.Refusal) {
        var current = handle
        defer { if current != handle { close(current) } }
        var info = try status(of: current, named: folder)
        try check(info, folder: folder, own: true, user: user)
        while true {
            let parent: Int32
            do {
                parent = try systemCall("openat", path: "\(folder)/..") { clinux_open_folder_handle(current, "..", 1) }
            } catch {
                throw PluginFile.Refusal(
                    description:
                        "cannot open the folder above \(name(of: current) ?? folder): \(error.reason)"
                )
            }
            let above: stat
            do {
                above = try status(of: parent, named: "\(folder)/..")
            } catch {
                close(parent)
                throw error
            }
            if current != handle { close(current) }
            current = parent
            // The root is its own parent.
            if above.st_dev == info.st_dev && above.st_ino == info.st_ino { return }
            try check(above, folder: name(of: parent) ?? "a folder above \(folder)", own: false, user: user)
            info = above
        }
    }

    private static func status(of descriptor: Int32, named folder: String) throws(PluginFile.Refusal) -> stat {
        var info = stat()
        do {
            try systemCall("fstat", path: folder) { fstat(descriptor, &info) }
        } catch {
            throw PluginFile.Refusal(
                description: "cannot stat the folder \(folder): \(error.reason)")
        }
        return info
    }

    /// The rule for one folder; `own` is the plugin's own folder, which the
    /// sticky bit does not excuse. `folder` names it in a refusal, and is
    /// worked out only then (a `readlink` for a folder above).
    private static func check(
        _ info: stat, folder name: @autoclosure () -> String, own: Bool, user: uid_t
    ) throws(PluginFile.Refusal) {
        let mode = info.st_mode & 0o7777
        let sticky = mode & S_ISVTX != 0
        if !own && sticky && info.st_uid == 0 { return }
        let ownerAllowed = info.st_uid == user || info.st_uid == 0
        let writableByOthers = mode & (S_IWGRP | S_IWOTH) != 0
        if ownerAllowed && !writableByOthers { return }
        let folder = name()
        let place = own ? "" : " (above the plugin's folder)"
        let octal = String(mode, radix: 8)
        guard ownerAllowed else {
            throw PluginFile.Refusal(
                description:
                    "the folder \(folder)\(place) belongs to uid \(info.st_uid) (mode \(octal)); it must belong to root or to petald's user (uid \(user)): run chown \(user == 0 ? "root" : String(user)) \(folder), or keep the plugin elsewhere"
            )
        }
        let why =
            own
            ? (sticky ? "; the plugin's own folder may not be writable by others, even with the sticky bit" : "")
            : "; a folder above a plugin may be writable by others only when it is sticky and belongs to root, as /tmp is"
        throw PluginFile.Refusal(
            description:
                "the folder \(folder)\(place) is writable by other users (owner \(owner(info.st_uid)), mode \(octal)); run chmod go-w \(folder)\(why)"
        )
    }

    private static func owner(_ uid: uid_t) -> String { uid == 0 ? "root" : "uid \(uid)" }

    /// The path the kernel knows the folder `descriptor` by, for messages.
    private static func name(of descriptor: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let link = "/proc/self/fd/\(descriptor)"
        guard let count = try? systemCall("readlink", path: link, { readlink(link, &buffer, buffer.count - 1) }),
            count > 0
        else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
