import Foundation
import Testing

/// Small files (docs/architecture.md, "Files"): a source file over 300 lines
/// holds more than one thing, unless it says why it must not be split.
@Suite struct FileLengthRuleTests {
    static let limit = 300
    static let excuse = "over 300 lines on purpose"

    @Test func everySourceFileIsAtMostThreeHundredLinesOrSaysWhy() throws {
        var long: [String] = []
        for folder in ["Sources", "Plugins"] {
            let root = ImportRuleTests.repository.appendingPathComponent(folder)
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
                if lines > Self.limit && !text.contains(Self.excuse) {
                    long.append("\(url.path.dropFirst(root.path.count - folder.count)) (\(lines) lines)")
                }
            }
        }
        #expect(long.isEmpty, "split these, or say in a comment why each is \(Self.excuse): \(long.sorted())")
    }
}
