import Glibc

/// One line per event to stderr; with `JOURNAL_STREAM` set (stderr goes to
/// journald) each line carries its syslog priority as `<N>`.
public struct Logger: Sendable {
    /// Syslog priorities, most severe first.
    public enum Level: Int, Sendable, Comparable {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// The least severe level printed.
    public var threshold: Level
    /// Whether lines carry a `<N>` priority prefix for journald.
    public var journal: Bool
    /// What each line starts with, before ": ".
    public var program = "petald"

    /// A logger printing `threshold` and more severe; `journal` defaults to whether `JOURNAL_STREAM` is set.
    public init(threshold: Level = .info, journal: Bool = getenv("JOURNAL_STREAM") != nil) {
        self.threshold = threshold
        self.journal = journal
    }

    /// Prints `message` at `level` if it passes the threshold.
    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level <= threshold else { return }
        let line = (journal ? "<\(level.rawValue)>" : "") + program + ": " + message() + "\n"
        writeToStandardError(line)
    }

    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
}

/// Writes `text` to file descriptor 2 in one call, so concurrent lines do not interleave.
func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
}
