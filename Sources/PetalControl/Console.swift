import Glibc
import Linux

/// Standard output and standard error, written unbuffered so that each line
/// reaches a pipe (waybar, a script) the moment it is printed.
struct Console: Sendable {
    /// Writes `text` to standard output.
    ///
    /// - Throws: ``OutputError/readerGone`` when nothing reads standard output
    ///   any more (EPIPE: its reader exited while SIGPIPE is ignored, as
    ///   waybar starts its modules), ``OutputError/failed(_:)`` for any other
    ///   failed write.
    func print(_ text: String) throws(OutputError) {
        guard write(text, to: STDOUT_FILENO) else {
            throw errno == EPIPE ? .readerGone : .failed(errno)
        }
    }

    /// Writes `bytes` to standard output as they are (a line `choose --lines` gives back).
    ///
    /// - Throws: as ``print(_:)``.
    func write(bytes: [UInt8]) throws(OutputError) {
        guard write(bytes[...], to: STDOUT_FILENO) else {
            throw errno == EPIPE ? .readerGone : .failed(errno)
        }
    }

    /// Writes `text` to standard error, with a newline if it lacks one. A
    /// failure is ignored: there is nowhere left to report it.
    func error(_ text: String) { write(text.hasSuffix("\n") ? text : text + "\n", to: STDERR_FILENO) }

    /// Writes `text` to the file at `path` (created 0644, or truncated); false with `errno` set on failure.
    func write(_ text: String, toFile path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        let written = write(text, to: fd)
        let saved = errno
        guard close(fd) == 0, written else {
            if !written { errno = saved }
            return false
        }
        return true
    }

    /// Whether standard output is a pipe or a socket: a reader that can go away.
    var outputHasReader: Bool {
        var status = stat()
        guard fstat(STDOUT_FILENO, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFSOCK
    }

    @discardableResult
    private func write(_ text: String, to fd: Int32) -> Bool {
        write(Array(text.utf8)[...], to: fd)
    }

    private func write(_ bytes: ArraySlice<UInt8>, to fd: Int32) -> Bool {
        var bytes = bytes
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}

/// Why standard output could not be written.
enum OutputError: Error, Equatable {
    /// Its reader is gone (EPIPE): the end of a pipeline, not a failure.
    case readerGone
    /// Any other error, with its errno.
    case failed(Int32)

    /// What petalctl says of it.
    var message: String {
        switch self {
        case .readerGone: "standard output's reader has gone"
        case .failed(let code): "cannot write to standard output: \(errorText(code))"
        }
    }
}
