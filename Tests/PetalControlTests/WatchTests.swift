import Foundation
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// `petalctl watch` and `watch --waybar` print real changes as they happen.
@Suite struct WatchTests {
    /// Toggles until the watcher shows it is subscribed, then waits for the menu to rest.
    func waitUntilSubscribed(_ watcher: StreamingCommand, _ daemon: RunningDaemon) async throws {
        for _ in 0..<100 where watcher.output.isEmpty {
            _ = try await daemon.menu("Toggle")
            try await Task.sleep(for: .milliseconds(100))
        }
        let state = try await daemon.state()
        try await daemon.waitForState(state.hasPrefix("expand") ? "expanded" : "collapsed")
        try await Task.sleep(for: .milliseconds(100))
    }

    @Test func watchSignalsPrintsEachSignalOnALine() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let watcher = try StreamingCommand(Petalctl.command(on: daemon, ["watch", "--signals"]))
        defer { watcher.stop() }
        try await waitUntilSubscribed(watcher, daemon)
        let before = watcher.output.count
        _ = try await daemon.menu("Close")
        try await daemon.waitForState("collapsed")
        _ = try await daemon.menu("Open")
        try await daemon.waitForState("expanded")
        _ = try await daemon.menu("Trigger", [.string("test.noop"), .vardict([])])
        let lines = try await watcher.waitForLine { $0.hasPrefix("ActionFinished") }
        let new = Array(lines.dropFirst(before))
        let states = new.filter { $0.hasPrefix("StateChanged") }
        #expect(states.last == "StateChanged menu=main state=expanded previous=expanding", "\(new)")
        #expect(new.contains("PropertiesChanged menu=main State=expanded"))
        #expect(
            new.contains {
                $0.hasPrefix("ActionStarted menu=main invocation=") && $0.hasSuffix("action=test.noop item=")
            })
        #expect(
            new.contains {
                $0.hasPrefix("ActionFinished menu=main invocation=") && $0.contains("action=test.noop success=true")
            })
    }

    /// The lines of petalctl(1)'s `watch`, in the order things happen, each once.
    @Test func watchSaysWhatHappensOneLineAnEvent() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let watcher = try StreamingCommand(Petalctl.command(on: daemon, ["watch"]))
        defer { watcher.stop() }
        try await waitUntilSubscribed(watcher, daemon)
        if try await daemon.state() == "expanded" {
            _ = try await daemon.menu("Close")
            try await daemon.waitForState("collapsed")
        }
        let before = watcher.output.count
        _ = try await daemon.menu("Open")
        try await daemon.waitForState("expanded")
        try await daemon.setProperty("Highlighted", .string("like"))
        _ = try await daemon.menu("Activate", [.string("echo")])
        try await daemon.waitForState("collapsed")
        _ = try? await daemon.menu("Trigger", [.string("test.fail"), .vardict([])])
        let client = PetalClient(connection: daemon.client)
        try await client.setContext(DesktopContext(app: "firefox", title: "Pull \"requests\"", source: "test"))
        try await client.reload()
        let lines = try await watcher.waitForLine { $0.hasPrefix("reload ok") }
        let new = Array(lines.dropFirst(before))
        #expect(
            new.prefix(7) == [
                "opened main", "highlight main like", "chose main echo", "closed main",
                "action started test.echo (item echo)", "action finished test.echo ok", "action started test.fail",
            ], "\(new)")
        #expect(new.contains { $0.hasPrefix("action finished test.fail failed: org.petal.Petal1.Error.ActionFailed") })
        #expect(new.contains(#"context firefox "Pull \"requests\"""#), "\(new)")
        // The test daemon's item "missing" names an action nothing provides.
        #expect(new.last == "reload ok (1 warning)", "\(new)")
        #expect(!new.contains { $0.contains("PropertiesChanged") || $0.contains("expanded") }, "\(new)")
    }

    @Test func watchJSONPrintsOneObjectALine() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let watcher = try StreamingCommand(Petalctl.command(on: daemon, ["watch", "--json"]))
        defer { watcher.stop() }
        try await waitUntilSubscribed(watcher, daemon)
        try await daemon.setProperty("Highlighted", .string("like"))
        let lines = try await watcher.waitForLine { $0.contains("Highlighted") }
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["signal"] is String, "\(line)")
        }
        let last = try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any]
        #expect(last?["signal"] as? String == "PropertiesChanged")
        #expect((last?["changed"] as? [String: Any])?["Highlighted"] as? String == "like")
    }

    @Test func waybarGetsALineAtStartAndOnEveryChange() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let watcher = try StreamingCommand(Petalctl.command(on: daemon, ["watch", "--waybar"]))
        defer { watcher.stop() }
        let first = try await watcher.waitForLines(1)
        let start = try waybar(first[0])
        #expect(start["alt"] as? String == "collapsed")
        #expect(start["class"] as? String == "collapsed")
        #expect(start["text"] is String)
        #expect((start["tooltip"] as? String)?.contains("Echo") == true)

        _ = try await daemon.menu("Open")
        // While a menu is open, alt names it and the classes are its state and name.
        let opened = try await watcher.waitForLine {
            (try? waybar($0)["class"] as? [String]) == ["expanded", "main"]
        }
        #expect(opened.count >= 2)
        #expect(try waybar(opened.last!)["alt"] as? String == "main")

        // An action running adds the class "running"; its end removes it.
        async let slow = daemon.menu(
            "Trigger", [.string("test.slow"), .vardict([("seconds", .variant(.double(0.5)))])])
        let running = try await watcher.waitForLine {
            (try? waybar($0)["class"] as? [String]) == ["expanded", "main", "running"]
        }
        #expect(running.last?.contains("1 action running") == true)
        _ = try await slow
        let settled = try await watcher.waitForLines(running.count + 1)
        #expect(try waybar(settled[running.count])["class"] as? [String] == ["expanded", "main"])
        // No line repeats the one before it.
        let all = watcher.output
        #expect(zip(all, all.dropFirst()).allSatisfy { $0 != $1 })
    }

    @Test func waybarShowsOfflineWhenPetaldStopsAndRecoversWhenItReturns() async throws {
        let daemon = try await RunningDaemon()
        let bus = daemon.bus
        let watcher = try StreamingCommand(Petalctl.command(on: daemon, ["watch", "--waybar"]))
        defer { watcher.stop() }
        try await watcher.waitForLines(1)
        // Stop the daemon but keep its bus: start a second daemon on the same bus afterwards.
        kill(daemon.process.processIdentifier, SIGKILL)
        try await watcher.waitForLine { (try? waybar($0)["alt"] as? String) == "offline" }
        #expect(watcher.isRunning)
        let second = try await RunningDaemon(bus: bus)
        defer { second.stop() }
        try await watcher.waitForLine { line in
            (try? waybar(line)["alt"] as? String) == "collapsed" && watcher.output.contains { $0.contains("offline") }
        }
        daemon.stop()
    }

    /// As waybar runs its modules: SIGPIPE ignored, so a write to a pipe whose
    /// reader has gone fails with EPIPE rather than killing petalctl.
    @Test(
        "watch ends with status 0 once its reader exits, with SIGPIPE ignored",
        arguments: [["watch"], ["watch", "--json"], ["watch", "--waybar"]])
    func watchEndsWhenItsReaderExits(_ arguments: [String]) async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let watch = Petalctl.command(on: daemon, arguments).map(shellQuoted).joined(separator: " ")
        // pipefail: the status is petalctl's; timeout ends a watcher that outlives its reader (status 124).
        let script = "trap '' PIPE; set -o pipefail; \(watch) | head -n 1"
        let ended = Task { try await ExternalCommand.running(["timeout", "10", "bash", "-c", script]) }
        // The plain forms print only on a change: make changes until the pipeline ends.
        let toggler = Task {
            while !Task.isCancelled {
                _ = try? await daemon.menu("Toggle")
                try? await Task.sleep(for: .milliseconds(150))
            }
        }
        defer { toggler.cancel() }
        let run = try await ended.value
        #expect(run.status == 0, "\(run.summary)")
        #expect(run.output.split(separator: "\n").count == 1, "head's one line: \(run.output)")
        #expect(run.errors.isEmpty, "nothing said on standard error: \(run.errors)")
    }

    @Test("watch started behind a pipe whose reader has already gone ends at once")
    func watchBehindAClosedPipeEnds() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let watch = Petalctl.command(on: daemon, ["watch", "--waybar"]).map(shellQuoted).joined(separator: " ")
        let script = "trap '' PIPE; set -o pipefail; { sleep 0.3; exec \(watch); } | true"
        let run = try await ExternalCommand.running(["timeout", "10", "bash", "-c", script])
        #expect(run.status == 0, "\(run.summary)")
    }

    @Test("a watch whose output cannot be written says why and exits 1")
    func watchReportsAWriteError() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let watch = Petalctl.command(on: daemon, ["watch", "--waybar"]).map(shellQuoted).joined(separator: " ")
        let run = try await ExternalCommand.running(["timeout", "10", "bash", "-c", "\(watch) > /dev/full"])
        #expect(run.status == 1, "\(run.summary)")
        #expect(run.errors == "petalctl: cannot write to standard output: No space left on device\n", "\(run.errors)")
    }

    @Test("the waybar line says offline in its text too, so waybar shows the module and its offline class")
    func waybarOfflineLineHasText() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let watcher = try StreamingCommand(Petalctl.command(on: daemon, ["watch", "--waybar"]))
        defer { watcher.stop() }
        try await watcher.waitForLines(1)
        kill(daemon.process.processIdentifier, SIGKILL)  // petald goes; its bus stays
        let lines = try await watcher.waitForLine { (try? waybar($0)["alt"] as? String) == "offline" }
        let offline = try waybar(lines.last!)
        #expect(offline["text"] as? String == "offline")
        #expect(offline["class"] as? String == "offline")
    }

    func waybar(_ line: String) throws -> [String: Any] {
        try (JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
    }
}
