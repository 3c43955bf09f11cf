import Foundation
import TestSupport
import Testing

/// `petald --version` tells a plugin author what to build against: the Swift
/// compiler petald was built with (the same toolchain that runs these tests)
/// and the plugin ABI of the petal_plugin.h in this checkout.
@Suite struct VersionTextTests {
    static let header = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/PetalPluginABI/petal_plugin.h")

    /// The lines of `petald --version`, by their first words.
    private func versionLines() async throws -> [String] {
        let petald = RunningDaemon.binDirectory.appendingPathComponent("petald").path
        let printed = try await ExternalCommand.running([petald, "--version"])
        #expect(printed.status == 0, "\(printed.summary)")
        return printed.output.split(separator: "\n").map(String.init)
    }

    @Test func itNamesTheSwiftCompilerThatBuiltIt() async throws {
        let lines = try await versionLines()
        // "Swift version 6.3.1 (swift-6.3.1-RELEASE)" → "6.3.1"; a snapshot's "6.3-dev" → "6.3".
        let toolchain = try await ExternalCommand.running(["swift", "--version"])
        let words = (toolchain.output + toolchain.errors).split(whereSeparator: \.isWhitespace)
        let index = try #require(words.firstIndex(of: "version"), "\(toolchain.summary)")
        let version = words[words.index(after: index)].prefix { $0.isNumber || $0 == "." }
        #expect(lines.contains("built with Swift \(version)"), "\(lines) for the toolchain \(toolchain.output)")
    }

    @Test func itNamesThePluginABIOfItsHeader() async throws {
        let lines = try await versionLines()
        let header = try String(contentsOf: Self.header, encoding: .utf8)
        func define(_ name: String) -> String? {
            header.split(separator: "\n").first { $0.hasPrefix("#define \(name) ") }
                .map { String($0.dropFirst("#define \(name) ".count)).trimmingCharacters(in: .whitespaces) }
        }
        let major = try #require(define("PETAL_PLUGIN_ABI_MAJOR"))
        let minor = try #require(define("PETAL_PLUGIN_ABI_MINOR"))
        #expect(lines.contains("plugin ABI \(major).\(minor) (entry symbol petal_plugin_entry_v\(major))"), "\(lines)")
    }

    @Test func itNamesTheSwiftRuntimeItRunsOn() async throws {
        let lines = try await versionLines()
        let runtime = try #require(lines.first { $0.hasPrefix("Swift runtime ") }, "\(lines)")
        let path = String(runtime.dropFirst("Swift runtime ".count))
        #expect(
            path == "linked into petald"
                || (path.hasSuffix("/libswiftCore.so") && FileManager.default.fileExists(atPath: path)),
            "\(runtime)")
    }
}
