import Glibc

/// A failed system call: which call, on which path if any, and the errno it set.
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call that failed, e.g. `epoll_wait`.
    public let call: String
    /// The file the call was about, if it names one.
    public let path: String?
    /// The `errno` it set.
    public let errno: Int32

    /// An error of `call` (about `path`) with `errno`.
    public init(call: String, path: String? = nil, errno: Int32) {
        self.call = call
        self.path = path
        self.errno = errno
    }

    /// What `errno` means: `Permission denied`.
    public var reason: String { errorText(errno) }

    /// `open /run/x failed: Permission denied (errno 13)`.
    public var description: String {
        "\(call)\(path.map { " " + $0 } ?? "") failed: \(reason) (errno \(errno))"
    }
}

/// Runs a system call, retrying on EINTR and turning -1 into a
/// ``SystemCallError`` that names the call and, when given, the path.
@discardableResult
public func systemCall<T: BinaryInteger>(
    _ name: String, path: String? = nil, _ body: () -> T
) throws(SystemCallError) -> T {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = errno
        if code == EINTR { continue }
        throw SystemCallError(call: name, path: path, errno: code)
    }
}

/// What the errno `code` means, in the C library's words: `No such file or directory`.
public func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
