import DBus
import Foundation
import PetalAPI
import PetalControl
import PetalCore
import TestSupport
import Testing

/// `petalctl context` and `petalctl show --context` (docs/context.md) against
/// petal-test-daemon on a private bus, with menus for a browser and for
/// GitHub in it: the context printed, set and held while petalctl runs,
/// gone when it ends, set again when petald is replaced.
@Suite(.timeLimit(.minutes(2))) struct ContextCommandTests {
    static let configuration = #"""
        {
          "menu": { "openDuration": 0, "closeDuration": 0 },
          "items": [ { "id": "echo", "title": "Echo", "icon": "", "action": "test.echo" } ],
          "menus": {
            "browser": { "when": { "app": "firefox|chromium" },
                         "items": [ { "id": "back", "title": "Back", "icon": "", "action": "test.noop" } ] },
            "github":  { "when": { "app": "firefox", "title": ".*GitHub.*" },
                         "items": [ { "id": "pr", "title": "PR", "icon": "", "action": "test.noop" } ] }
          }
        }
        """#

    /// petal-test-daemon with ``configuration`` on a new bus.
    static func daemon() async throws -> RunningDaemon {
        try await RunningDaemon(environment: ["PETAL_TEST_CONFIG": try configurationFile().path])
    }

    static func configurationFile() throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petalctl-context-\(UUID().uuidString.prefix(8)).json")
        try Data(configuration.utf8).write(to: file)
        return file
    }

    /// A second petal-test-daemon taking `org.petal.Petal1` over on `daemon`'s
    /// bus (`--replace`), started without a daemon slot of its own: the test
    /// holds one already, and waiting for another could wait for ever.
    static func replacement(of daemon: RunningDaemon) throws -> Process {
        let process = Process()
        process.executableURL = RunningDaemon.binDirectory.appendingPathComponent("petal-test-daemon")
        process.arguments = ["--bus", daemon.bus.address, "--replace"]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["PETAL_TEST_CONFIG": try configurationFile().path]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func context(of daemon: RunningDaemon) async throws -> DesktopContext {
        try await PetalClient(connection: daemon.client).context()
    }

    /// Polls `condition` until it holds or 20 s pass; returns whether it held.
    func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return try await condition()
    }

    /// `petalctl context KEY=VALUE…` running, its standard output kept.
    final class Holder: @unchecked Sendable {
        let process = Process()
        let output = Pipe()

        init(on daemon: RunningDaemon, _ words: [String], json: Bool = false) throws {
            process.executableURL = URL(fileURLWithPath: Petalctl.path)
            process.arguments = ["--bus", daemon.bus.address] + (json ? ["--json"] : []) + ["context"] + words
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        /// Sends `signal` and returns the exit status and everything printed.
        func end(with signal: Int32) -> (status: Int32, printed: String) {
            kill(process.processIdentifier, signal)
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationReason == .exit ? process.terminationStatus : -1, printed)
        }

        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    }

    @Test func withNoContextItSaysSo() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        let text = try await Petalctl.run(on: daemon, ["context"])
        #expect(text.status == 0, "\(text.summary)")
        #expect(text.output.hasPrefix("No context is set: no source runs"))
        let json = try await Petalctl.run(on: daemon, ["--json", "context"])
        #expect(json.output == "{}\n")
    }

    @Test func itPrintsTheContextAnySourceSet() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        let title = "Petal\u{1B}[31m — GitHub\n"
        try await PetalClient(connection: daemon.client).setContext(
            DesktopContext(app: "firefox", title: title, output: "DP-1", source: "petal-context/sway"))
        let text = try await Petalctl.run(on: daemon, ["context"])
        #expect(
            text.output == """
                app     firefox
                title   Petal\\e[31m — GitHub\\n
                output  DP-1
                source  petal-context/sway

                """, "control characters are escaped, never sent to the terminal")
        let json = try await Petalctl.run(on: daemon, ["context", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: String]
        #expect(object == ["app": "firefox", "title": title, "output": "DP-1", "source": "petal-context/sway"])
    }

    @Test func settingHoldsTheContextUntilInterruptedAndShowContextFollowsIt() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        let holder = try Holder(on: daemon, ["app=firefox", "title=Pull requests · GitHub", "output=DP-1"])
        let expected = DesktopContext(
            app: "firefox", title: "Pull requests · GitHub", output: "DP-1", source: "petalctl")
        #expect(try await eventually { try await Self.context(of: daemon) == expected })

        let shown = try await Petalctl.run(on: daemon, ["--json", "show", "--context"])
        #expect(
            shown.output == #"{"menu":"github","path":"/org/petal/Petal1/menus/github"}"# + "\n", "\(shown.summary)")
        let placement = try await PetalClient(connection: daemon.client).menu(named: "github").snapshot().placement
        #expect(placement.output == "DP-1", "on the context's output")

        let (status, printed) = holder.end(with: SIGTERM)
        #expect(status == 0, "interrupted is how it ends")
        #expect(
            printed == """
                Context set: app="firefox" title="Pull requests · GitHub" output="DP-1" source="petalctl".
                Holding it until interrupted (Ctrl-C); it is cleared when petalctl ends.

                """)
        #expect(try await eventually { try await Self.context(of: daemon) == .none }, "what it set went with it")
        let closed = try await Petalctl.run(on: daemon, ["close", "--menu", "github"])
        #expect(closed.status == 0)
        let main = try await Petalctl.run(on: daemon, ["--json", "show", "--context"])
        #expect(main.output == #"{"menu":"main","path":"/org/petal/Petal1"}"# + "\n")
    }

    @Test func aReplacedPetaldIsGivenTheContextAgain() async throws {
        let daemon = try await Self.daemon()
        defer { daemon.stop() }
        let holder = try Holder(on: daemon, ["app=chromium"], json: true)
        let expected = DesktopContext(app: "chromium", source: "petalctl")
        #expect(try await eventually { try await Self.context(of: daemon) == expected })
        let first = try await daemon.client.call(
            BusDaemonInterface.getNameOwner, on: .bus, at: .bus, "org.petal.Petal1")
        let second = try Self.replacement(of: daemon)
        defer {
            kill(second.processIdentifier, SIGKILL)
            second.waitUntilExit()
        }
        #expect(
            try await eventually {
                let owner = try? await daemon.client.call(
                    BusDaemonInterface.getNameOwner, on: .bus, at: .bus, "org.petal.Petal1")
                return owner != nil && owner != first
            })
        #expect(
            try await eventually { try await Self.context(of: daemon) == expected },
            "the new petald knows no context until petalctl sets it again")
        let (status, printed) = holder.end(with: SIGINT)
        #expect(status == 0)
        #expect(printed == #"{"app":"chromium","source":"petalctl"}"# + "\n")
    }

    @Test(arguments: [
        (
            ["context", "source=me"],
            "petalctl sets source itself, to petalctl; give app=, instance=, title= and output="
        ),
        (
            ["context", "class=firefox"],
            #"the context has no key "class"; its keys are app, instance, title and output"#
        ),
        (["context", "app=a", "app=b"], "app is given twice"),
        (
            ["context", "firefox"],
            #"context takes KEY=VALUE words, e.g. petalctl context app=firefox title=Mail, not "firefox""#
        ),
        (
            ["context", "--menu", "web"],
            "context takes no --menu; the commands that act on one menu are toggle, open, close, back, status, items, activate, highlight, choose, layout, preview"
        ),
        (
            ["context", "title=" + String(repeating: "x", count: 4097)],
            "title is 4097 bytes long; a value of the context has at most 4096"
        ),
    ])
    func wrongWordsAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await Petalctl.run(on: nil, arguments)
        #expect(result.status == 2)
        #expect(result.errors == "petalctl: \(message)\nSee petalctl --help.\n", "\(result.summary)")
    }

    @Test func theWordsParseIntoAContextFromPetalctl() throws {
        let invocation = try Invocation(arguments: ["context", "app=foot", "title=", "output=HDMI-A-1"])
        #expect(
            invocation.command
                == .context(set: DesktopContext(app: "foot", title: "", output: "HDMI-A-1", source: "petalctl")))
        #expect(try Invocation(arguments: ["context"]).command == .context(set: nil))
        #expect(try Invocation(arguments: ["--json", "context"]).json)
    }
}
