import DBus
import Glibc

/// Reads `fd` to its end, retrying EINTR, keeping at most `limit + 1` bytes so
/// the caller can tell a file over the limit from one exactly at it.
func readToEnd(_ fd: Int32, limit: Int) throws(SystemCallError) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16384)
    while bytes.count <= limit {
        let count = try systemCall("read") { read(fd, &buffer, min(buffer.count, limit + 1 - bytes.count)) }
        if count == 0 { break }
        bytes += buffer[..<count]
    }
    return bytes
}
