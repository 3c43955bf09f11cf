// matcher.swift — the picker's matcher (Sources/PetalCore/Picker) per keystroke,
// as a frontend calls it: 100,000 rows of about 50 bytes (the `list` layout's
// limit), made from a fixed seed. Built with the matcher's files into
// bench-matcher by bench/Makefile (`make -C bench matcher`), run by bench/run.py's
// part `matcher`:
//
//   .build/bench/bench-matcher [--smoke]
//
// It times building the matcher (and from a row table: made unfolded, as for
// a list's first frame, and folded), typing a 6-letter word one letter at a time
// (each keystroke narrows the last result), the same word filtered from scratch
// (the last filter shares nothing with it), and both again with sort "score".
// Goal: every keystroke's p95 at most 8 ms on one core. Exits non-zero when the
// rows typing leaves are not those a new matcher finds.
import Glibc

@main
struct MatcherBench {
    static let goalMilliseconds = 8.0

    static func main() {
        let smoke = CommandLine.arguments.contains("--smoke")
        let rowCount = smoke ? 2000 : 100_000
        let rounds = smoke ? 2 : 40
        let rows = Rows.make(count: rowCount)
        let bytes = rows.reduce(0) { $0 + $1.utf8.count }
        print(
            "\nThe picker's matcher: \(rowCount) rows, \(bytes / rowCount) bytes each on average, "
                + "\(rounds) rounds; milliseconds:")
        var table: [[String]] = []
        var worst = 0.0
        for sort in PickerMatcher.Sort.allCases {
            let builds = (0..<(smoke ? 1 : 9)).map { _ in
                time { _ = PickerMatcher(titles: rows, sort: sort) }
            }
            table.append(row("build, sort \(sort.rawValue)", builds))
            // From a row table as the overlay gets one: made unfolded for the first frame, folded later.
            let rowTable = try! RowTable(RowBytes(Rows.table(rows)))
            let unfolded = (0..<(smoke ? 1 : 9)).map { _ in
                time { _ = PickerMatcher(table: rowTable, sort: sort) }
            }
            table.append(row("from a row table, unfolded, sort \(sort.rawValue)", unfolded))
            let folds = (0..<(smoke ? 1 : 9)).map { _ in
                time {
                    var matcher = PickerMatcher(table: rowTable, sort: sort)
                    matcher.fold()
                }
            }
            table.append(row("from a row table, folded, sort \(sort.rawValue)", folds))
            var matcher = PickerMatcher(titles: rows, sort: sort)
            var typing: [Double] = []
            var scratch: [Double] = []
            var shown: [Int] = []
            for _ in 0..<rounds {
                _ = matcher.filter("")
                for end in Rows.typed.indices {
                    let text = String(Rows.typed[...end])
                    typing.append(time { shown = matcher.filter(text) })
                }
                var fresh = PickerMatcher(titles: rows, sort: sort)
                guard shown == fresh.filter(Rows.typed), !shown.isEmpty else {
                    fputs("bench-matcher: typing \"\(Rows.typed)\" left other rows than a new matcher finds\n", stderr)
                    exit(1)
                }
                _ = matcher.filter(Rows.unrelated)
                scratch.append(time { _ = matcher.filter(Rows.typed) })
                _ = matcher.filter(Rows.unrelated)
                scratch.append(time { _ = matcher.filter("\(Rows.typed) \(Rows.second)") })
            }
            table.append(
                row("typing \"\(Rows.typed)\", sort \(sort.rawValue) (\(shown.count) rows at the end)", typing))
            table.append(row("from scratch, sort \(sort.rawValue)", scratch))
            worst = max(worst, percentile(typing, 0.95), percentile(scratch, 0.95))
        }
        printTable(["", "p50", "p95", "max"], table)
        if smoke {
            print("Goal: judged only in a full run.")
        } else {
            let verdict = worst <= goalMilliseconds ? "met" : "MISSED"
            print("Goal: a keystroke's p95 ≤ \(format(goalMilliseconds)) ms: \(format(worst)) ms, \(verdict).")
        }
    }

    /// Milliseconds `body` takes.
    static func time(_ body: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
    }

    static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    static func row(_ label: String, _ samples: [Double]) -> [String] {
        [label] + [percentile(samples, 0.5), percentile(samples, 0.95), samples.max() ?? 0].map(format)
    }

    static func format(_ milliseconds: Double) -> String {
        let hundredths = Int((milliseconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    static func printTable(_ headers: [String], _ rows: [[String]]) {
        let widths = headers.indices.map { column in ([headers] + rows).map { $0[column].count }.max() ?? 0 }
        let dashes = widths.map { String(repeating: "-", count: $0) }
        for cells in [headers, dashes] + rows {
            let padded = cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }
            print(padded.joined(separator: "  "))
        }
    }
}

/// Rows that look like a launcher's or a file picker's: words of a fixed
/// vocabulary, some capitalized, joined by spaces, slashes and dashes.
enum Rows {
    static let typed = "folder"
    static let second = "ma"
    static let unrelated = "zq"
    static let vocabulary = [
        "app", "audio", "backup", "bin", "browser", "cache", "calendar", "camera", "config", "data", "desktop",
        "document", "download", "editor", "file", "firefox", "folder", "font", "game", "git", "home", "image",
        "local", "mail", "manager", "music", "network", "notes", "office", "photo", "picture", "player", "project",
        "report", "settings", "share", "source", "system", "terminal", "theme", "video", "viewer", "window", "work",
    ]
    static let separators = [" ", " ", "/", "-", "_", ".", " "]

    /// `rows` as a row table's bytes, each known by its index.
    static func table(_ rows: [String]) -> [UInt8] {
        var builder = RowTableBuilder()
        for title in rows { builder.append(title: title) }
        return builder.encoded()
    }

    static func make(count: Int) -> [String] {
        var random = SeededRandom(state: 42)
        return (0..<count).map { _ in
            var row = ""
            while row.utf8.count < 47 {
                var word = vocabulary[Int(random.next() % UInt64(vocabulary.count))]
                if random.next() % 4 == 0 { word = word.prefix(1).uppercased() + word.dropFirst() }
                row += (row.isEmpty ? "" : separators[Int(random.next() % UInt64(separators.count))]) + word
            }
            return row
        }
    }
}

struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}

/// What RowTable.item(_:) makes, reduced to its initializer: petald's menu
/// items are not part of this benchmark, which compiles the row table's files alone.
public struct MenuItem {
    init(id: String, title: String, icon: String, enabled: Bool, meta: String) {}
}
