import Glibc

/// Reads `fd` to its end, keeping at most `limit + 1` bytes so the caller can
/// tell a file over the limit from one exactly at it.
///
/// Each `read` goes through ``Linux/systemCall(_:path:_:)``, so EINTR is
/// retried and a failure names `read` and `path` (the file `fd` is open on,
/// when the caller knows it).
public func readToEnd(_ fd: Int32, path: String? = nil, limit: Int) throws(SystemCallError) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16384)
    while bytes.count <= limit {
        let wanted = min(buffer.count, limit + 1 - bytes.count)
        let count = try systemCall("read", path: path) { read(fd, &buffer, wanted) }
        if count == 0 { break }
        bytes += buffer[..<count]
    }
    return bytes
}

/// Why ``openRegularFile(_:flags:mode:)`` did not give a descriptor.
public enum RegularFileError: Error, Sendable {
    /// `open` or `fstat` failed.
    case system(SystemCallError)
    /// The path names something else, e.g. "a FIFO".
    case notRegular(path: String, kind: String)

    /// The errno, for callers that branch on it (ENOENT: no such file); EINVAL for ``notRegular(path:kind:)``.
    public var errno: Int32 {
        switch self {
        case .system(let error): error.errno
        case .notRegular: EINVAL
        }
    }
}

extension RegularFileError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .system(let error): "\(error)"
        case .notRegular(let path, let kind): "\(path) is \(kind), not a regular file"
        }
    }
}

/// Opens `path` with `flags` without ever waiting, and refuses anything but a
/// regular file: `open` of a FIFO waits for its other end (for ever, at
/// start-up, if nobody comes), and reading a device or a socket is not
/// reading a file. The descriptor is back in blocking mode when returned.
public func openRegularFile(_ path: String, flags: Int32, mode: mode_t = 0o600) throws(RegularFileError) -> Int32 {
    let fd: Int32
    do {
        fd = try systemCall("open", path: path) { open(path, flags | O_NONBLOCK | O_CLOEXEC, mode) }
    } catch {
        // ENXIO: a FIFO with no reader, opened for writing; name what it is rather than the errno.
        var info = stat()
        if error.errno == ENXIO, stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw .notRegular(path: path, kind: fileKind(info.st_mode & S_IFMT))
        }
        throw .system(error)
    }
    var info = stat()
    do {
        try systemCall("fstat", path: path) { fstat(fd, &info) }
    } catch {
        close(fd)
        throw .system(error)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
        close(fd)
        throw .notRegular(path: path, kind: fileKind(info.st_mode & S_IFMT))
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return fd
}

/// "a directory", "a FIFO", … for the `S_IFMT` bits of a mode.
public func fileKind(_ kind: mode_t) -> String {
    switch kind {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    default: "a special file"
    }
}
