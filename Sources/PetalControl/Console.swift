import Glibc

/// Standard output and standard error, written unbuffered so that each line
/// reaches a pipe (waybar, a script) the moment it is printed.
struct Console: Sendable {
    func print(_ text: String) { write(text, to: STDOUT_FILENO) }

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

    @discardableResult
    private func write(_ text: String, to fd: Int32) -> Bool {
        var bytes = Array(text.utf8)[...]
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
