import Glibc
import Linux

/// A connected `AF_UNIX` stream socket, closed in `deinit`: how
/// petal-context talks to sway, i3 and Hyprland.
final class UnixSocket {
    let fd: Int32
    /// The socket's path, for messages.
    let path: String

    /// Connects to the socket at `path`.
    ///
    /// - Throws: ``SystemCallError`` naming `connect` and the path, or
    ///   ENAMETOOLONG for a path over the 107 bytes a socket address holds.
    init(connectingTo path: String) throws(SystemCallError) {
        self.path = path
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard bytes.count < capacity, !bytes.contains(0) else {
            throw SystemCallError(call: "connect", path: path, errno: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        fd = try systemCall("socket", path: path) {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        do {
            try systemCall("connect", path: path) {
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                    }
                }
            }
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(fd) }

    /// Writes all of `bytes` (no SIGPIPE when the peer has gone: EPIPE instead).
    func write(_ bytes: [UInt8]) throws(SystemCallError) {
        var sent = 0
        while sent < bytes.count {
            sent += try systemCall("send", path: path) {
                bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
        }
    }

    /// Waits for bytes and reads what has come into `buffer`; 0 when the peer closed the socket.
    func read(into buffer: inout [UInt8]) throws(SystemCallError) -> Int {
        try systemCall("read", path: path) {
            buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        }
    }

    /// Reads until the peer closes the socket, at most `maximumBytes`.
    ///
    /// - Throws: ``SystemCallError`` with EMSGSIZE when the peer sends more.
    func readToEnd(maximumBytes: Int) throws(SystemCallError) -> [UInt8] {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = try read(into: &buffer)
            if count == 0 { return all }
            guard all.count + count <= maximumBytes else {
                throw SystemCallError(call: "read", path: path, errno: EMSGSIZE)
            }
            all += buffer[..<count]
        }
    }
}
