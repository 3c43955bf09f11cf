import Foundation
import Testing

@testable import PetalCommandLine

/// The completion scripts of ``Sample``, run by the real shells.
@Suite struct CompletionScriptTests {
    @Test func bashOffersCommandsOptionsAndTheirValues() throws {
        #expect(try Self.bash("sample ") == ["paint", "set", "pick", "draw", "list"])
        #expect(try Self.bash("sample --") == ["--bus", "--verbose", "--include", "--help"])
        #expect(try Self.bash("sample paint lamp --c") == ["--colour", "--count"])
        #expect(try Self.bash("sample p lamp --colour ") == ["red", "green", "blue"], "an alias, an enum's cases")
        #expect(try Self.bash("sample --bus s") == ["session", "system"])
        #expect(try Self.bash("sample pick ") == ["red", "green", "blue"])
        #expect(try Self.bash("sample pick red ") == [], "pick takes one colour")
        #expect(try Self.bash("sample set a=1 ") == ["a=", "b="], "a repeating operand")
        #expect(try Self.bash("sample list ") == ["--names"], "a command without operands offers its options")
    }

    @Test func bashAsksTheProgramWithTheValuesOfTheLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A stand-in for the program: it prints its arguments, one a line.
        let program = folder.appendingPathComponent("sample").path
        try "#!/bin/sh\nprintf '%s\\n' \"$@\"\n".write(toFile: program, atomically: true, encoding: .utf8)
        chmod(program, 0o755)
        #expect(try Self.bash("\(program) --bus=one pick --target ") == ["--bus", "one", "list", "--names"])
        #expect(try Self.bash("\(program) pick --target ") == ["list", "--names"])
        #expect(try Self.bash("\(program) list --target ") == [], "--target is not list's")
    }

    @Test func fishOffersTheSame() throws {
        #expect(Set(try Self.fish("sample ")) == ["paint", "set", "pick", "draw", "list"])
        #expect(try Self.fish("sample p lamp --colour ") == ["blue", "green", "red"])
        #expect(try Self.fish("sample pick ") == ["blue", "green", "red"])
        #expect(try Self.fish("sample pick red ") == [])
        #expect(try Self.fish("sample list --n") == ["--names"])
    }

    @Test func theZshScriptIsValidAndStartsWithItsCompdef() throws {
        let script = Sample.program.completionScript(for: .zsh)
        #expect(script.hasPrefix("#compdef sample\n"))
        #expect(script.contains("'*--include=[look in DIR too (repeatable)]:DIR:_files'"), "offered again")
        #expect(script.contains("'(--count -n)--count=[how many]:N: '"), "offered once")
        #expect(try Self.run(["zsh", "-n"], input: script).status == 0)
        #expect(try Self.run(["fish", "--no-execute"], input: Sample.program.completionScript(for: .fish)).status == 0)
    }

    // MARK: helpers

    /// What `_sample` offers for `line`, the cursor at its end.
    static func bash(_ line: String) throws -> [String] {
        let script =
            Sample.program.completionScript(for: .bash) + """
                COMP_LINE=$LINE
                COMP_POINT=${#LINE}
                read -ra COMP_WORDS <<<"$LINE"
                [[ $LINE == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                _sample
                if ((${#COMPREPLY[@]})); then printf '%s\\n' "${COMPREPLY[@]}"; fi
                """
        let result = try run(["env", "LINE=\(line)", "bash", "--norc", "--noprofile"], input: script)
        #expect(result.status == 0 && result.errors.isEmpty, "\(result.errors)")
        return result.output.split(separator: "\n").map(String.init)
    }

    /// What fish offers for `line`, without the descriptions.
    static func fish(_ line: String) throws -> [String] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("sample-fish-\(getpid())").path
        let script = Sample.program.completionScript(for: .fish) + "\ncomplete -C \"$LINE\"\n"
        let result = try run(
            [
                "env", "LINE=\(line)", "XDG_CONFIG_HOME=\(home)/config", "XDG_DATA_HOME=\(home)/data", "fish",
                "--no-config",
            ],
            input: script)
        #expect(result.status == 0 && result.errors.isEmpty, "\(result.errors)")
        return result.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    static func run(_ arguments: [String], input: String) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self)
        )
    }
}
