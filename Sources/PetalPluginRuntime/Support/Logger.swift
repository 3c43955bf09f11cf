import Glibc

/// One line per event to stderr; with `JOURNAL_STREAM` set (stderr goes to
/// journald) each line carries its syslog priority as `<N>`.
package struct Logger: Sendable {
    /// Syslog priorities, most severe first.
    package enum Level: Int, Sendable, Comparable {
        case error = 3
        case warning = 4
        case notice = 5
        case info = 6
        case debug = 7

        package static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// The least severe level printed.
    package var threshold: Level
    /// Whether lines carry a `<N>` priority prefix for journald.
    package var journal: Bool
    /// What each line starts with, before ": ".
    package var program = "petald"

    /// A logger printing `threshold` and more severe; `journal` defaults to whether `JOURNAL_STREAM` is set.
    package init(threshold: Level = .info, journal: Bool = getenv("JOURNAL_STREAM") != nil) {
        self.threshold = threshold
        self.journal = journal
    }

    /// Prints `message` at `level` if it passes the threshold.
    package func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level <= threshold else { return }
        let line = (journal ? "<\(level.rawValue)>" : "") + program + ": " + message() + "\n"
        writeToStandardError(line)
    }

    package func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    package func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    package func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }
    package func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    package func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
}

/// Writes `text` to file descriptor 2 in one call, so concurrent lines do not interleave.
package func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
}
