import Foundation
import PetalCommandLine
import PetalControl
import Testing

/// petalctl's completion scripts are made from its declaration
/// (`petalctl --completions SHELL`, installed by `make install`); the files in
/// Golden/completions pin them, and CompletionTests runs those files in the
/// real shells. To accept a deliberate change, run the tests with
/// PETAL_UPDATE_GOLDEN=1 (or `petalctl --completions SHELL > FILE`) and review the diff.
@Suite struct CompletionGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/completions")

    /// Each shell's file in Golden/completions, by the name the shell loads it by.
    static func file(for shell: Shell) -> URL {
        folder.appendingPathComponent(
            URL(fileURLWithPath: shell.completionPath(of: "petalctl")).lastPathComponent
                + (shell == .bash ? ".bash" : ""))
    }

    @Test(arguments: Shell.allCases)
    func theScriptMatchesTheGoldenFile(_ shell: Shell) throws {
        let script = PetalctlCommandLine.program.completionScript(for: shell)
        let file = Self.file(for: shell)
        if ProcessInfo.processInfo.environment["PETAL_UPDATE_GOLDEN"] == "1" {
            try script.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(script == expected, "petalctl --completions \(shell) changed; see \(file.path)")
    }

    @Test func theBuiltPetalctlPrintsTheSameScripts() async throws {
        for shell in Shell.allCases {
            let printed = try await Petalctl.run(on: nil, ["--completions", shell.rawValue])
            #expect(printed.status == 0, "\(printed.summary)")
            #expect(printed.output == PetalctlCommandLine.program.completionScript(for: shell))
        }
        let bad = try await Petalctl.run(on: nil, ["--completions", "tcsh"])
        #expect(bad.status == 2)
        #expect(bad.errors.hasPrefix("petalctl: unknown shell \"tcsh\"; use bash, zsh or fish\n"), "\(bad.summary)")
    }

    /// Layout names come from `LayoutStyle.allCases` alone: no source spells them out.
    @Test func layoutNamesAreNotTypedByHandInPetalctlsSources() throws {
        let sources = CompletionTests.repository.appendingPathComponent("Sources/PetalControl")
        for name in try FileManager.default.contentsOfDirectory(atPath: sources.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            #expect(
                !text.contains("linear|stack|radial") && !text.contains("linear, stack"), "\(name) lists the layouts")
        }
    }
}
