import Glibc
import Linux
import PetalCommandLine

/// Reads the rows of `choose --lines` and `dmenu` from a file descriptor as
/// they come, in chunks appended to one buffer (never a string built line
/// by line), and refuses a line over ``ChoiceLines/maximumLineBytes`` or an
/// input over ``ChoiceLines/maximumInputBytes`` as soon as it is seen,
/// without waiting for the rest.
enum RowInput {
    /// How much one `read` asks for.
    static let chunkBytes = 256 * 1024

    /// Every byte of `fd` up to its end.
    ///
    /// - Throws: ``UsageError`` naming the line that is too long, saying
    ///   the input is too large, or why it cannot be read.
    static func read(_ fd: Int32 = STDIN_FILENO) throws(UsageError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(initialCapacity(fd))
        // Each read lands in one reused chunk and is copied to the end of `bytes`: nothing is
        // zeroed first, and the chunk's pages stay in the cache.
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkBytes)
        defer { chunk.deallocate() }
        // The number of the line being read, and where it starts.
        var (line, lineStart) = (1, 0)
        while true {
            let count = Glibc.read(fd, chunk, chunkBytes)
            if count < 0 {
                if errno == EINTR { continue }
                throw UsageError("cannot read standard input: \(errorText(errno))")
            }
            if count == 0 { return bytes }
            let before = bytes.count
            bytes.append(contentsOf: UnsafeBufferPointer(start: chunk, count: count))
            let tooLong = bytes.withUnsafeBufferPointer { buffer -> Int? in
                var next = before
                while let newline = memchr(buffer.baseAddress! + next, 0x0A, buffer.count - next) {
                    next = buffer.baseAddress!.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                    if next - 1 - lineStart > ChoiceLines.maximumLineBytes { return line }
                    (line, lineStart) = (line + 1, next)
                }
                return buffer.count - lineStart > ChoiceLines.maximumLineBytes ? line : nil
            }
            if let tooLong {
                throw UsageError(
                    "line \(tooLong) is over \(ChoiceLines.maximumLineBytes / 1024) KiB; a row's title may have at most \(ChoiceLines.maximumTitleBytes) bytes, its icon \(ChoiceLines.maximumIconBytes)"
                )
            }
            guard bytes.count <= ChoiceLines.maximumInputBytes else {
                throw UsageError(
                    "standard input holds over \(ChoiceLines.maximumInputBytes / 1024 / 1024) MiB; a menu to choose from is at most \(ChoiceLines.maximumInputBytes / 1024 / 1024) MiB of JSON"
                )
            }
        }
    }

    /// Room for all of a regular file (`petalctl dmenu < FILE`), so that it
    /// is read without the buffer growing; a chunk for a pipe.
    private static func initialCapacity(_ fd: Int32) -> Int {
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else {
            return chunkBytes
        }
        return min(Int(status.st_size), ChoiceLines.maximumInputBytes + chunkBytes)
    }
}
