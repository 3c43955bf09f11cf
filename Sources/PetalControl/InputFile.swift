import Glibc
import Linux
import PetalCore

/// Reads what `choose --from FILE|-` and `choose --lines` take: a file, or
/// standard input, whole, up to a bound.
enum InputFile {
    /// More than this is refused before it is all read: an ad-hoc menu is at
    /// most 64 KiB of JSON, and its lines cannot be many times that.
    static let maximumBytes = 1024 * 1024

    /// The bytes of `path`, or of standard input for `-`.
    ///
    /// - Throws: ``UsageError`` naming the file and why it cannot be read,
    ///   or saying it is over ``maximumBytes``.
    static func read(_ path: String) throws(UsageError) -> [UInt8] {
        let standardInput = path == "-"
        let what = standardInput ? "standard input" : path
        let fd = standardInput ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw UsageError("cannot read \(what): \(errorText(errno))") }
        defer { if !standardInput { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw UsageError("cannot read \(what): \(errorText(errno))")
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            guard bytes.count <= maximumBytes else {
                throw UsageError(
                    "\(what) holds over \(maximumBytes / 1024) KiB; a menu to choose from is at most \(Limits.adHocMenuBytes / 1024) KiB of JSON"
                )
            }
        }
    }
}
