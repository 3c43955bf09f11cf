import Glibc
import Linux
import PetalCommandLine

/// Reads the rows of `choose --lines` and `dmenu` from a file descriptor as
/// they come: each chunk is appended to one buffer (kept, to print the
/// chosen rows' bytes) and its whole lines go to the row table at once
/// (``ChoiceLines/Reader``), while they are in the cache. A line over
/// ``ChoiceLines/maximumLineBytes`` or an input over
/// ``ChoiceLines/maximumInputBytes`` is refused as soon as it is seen,
/// without waiting for the rest.
enum RowInput {
    /// How much one `read` asks for.
    static let chunkBytes = 256 * 1024

    /// The rows of every line of `fd` up to its end.
    ///
    /// - Throws: ``UsageError`` naming the line that is refused (too long,
    ///   rofi's syntax), saying the input is too large, or why it cannot be
    ///   read; ``ControlFailure`` (status 1) when no line is a row.
    static func read(_ fd: Int32 = STDIN_FILENO, tabIcon: Bool = false) throws -> ChoiceLines {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(initialCapacity(fd))
        var reader = ChoiceLines.Reader(tabIcon: tabIcon)
        // Each read lands in one reused chunk and is copied to the end of `bytes`: nothing is
        // zeroed first, and the chunk's pages stay in the cache.
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkBytes)
        defer { chunk.deallocate() }
        // Where the first line not yet read starts.
        var next = 0
        while true {
            let count = Glibc.read(fd, chunk, chunkBytes)
            if count < 0 {
                if errno == EINTR { continue }
                throw UsageError("cannot read standard input: \(errorText(errno))")
            }
            let atEnd = count == 0
            bytes.append(contentsOf: UnsafeBufferPointer(start: chunk, count: count))
            next = try bytes.withUnsafeBufferPointer { buffer throws(UsageError) in
                try reader.read(buffer, from: next, atEnd: atEnd)
            }
            if atEnd { return try ChoiceLines(bytes, reader) }
            guard bytes.count - next <= ChoiceLines.maximumLineBytes else {
                throw ChoiceLines.lineTooLong(reader.lineCount + 1)
            }
            guard bytes.count <= ChoiceLines.maximumInputBytes else {
                throw UsageError(
                    "standard input holds over \(ChoiceLines.maximumInputBytes / 1024 / 1024) MiB; a menu's rows are at most \(ChoiceLines.maximumInputBytes / 1024 / 1024) MiB"
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
