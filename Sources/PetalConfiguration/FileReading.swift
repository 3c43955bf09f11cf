import Glibc

/// A `read(2)` that failed, with its `errno`.
public struct FileReadError: Error, Equatable, Sendable {
    /// The `errno` that `read` set.
    public let errno: Int32
}

/// Reads `fd` to its end, retrying EINTR, keeping at most `limit + 1` bytes so
/// the caller can tell a file over the limit from one exactly at it.
public func readToEnd(_ fd: Int32, limit: Int) throws(FileReadError) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16384)
    while bytes.count <= limit {
        let count = read(fd, &buffer, min(buffer.count, limit + 1 - bytes.count))
        if count < 0 {
            if errno == EINTR { continue }
            throw FileReadError(errno: errno)
        }
        if count == 0 { break }
        bytes += buffer[..<count]
    }
    return bytes
}
