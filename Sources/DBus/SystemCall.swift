import Glibc

/// A failed system call: which call, and the errno it returned.
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call that failed, e.g. `epoll_wait`.
    public let call: String
    /// The `errno` it set.
    public let errno: Int32

    public var description: String {
        "\(call) failed: \(String(cString: strerror(errno))) (errno \(errno))"
    }
}

/// Runs a system call, retrying on EINTR and turning -1 into a ``SystemCallError``.
@discardableResult
public func systemCall<T: BinaryInteger>(_ name: String, _ body: () -> T) throws(SystemCallError) -> T {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = errno
        if code == EINTR { continue }
        throw SystemCallError(call: name, errno: code)
    }
}

/// Monotonic time in nanoseconds since an arbitrary origin (CLOCK_MONOTONIC).
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

extension Duration {
    /// The duration in whole nanoseconds, clamped at zero.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }

    /// The duration in milliseconds for libdbus, rounded up and capped at `Int32.max`.
    var milliseconds: Int32 {
        let ms = (nanoseconds + 999_999) / 1_000_000
        return ms > UInt64(Int32.max) ? Int32.max : Int32(ms)
    }
}
