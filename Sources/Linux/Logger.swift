import Glibc
import TextEscaping

/// One line per event on standard error, for each of Petal's programs; with
/// `JOURNAL_STREAM` set (standard error goes to journald) each line carries
/// its syslog priority as `<N>`.
public struct Logger: Sendable {
    /// Syslog priorities, most severe first.
    public enum Level: Int, Sendable, Comparable {
        case error = 3
        case warning = 4
        case notice = 5
        case info = 6
        case debug = 7

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// What each line starts with, before ": ".
    public var program: String
    /// The least severe level printed.
    public var threshold: Level
    /// Whether each message is kept to one line, its control characters
    /// escaped (``LogText``): for programs that log what others say (a
    /// window's title, a peer's error), which must not forge a line.
    public var escapesMessages: Bool
    /// Whether lines carry a `<N>` priority prefix for journald.
    public var journal: Bool

    /// A logger of `program` printing `threshold` and more severe; `journal`
    /// defaults to whether `JOURNAL_STREAM` is set.
    public init(
        program: String = "petald", threshold: Level = .info, escapesMessages: Bool = false,
        journal: Bool = getenv("JOURNAL_STREAM") != nil
    ) {
        self.program = program
        self.threshold = threshold
        self.escapesMessages = escapesMessages
        self.journal = journal
    }

    /// Prints `message` at `level` if it passes the threshold.
    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level <= threshold else { return }
        let text = escapesMessages ? LogText.escaped(message(), maximumBytes: 8192) : message()
        writeToStandardError((journal ? "<\(level.rawValue)>" : "") + program + ": " + text + "\n")
    }

    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
}

/// Writes `text` to standard error whole, in one call where it fits, so
/// that lines written at once from several threads do not interleave.
public func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        bytes = bytes.dropFirst(written)
    }
}
