import Foundation
import TestSupport
import Testing

/// The `--json` shapes are petalctl's interface for scripts: each is pinned by
/// a golden file in Golden/, from petal-test-daemon's menu. Paths of the build
/// folder are written as $BIN. To accept a deliberate change, run the tests
/// with PETAL_UPDATE_GOLDEN=1 and review the diff.
@Suite struct GoldenJSONTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test(arguments: [
        ("status", ["status"]), ("items", ["items"]), ("items-ids", ["items", "--ids"]), ("actions", ["actions"]),
        ("plugins", ["plugins"]), ("layout", ["layout"]), ("version", ["version"]), ("toggle", ["toggle"]),
        ("trigger", ["trigger", "test.echo", "text=hi", "n:=2", "list:=[1,\"two\"]"]),
    ])
    func jsonMatchesTheGoldenFile(name: String, arguments: [String]) async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let result = try await Petalctl.run(on: daemon, ["--json"] + arguments)
        #expect(result.status == 0, "\(result.summary)")
        // It parses as JSON at all.
        _ = try JSONSerialization.jsonObject(with: Data(result.output.utf8), options: [.fragmentsAllowed])
        let actual = result.output.replacingOccurrences(
            of: RunningDaemon.binDirectory.resolvingSymlinksInPath().path, with: "$BIN")
        let file = Self.folder.appendingPathComponent("\(name).json")
        if ProcessInfo.processInfo.environment["PETAL_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(
            actual == expected, "petalctl --json \(arguments.joined(separator: " ")) changed shape; see \(file.path)")
    }
}
