import DBus
import Foundation
import TestSupport
import Testing

/// What petald does with a plugin's code once it runs (docs/plugins.md): a crash
/// quarantines the plugin at the next start, a second completion is ignored,
/// and `--safe-mode` keeps every plugin but the built-in ones off.
@Suite struct PluginRuntimeTests {
    @Test func pluginThatCrashesTheDaemonIsQuarantinedUntilItsFileChanges() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        try lab.compile("good", into: folder, as: "good.so")
        let crash = try lab.compile("crash", into: folder, as: "libboom.so")

        // 1. The action crashes petald.
        let first = try await lab.start([folder])
        #expect(try await first.plugin(at: crash)?.status == "loaded")
        #expect(await first.triggerError("crash.boom") != nil, "Trigger cannot answer: the daemon died")
        try await first.waitForExit()
        #expect(first.process.terminationReason == .uncaughtSignal, "petald died of a signal:\n\(first.log)")
        #expect(first.process.terminationStatus == SIGSEGV)
        first.stop()

        // 2. The next start (systemd would restart it) skips the plugin that was running.
        let second = try await lab.start([folder])
        let row = try #require(try await second.plugin(at: crash))
        #expect(row.status == "quarantined", "\(row)")
        #expect(row.name == "crash", "listed by its name, not its file's stem libboom: \(row)")
        #expect(row.version == "1.0.0", "listed under its own name and version, not its file's: \(row)")
        #expect(row.reason.contains("crashed while this plugin's code was running"), "\(row)")
        #expect(row.reason.contains("until the file changes"), "\(row)")
        #expect(second.log.contains("quarantining plugin crash (\(crash))"), "\(second.log)")
        #expect(!(try await second.actionIDs()).contains("crash.boom"))
        #expect(await second.triggerError("crash.boom")?.name == "org.petal.Petal1.Error.UnknownAction")
        try await second.expectServing(loaded: ["phone", "good"])
        #expect(try await second.trigger("good.ping")["pong"] == .boolean(true))
        second.stop()

        // 3. Still quarantined after a clean restart: the record is on disk, not in memory.
        let third = try await lab.start([folder])
        #expect(try await third.plugin(at: crash)?.status == "quarantined")
        third.stop()

        // 4. A changed file (here: only its modification time) is a new plugin, and loads again.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: crash)
        let fourth = try await lab.start([folder])
        defer { fourth.stop() }
        #expect(try await fourth.plugin(at: crash)?.status == "loaded", "\(fourth.log)")
        #expect(try await fourth.actionIDs().contains("crash.boom"))
        try await fourth.expectServing(loaded: ["phone", "good", "crash"])
    }

    /// Stopping with invocations still inside the plugin: each gets the grace,
    /// is cancelled only after its invoke has returned, and deinit comes last.
    @Test func atStopCancelComesAfterInvokeAndNothingAfterDeinit() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        try lab.compile("order", into: folder, as: "order.so")
        let daemon = try await lab.start([folder])
        let calls = (0..<2).map { _ in Task { await daemon.triggerError("order.wait") } }
        let log = OrderLog(lab)
        try await log.waitForInvocations(2)
        #expect(daemon.stop() == 0, "petald did not stop cleanly:\n\(daemon.log)")
        for call in calls { #expect(await call.value != nil, "a call was not answered") }
        log.expectOrderlyStop()
    }

    /// FIFOs in place of the quarantine's files: start-up neither waits on them nor writes into them.
    @Test func fifosInPlaceOfTheCrashRecordsDoNotHoldUpStartUp() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        try lab.compile("good", into: folder, as: "good.so")
        try FileManager.default.createDirectory(atPath: lab.state + "/petal", withIntermediateDirectories: true)
        for name in ["plugin-crash", "quarantine.json"] {
            #expect(mkfifo(lab.state + "/petal/" + name, 0o600) == 0)
        }
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        #expect(try await daemon.trigger("good.ping")["pong"] == .boolean(true))
        #expect(daemon.log.contains("plugin-crash is a FIFO, not a regular file"), "\(daemon.log)")
    }

    /// A 10 MB result is refused from its length, off the loop, naming the plugin and the action.
    @Test func aHugeResultIsRefusedNamingThePluginAndTheAction() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        try lab.compile("big", into: folder, as: "big.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        let error = await daemon.triggerError("big.result")
        #expect(error?.name == "org.petal.Petal1.Error.ActionFailed", "\(String(describing: error))")
        #expect(
            error?.message
                == "plugin big returned a result for big.result of more than 65536 bytes as JSON; the limit is 65536 bytes",
            "\(String(describing: error))")
        #expect(try await daemon.state() == "collapsed")
    }

    /// A plugin's log text cannot forge a line, reach the terminal raw, or run to a mebibyte.
    @Test func aPluginsLogTextStaysOnItsOwnBoundedLine() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        try lab.compile("noisy", into: folder, as: "noisy.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        let lines = daemon.log.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("petald: forged") }, "a plugin forged a line:\n\(daemon.log)")
        #expect(lines.contains { $0.hasSuffix(#"plugin noisy: first\npetald: forged line"#) })
        #expect(!daemon.log.contains("\u{1B}"), "an ESC reached the log")
        #expect(lines.contains { $0.hasSuffix(#"plugin noisy: \e[2J\e[31mred"#) })
        #expect(lines.allSatisfy { $0.utf8.count < 4300 }, "a line of \(lines.map(\.utf8.count).max() ?? 0) bytes")
        #expect(
            lines.contains { $0.contains("plugin noisy: zzzz") && $0.hasSuffix("… (\((1 << 20) - 4096) bytes cut)") })
    }

    @Test func pluginThatCrashesWhileLoadingIsQuarantined() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        try lab.compile("good", into: folder, as: "good.so")
        let crash = try lab.compile("ctor_crash", into: folder, as: "ctor.so")

        // Its constructor kills petald before it owns its name.
        await #expect(throws: TestSetupError.self) { _ = try await lab.start([folder]) }

        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        let row = try #require(try await daemon.plugin(at: crash))
        #expect(row.status == "quarantined", "\(row)")
        #expect(row.reason.contains("crashed while this plugin's code was running"), "\(row)")
        try await daemon.expectServing(loaded: ["phone", "good"])
    }

    @Test func onlyTheFirstOfSeveralCompletionsCounts() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        try lab.compile("twice", into: folder, as: "twice.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }

        #expect(try await daemon.trigger("twice.go") == ["n": .int32(1)])
        // The third completion comes 200 ms later, from the plugin's own thread.
        try await Task.sleep(for: .milliseconds(500))
        #expect(daemon.process.isRunning, "petald survived the extra completions:\n\(daemon.log)")
        #expect(try await daemon.trigger("twice.go") == ["n": .int32(1)])
        try await Task.sleep(for: .milliseconds(500))
        try await daemon.expectServing(loaded: ["phone", "twice"])
        #expect(daemon.log.contains("plugin twice, action twice.go was completed more than once"), "\(daemon.log)")
    }

    @Test func actionThatNeverCompletesTimesOutWhileEverythingElseIsServed() async throws {
        let lab = try PluginLab()
        try lab.configure(#"{"actions": {"timeout": 2}}"#)
        let folder = try lab.folder("plugins")
        try lab.compile("good", into: folder, as: "good.so")
        try lab.compile("hang", into: folder, as: "hang.so")
        let daemon = try await lab.start([folder], arguments: ["--verbose"])
        defer { daemon.stop() }

        let started = ContinuousClock.now
        let hung = Task { (await daemon.triggerError("hang.wait"), ContinuousClock.now) }
        // While hang.wait waits, other calls are answered: all of these before it times out.
        try await Task.sleep(for: .milliseconds(100))
        for _ in 0..<3 {
            _ = try await daemon.menu("Toggle")
            #expect(try await daemon.trigger("good.ping")["pong"] == .boolean(true))
        }
        let servedBy = ContinuousClock.now
        let (error, answeredAt) = await hung.value
        #expect(servedBy < answeredAt, "the other calls waited for hang.wait")
        #expect(error?.name == "org.petal.Petal1.Error.Timeout", "\(String(describing: error))")
        #expect(error?.message.contains("hang.wait did not finish within 2") == true, "\(String(describing: error))")
        #expect(
            answeredAt - started >= .milliseconds(1900) && answeredAt - started < .seconds(60),
            "answered after \(answeredAt - started)")

        // The timeout is logged at the default level, naming the plugin and the action.
        #expect(daemon.log.contains("plugin hang, action hang.wait (invocation "), "\(daemon.log)")
        // The plugin is told, and its late completion is dropped; the daemon carries on.
        for _ in 0..<200 where !daemon.log.contains("plugin hang: cancel of invocation") {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(daemon.log.contains("plugin hang: cancel of invocation"), "\(daemon.log)")
        // hang completes once it is cancelled: a real late completion, reported naming the plugin.
        for _ in 0..<200 where !daemon.log.contains("plugin hang completed action hang.wait") {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(daemon.log.contains("plugin hang completed action hang.wait (invocation "), "\(daemon.log)")
        try await Task.sleep(for: .milliseconds(100))
        #expect(daemon.process.isRunning)
        try await daemon.expectServing(loaded: ["phone", "good", "hang"])
    }

    /// docs/plugins.md, "One plugin cannot stall another": with 20 invocations stuck
    /// inside one plugin's invoke, another plugin's action and petald's own
    /// calls are answered while they are still stuck.
    @Test func aBlockingInvokeDelaysOnlyItsOwnPlugin() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        let release = lab.root + "/release"
        try lab.compile("block", into: folder, as: "block.so", defines: ["RELEASE_PATH=\"\(release)\""])
        try lab.compile("good", into: folder, as: "good.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        // If other plugins waited behind block's invoke, nothing below would answer until release.
        defer { _ = FileManager.default.createFile(atPath: release, contents: nil) }

        let blocked = (0..<20).map { _ in Task { await daemon.triggerError("block.wait") } }
        try await Task.sleep(for: .milliseconds(200))
        #expect(try await daemon.trigger("good.ping")["pong"] == .boolean(true))
        #expect(
            try await daemon.trigger("command.run", [("argv", .strings(["/bin/echo", "free"]))])["stdout"]
                == .string("free\n"))
        #expect(try await daemon.state() == "collapsed")
        #expect(!FileManager.default.fileExists(atPath: release), "block.wait was still inside invoke throughout")

        _ = FileManager.default.createFile(atPath: release, contents: nil)
        for task in blocked {
            let error = await task.value
            #expect(error == nil || error?.name == "org.petal.Petal1.Error.Busy", "\(String(describing: error))")
        }
    }

    /// A program whose second pipe cannot be made (EMFILE, injected with strace)
    /// fails to start, and the first pipe's two descriptors are closed, not kept.
    @Test func aProgramThatCannotGetItsPipesLeavesNoDescriptorOpen() async throws {
        let lab = try PluginLab()
        let daemon = try await lab.start([])
        defer { daemon.stop() }
        let pid = daemon.process.processIdentifier
        func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
        }
        _ = try await daemon.trigger("command.run", [("argv", .strings(["/bin/true"]))])
        // That program's pipes close as petald reads their ends, which under load may come after the answer.
        var before = try openDescriptors()
        for _ in 0..<50 {
            try await Task.sleep(for: .milliseconds(100))
            let now = try openDescriptors()
            if now == before { break }
            before = now
        }
        let strace = try await injectFault(
            "error=EMFILE:when=2", into: "pipe2", ofProcess: pid,
            logFile: URL(fileURLWithPath: lab.root + "/strace.log"))
        let error = await daemon.triggerError("command.run", [("argv", .strings(["/bin/true"]))])
        _ = strace.stop()
        #expect(error?.name == "org.petal.Petal1.Error.ActionFailed", "\(String(describing: error))")
        #expect(
            error?.message.contains("cannot create pipes: Too many open files") == true, "\(String(describing: error))")
        var after = try openDescriptors()
        for _ in 0..<50 where after != before {
            try await Task.sleep(for: .milliseconds(100))
            after = try openDescriptors()
        }
        #expect(after == before, "the first pipe's descriptors were left open: \(after) open, \(before) before")
        #expect(
            try await daemon.trigger("command.run", [("argv", .strings(["/bin/echo", "fine"]))])["stdout"]
                == .string("fine\n"))
    }

    @Test func safeModeLoadsOnlyTheBuiltInPlugins() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        let good = try lab.compile("good", into: folder, as: "good.so")
        let daemon = try await lab.start([folder], arguments: ["--safe-mode"])
        defer { daemon.stop() }

        let row = try #require(try await daemon.plugin(at: good))
        #expect(row.status == "disabled")
        #expect(row.reason.contains("--safe-mode, which loads only Petal's built-in plugins"), "\(row)")
        #expect(!(try await daemon.actionIDs()).contains("good.ping"))
        #expect(await daemon.triggerError("good.ping")?.name == "org.petal.Petal1.Error.UnknownAction")
        // Every plugin that did load is a built-in one, from beside petald.
        let builtIn = RunningDaemon.binDirectory.path
        for loaded in try await daemon.plugins() where loaded.status == "loaded" {
            #expect(loaded.path.hasPrefix(builtIn + "/libpetal-"), "\(loaded)")
        }
        try await daemon.expectServing(loaded: ["phone"])
    }
}
