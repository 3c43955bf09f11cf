import Glibc
import Linux

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
