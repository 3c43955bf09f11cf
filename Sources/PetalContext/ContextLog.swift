import Glibc
import TextEscaping

/// petal-context's log: lines on stderr, with the syslog priority prefix the
/// journal reads when stderr is a journal stream.
struct ContextLog: Sendable {
    let verbose: Bool
    private let journal = getenv("JOURNAL_STREAM") != nil

    init(verbose: Bool) {
        self.verbose = verbose
    }

    func error(_ message: String) { write(3, message) }
    func warning(_ message: String) { write(4, message) }
    func info(_ message: String) { write(6, message) }
    func debug(_ message: @autoclosure () -> String) { if verbose { write(7, message()) } }

    private func write(_ priority: Int, _ message: String) {
        // One line per message, whatever a window title or a peer's error holds.
        let line = LogText.escaped(message, maximumBytes: 8192)
        Self.standardError((journal ? "<\(priority)>" : "") + "petal-context: " + line + "\n")
    }

    /// Writes `text` to stderr whole, in one call where it fits.
    static func standardError(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
