import Foundation
import Testing

/// Concurrency you can read: every type the compiler takes on trust as
/// `Sendable` says why it is safe, and every semaphore says who blocks on it
/// and why that thread may, so a reviewer reads the rule where it is relied on.
@Suite struct ConcurrencyRuleTests {
    /// Every Swift file under Sources/ and Plugins/, by path relative to the repository.
    static func sourceFiles() throws -> [(path: String, lines: [Substring])] {
        var files: [(String, [Substring])] = []
        for folder in ["Sources", "Plugins"] {
            let root = ImportRuleTests.repository.appendingPathComponent(folder)
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                files.append((folder + url.path.dropFirst(root.path.count), lines))
            }
        }
        return files
    }

    /// The comment lines directly above line `index`.
    static func commentAbove(_ lines: [Substring], _ index: Int) -> [Substring] {
        var start = index
        while start > 0, lines[start - 1].trimmingCharacters(in: .whitespaces).hasPrefix("//") { start -= 1 }
        return Array(lines[start..<index])
    }

    @Test func everyUncheckedSendableSaysWhyItIsSafe() throws {
        var found = 0
        for (path, lines) in try Self.sourceFiles() {
            for (index, line) in lines.enumerated() where line.contains("@unchecked Sendable") {
                found += 1
                let comment = Self.commentAbove(lines, index)
                #expect(
                    comment.contains { $0.contains("/// Unchecked Sendable: ") },
                    "\(path):\(index + 1) takes Sendable on trust without a \"/// Unchecked Sendable: why\" line")
            }
        }
        #expect(found > 0, "the rule found nothing to check: is the walk wrong?")
    }

    @Test func everySemaphoreSaysWhoBlocksOnIt() throws {
        for (path, lines) in try Self.sourceFiles() {
            for (index, line) in lines.enumerated() where line.contains("DispatchSemaphore(value:") {
                let comment = Self.commentAbove(lines, index).joined(separator: " ")
                #expect(
                    comment.contains("semaphore"),
                    "\(path):\(index + 1) makes a semaphore without a comment saying who blocks on it and why")
            }
        }
    }
}
