import DBus
import Foundation
import PetalCore
import PetalJSON
import PetalPlugin
import Testing

@testable import CommandPlugin

/// `command.run`: its parameters and settings as pure logic, then real
/// programs through petald: no shell, exit status and output tails,
/// timeout, env, cwd, detach.
@Suite struct CommandTests {
    private func request(_ params: JSONObject, settings: JSONObject = [:]) throws -> CommandRequest {
        try CommandRequest(Parameters(params), settings: Settings(plugin: "command", settings))
    }

    // MARK: Parameters and settings

    @Test func fullRequestIsReadAsGiven() throws {
        let read = try request([
            "argv": ["/bin/echo", "-n", "a b"], "env": ["LANG": "C"], "cwd": "/tmp", "timeout": 2.5,
        ])
        #expect(read.argv == ["/bin/echo", "-n", "a b"])
        #expect(read.environment == ["LANG": "C"])
        #expect(read.directory == "/tmp")
        #expect(read.timeout == 2.5)
        #expect(!read.detach)
    }

    @Test func timeoutComesFromTheParameterThenTheSettingThenTen() throws {
        #expect(try request(["argv": ["true"]]).timeout == 10)
        #expect(try request(["argv": ["true"]], settings: ["timeout": 3]).timeout == 3)
        #expect(try request(["argv": ["true"], "timeout": 1], settings: ["timeout": 3]).timeout == 1)
    }

    static let badParams: [(JSONObject, String)] = [
        ([:], "argv"),
        (["argv": []], "argv"),
        (["argv": "/bin/echo hi"], "argv"),
        (["argv": ["/bin/echo", 3]], "argv[1]"),
        (["argv": [""]], "argv"),
        (["argv": ["echo"], "env": ["A": 1]], "env.A"),
        (["argv": ["echo"], "env": "A=1"], "env"),
        (["argv": ["echo"], "env": ["A=B": "1"]], "A=B"),
        (["argv": ["echo"], "cwd": "relative/folder"], "relative/folder"),
        (["argv": ["echo"], "timeout": 0], "timeout"),
        (["argv": ["echo"], "timeout": -1], "timeout"),
        (["argv": ["echo"], "timeout": "5"], "timeout"),
        (["argv": ["echo"], "detach": true, "timeout": 5], "detach"),
        (["argv": ["echo"], "shell": true], "shell"),
    ]

    @Test(arguments: badParams)
    func badParamsAreNamed(params: JSONObject, named: String) {
        #expect {
            try request(params)
        } throws: { error in
            guard case .invalidParams(let message) = error as? PluginError else { return false }
            return message.contains(named)
        }
    }

    @Test func allowListRefusesOtherProgramsNamingProgramAndSetting() throws {
        let settings: JSONObject = ["allow": ["/bin/echo", "ls"]]
        #expect(try request(["argv": ["ls", "-l"]], settings: settings).argv == ["ls", "-l"])
        #expect {
            try request(["argv": ["/bin/rm", "-rf", "/"]], settings: settings)
        } throws: { error in
            guard case .invalidParams(let message) = error as? PluginError else { return false }
            return message.contains("/bin/rm") && message.contains("plugins.settings.command.allow")
        }
        // The name is compared exactly: "echo" on PATH is not "/bin/echo".
        #expect(throws: PluginError.self) { try request(["argv": ["echo"]], settings: settings) }
    }

    static let badSettings: [(JSONObject, String)] = [
        (["allow": "echo"], "allow"), (["timeout": "ten"], "timeout"), (["timeout": 0], "timeout"),
    ]

    @Test(arguments: badSettings)
    func malformedSettingsFailNamingTheSetting(settings: JSONObject, key: String) {
        #expect {
            try request(["argv": ["echo"]], settings: settings)
        } throws: { error in
            guard case .failed(let message) = error as? PluginError else { return false }
            return message.contains("plugins.settings.command.\(key)")
        }
    }

    // MARK: Through petald

    @Test func argumentsReachTheProgramLiterallyNeverThroughAShell() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let sentinel = try petal.scratch.path("SENTINEL")
        let arguments = [
            "; touch \(sentinel)", "$(touch \(sentinel))", "`touch \(sentinel)`", "a\nb && touch \(sentinel)",
            "&&", "-rf", "--help", "| cat", "> \(sentinel)", "*", "~", "$HOME", "'\"",
        ]
        let result = try await petal.trigger(
            "command.run",
            [
                ("argv", .strings(["/usr/bin/printf", "[%s]\n"] + arguments)), ("cwd", .string(petal.scratch.url.path)),
            ])
        #expect(result["status"]?.integerValue == 0, "\(result)")
        #expect(result["stdout"]?.stringValue == arguments.map { "[\($0)]\n" }.joined())
        #expect(result["stderr"]?.stringValue == "")
        try await Task.sleep(for: .milliseconds(200))
        #expect(!FileManager.default.fileExists(atPath: sentinel))
        #expect(!petal.scratch.exists("*"))
    }

    @Test func exitStatusAndStandardErrorAreReported() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let result = try await petal.trigger(
            "command.run", [("argv", .strings(["/bin/ls", "/nonexistent-petal-path"]))])
        #expect(result["status"]?.integerValue == 2, "\(result)")
        #expect(result["stdout"]?.stringValue == "")
        #expect(result["stderr"]?.stringValue?.contains("/nonexistent-petal-path") == true, "\(result)")
    }

    @Test func outputIsCutToItsTail() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let result = try await petal.trigger("command.run", [("argv", .strings(["/usr/bin/seq", "100000"]))])
        let output = try #require(result["stdout"]?.stringValue)
        #expect(output.hasSuffix("\n99999\n100000\n"))
        #expect(output.utf8.count <= 16 * 1024 && output.utf8.count > 1024)
    }

    @Test func timeoutStopsTheProgramWellBeforeTheDaemonGivesUp() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let start = ContinuousClock.now
        let result = try await petal.trigger(
            "command.run", [("argv", .strings(["/bin/sleep", "30"])), ("timeout", .double(0.5))])
        let elapsed = ContinuousClock.now - start
        #expect(result["status"]?.integerValue == Int64(128 + SIGTERM), "\(result)")
        #expect(result["timedOut"] == .boolean(true), "\(result)")
        // Far below the 30 s the program would take, however loaded the machine.
        #expect(elapsed < .seconds(25), "took \(elapsed)")
    }

    // MARK: No process outlives its invocation

    /// The pids of running processes whose command line is exactly `argv`.
    private func processes(_ argv: [String]) -> [Int32] {
        let wanted = argv.joined(separator: "\u{0}") + "\u{0}"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: data, as: UTF8.self) == wanted
        }
    }

    /// Waits up to five seconds for every process running `argv` to be gone.
    private func expectGone(_ argv: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<250 where !processes(argv).isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        #expect(processes(argv).isEmpty, "\(argv) outlived its invocation", sourceLocation: sourceLocation)
    }

    @Test func anInvocationThatTimesOutTakesItsProgramAndItsChildrenWithIt() async throws {
        let petal = try await PluginDaemon(configuration: #"{"actions": {"timeout": 1}}"#)
        defer { petal.stop() }
        let child = ["/bin/sleep", "41.25"]
        let program = ["/bin/sleep", "41.5"]
        let script = "\(child.joined(separator: " ")) & exec \(program.joined(separator: " "))"
        await petal.expectError("Timeout", "command.run", [("argv", .strings(["/bin/sh", "-c", script]))])
        try await expectGone(program)
        try await expectGone(child)
    }

    @Test func aTimedOutProgramsChildrenGoToo() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let child = ["/bin/sleep", "42.25"]
        let script = "\(child.joined(separator: " ")) & exec /bin/sleep 42.5"
        let result = try await petal.trigger(
            "command.run", [("argv", .strings(["/bin/sh", "-c", script])), ("timeout", .double(0.5))])
        #expect(result["timedOut"] == .boolean(true), "\(result)")
        try await expectGone(child)
    }

    /// A background child holding the pipes does not keep the result waiting,
    /// and does not outlive the program.
    @Test func aChildLeftBehindHoldingTheOutputIsEndedWithTheProgram() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let child = ["/bin/sleep", "43.25"]
        let start = ContinuousClock.now
        let result = try await petal.trigger(
            "command.run", [("argv", .strings(["/bin/sh", "-c", "\(child.joined(separator: " ")) & echo done"]))])
        #expect(ContinuousClock.now - start < .seconds(30), "the result waited for the child")
        #expect(result["status"]?.integerValue == 0, "\(result)")
        #expect(result["stdout"]?.stringValue == "done\n", "\(result)")
        try await expectGone(child)
    }

    @Test func stoppingPetaldEndsTheProgramsItRuns() async throws {
        let petal = try await PluginDaemon()
        let program = ["/bin/sleep", "44.5"]
        let running = Task {
            try? await petal.trigger("command.run", [("argv", .strings(program))], timeout: .seconds(60))
        }
        for _ in 0..<250 where processes(program).isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!processes(program).isEmpty, "the program did not start")
        petal.stop()
        _ = await running.value
        #expect(processes(program).isEmpty, "the program outlived petald")
    }

    @Test func environmentAndWorkingFolderAreHonoured() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let value = "a b; $(touch x) `y`"
        let env = try await petal.trigger(
            "command.run",
            [
                ("argv", .strings(["/usr/bin/env"])), ("env", .vardict([("PETAL_TEST_VALUE", .string(value))])),
            ])
        let lines = env["stdout"]?.stringValue?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.contains("PETAL_TEST_VALUE=\(value)"), "\(env)")

        let folder = try petal.scratch.path("work folder", folder: true)
        let pwd = try await petal.trigger("command.run", [("argv", .strings(["/bin/pwd"])), ("cwd", .string(folder))])
        #expect(pwd["stdout"]?.stringValue == folder + "\n", "\(pwd)")
    }

    @Test func detachedProgramStartsAndIsNotWaitedFor() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        // The program runs until the test releases it, so the reply arriving at all shows it was not waited for.
        let release = try petal.scratch.path("release")
        let program = try StandIn(
            "petal-detached", in: petal.bin, record: petal.scratch.path("record"),
            extra: "while [ ! -e '\(release)' ]; do sleep 0.05; done")
        defer { _ = FileManager.default.createFile(atPath: release, contents: nil) }
        let result = try await petal.trigger(
            "command.run",
            [
                ("argv", .strings(["petal-detached", "one", "two words"])),
                ("detach", .boolean(true)),
            ])
        #expect((result["pid"]?.integerValue ?? 0) > 1, "a detached program reports its pid: \(result)")
        #expect(await program.firstCall() == ["petal-detached", "one", "two words"])
    }

    @Test func missingProgramIsNamed() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let message = await petal.expectError(
            "ActionFailed", "command.run", [("argv", .strings(["petal-no-such-program"]))])
        #expect(message.contains("petal-no-such-program"), "\(message)")
    }

    @Test func badArgvIsInvalidParams() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let message = await petal.expectError("InvalidParams", "command.run", [("argv", .string("/bin/echo hi"))])
        #expect(message.contains("argv"), "\(message)")
        await petal.expectError("InvalidParams", "command.run", [("argv", .strings([]))])
        await petal.expectError("InvalidParams", "command.run")
    }
}
