import DBus
import Foundation
import TestSupport
import Testing

/// docs/plugins.md, "Isolated plugins": a plugin in a `petal-plugin-host` of its own
/// crashes, blocks and hangs without taking petald, its other plugins or its
/// menu with it; the real petald, the real host, real plugin files.
struct IsolationTests {
    /// A lab whose plugins run isolated, as petald's default isolates every plugin not installed with it.
    private func isolatedLab(_ configuration: String = "{}") throws -> PluginLab {
        let lab = try PluginLab()
        lab.isolate = nil
        try lab.configure(configuration)
        return lab
    }

    @Test func aThirdPartyPluginRunsInAHostOfItsOwnByDefault() async throws {
        let lab = try isolatedLab()
        let folder = try lab.folder("plugins")
        try lab.compile("good", into: folder, as: "good.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }

        let host = try await daemon.hostPID(of: "good")
        #expect(try Process.parent(of: host) == daemon.process.processIdentifier)
        #expect(try Process.executable(of: host).hasSuffix("/petal-plugin-host"))
        #expect(try await daemon.trigger("good.ping") == ["pong": .boolean(true), "plugin": .string("good")])
        // Petal's own plugins stay inside petald.
        #expect(try await daemon.plugin(named: "command")?.reason == "")
        #expect(
            daemon.log.contains("loaded plugin good 1.0.0 from \(folder)/good.so (isolated, pid \(host))"),
            "\(daemon.log)")
    }

    @Test(arguments: [
        ("die.segv", "crashed (SIGSEGV)"), ("die.abort", "crashed (SIGABRT)"), ("die.exit", "exited with status 3"),
    ])
    func aDyingPluginFailsItsCallerAndNothingElse(action: String, cause: String) async throws {
        let lab = try isolatedLab()
        let folder = try lab.folder("plugins")
        try lab.compile("die", into: folder, as: "die.so")
        try lab.compile("good", into: folder, as: "good.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        let petald = daemon.process.processIdentifier
        let first = try await daemon.hostPID(of: "die")

        let error = await daemon.triggerError(action)
        #expect(error?.name == "org.petal.Petal1.Error.ActionFailed", "\(String(describing: error))")
        #expect(error?.message == "plugin die \(cause)", "\(String(describing: error))")
        #expect(daemon.process.isRunning && daemon.process.processIdentifier == petald)
        #expect(daemon.log.contains("plugin die \(cause); its host was pid \(first)"), "\(daemon.log)")
        // The menu and the other plugins answer, and the plugin itself at its next call, in a new host.
        _ = try await daemon.menu("Toggle")
        #expect(try await daemon.trigger("good.ping")["pong"] == .boolean(true))
        #expect(try await daemon.trigger("die.check", [("ok", .boolean(true))]) == ["ok": .boolean(true)])
        let second = try await daemon.hostPID(of: "die")
        #expect(second != first)
        #expect(try await daemon.plugin(named: "die")?.status == "loaded")
    }

    @Test func threeDeathsWithinTenMinutesQuarantineThePluginAsACrashWould() async throws {
        let lab = try isolatedLab()
        let folder = try lab.folder("plugins")
        let die = try lab.compile("die", into: folder, as: "die.so")
        let daemon = try await lab.start([folder])
        for action in ["die.segv", "die.abort", "die.exit"] {
            #expect(await daemon.triggerError(action)?.name == "org.petal.Petal1.Error.ActionFailed")
        }
        let row = try #require(try await daemon.plugin(named: "die"))
        #expect(row.status == "quarantined", "\(row)")
        #expect(
            row.reason.hasPrefix("its host ended 3 times within 10 minutes, the last time: exited with status 3;"),
            "\(row)")
        let refused = await daemon.triggerError("die.check", [("ok", .boolean(true))])
        #expect(refused?.name == "org.petal.Petal1.Error.ActionFailed")
        #expect(
            refused?.message.hasPrefix("plugin die is quarantined: its host ended 3 times") == true,
            "\(String(describing: refused))")
        #expect(daemon.process.isRunning)
        // The record is today's: on disk, and read at the next start, which does not load the plugin.
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: lab.state + "/petal/quarantine.json") {
            try await Task.sleep(for: .milliseconds(10))
        }
        daemon.stop()
        let again = try await lab.start([folder])
        defer { again.stop() }
        #expect(try await again.plugin(at: die)?.status == "quarantined")
        #expect(await again.triggerError("die.check")?.name == "org.petal.Petal1.Error.UnknownAction")
    }

    /// A quarantine cleared while petald runs stays cleared when petald quarantines another plugin.
    @Test func aClearedQuarantineIsNotWrittenBack() async throws {
        let lab = try isolatedLab()
        let folder = try lab.folder("plugins")
        let die = try lab.compile("die", into: folder, as: "die.so")
        let crash = try lab.compile("crash", into: folder, as: "crash.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        let list = lab.state + "/petal/quarantine.json"
        func listed() -> String { (try? String(contentsOfFile: list, encoding: .utf8)) ?? "" }
        for _ in 0..<3 { _ = await daemon.triggerError("die.segv") }
        for _ in 0..<200 where !listed().contains(die) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(listed().contains(die))
        // What `petalctl plugins --clear-quarantine` does.
        #expect(unlink(list) == 0)
        for _ in 0..<3 { _ = await daemon.triggerError("crash.boom") }
        for _ in 0..<200 where !listed().contains(crash) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(listed().contains(crash), "\(listed())")
        #expect(!listed().contains(die), "the cleared entry came back: \(listed())")
    }

    @Test func aQuarantinedPluginComesBackOnceItsFileChanges() async throws {
        let lab = try isolatedLab()
        let folder = try lab.folder("plugins")
        let die = try lab.compile("die", into: folder, as: "die.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        for _ in 0..<3 { _ = await daemon.triggerError("die.segv") }
        #expect(try await daemon.plugin(named: "die")?.status == "quarantined")
        try lab.compile("die", into: folder, as: "die.so")
        #expect(try await daemon.trigger("die.check", [("ok", .boolean(true))]) == ["ok": .boolean(true)])
        #expect(try await daemon.plugin(at: die)?.status == "loaded")
        #expect(
            daemon.log.contains("\(die) has changed since it was quarantined; the quarantine is lifted"),
            "\(daemon.log)")
    }

    @Test func anIsolatedPluginsInvalidParamsPassThrough() async throws {
        let lab = try isolatedLab()
        let folder = try lab.folder("plugins")
        try lab.compile("die", into: folder, as: "die.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        let error = await daemon.triggerError("die.check")
        #expect(error?.name == "org.petal.Petal1.Error.InvalidParams")
        #expect(error?.message == "die.check needs the parameter ok")
    }

    /// A host whose worker is stuck inside the plugin's invoke does not answer
    /// its ping: once the action has timed out, it is killed at the next timeout.
    @Test func aBlockingPluginIsKilledWhileEverythingElseIsServed() async throws {
        let lab = try isolatedLab(#"{"actions": {"timeout": 1}}"#)
        let folder = try lab.folder("plugins")
        try lab.compile("block", into: folder, as: "block.so", defines: ["RELEASE_PATH=\"\(lab.root)/never\""])
        try lab.compile("good", into: folder, as: "good.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        let host = try await daemon.hostPID(of: "block")

        let blocked = Task { await daemon.triggerError("block.wait") }
        try await Task.sleep(for: .milliseconds(100))
        _ = try await daemon.menu("Toggle")
        #expect(try await daemon.trigger("good.ping")["pong"] == .boolean(true))
        #expect(await blocked.value?.name == "org.petal.Petal1.Error.Timeout")
        for _ in 0..<500 where (try? await daemon.plugin(named: "block"))?.reason.contains("pid \(host)") == true {
            try await Task.sleep(for: .milliseconds(10))
        }
        let row = try #require(try await daemon.plugin(named: "block"))
        #expect(
            row.reason.hasPrefix(
                "isolated, not running (its host stopped answering (no answer to a ping within 1 s), and was killed)"),
            "\(row)")
        #expect(
            daemon.log.contains("plugin block: its host, pid \(host), has not answered a ping within 1 s; killing it"),
            "\(daemon.log)")
        #expect(try await daemon.trigger("good.ping")["pong"] == .boolean(true))
    }

    /// A plugin that never completes, but whose host answers, times out and keeps its host.
    @Test func aHangingPluginTimesOutAndKeepsItsHostWhileItAnswers() async throws {
        let lab = try isolatedLab(#"{"actions": {"timeout": 1}}"#)
        let folder = try lab.folder("plugins")
        try lab.compile("hang", into: folder, as: "hang.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        let host = try await daemon.hostPID(of: "hang")
        #expect(await daemon.triggerError("hang.wait")?.name == "org.petal.Petal1.Error.Timeout")
        // The ping after the timeout is answered within another timeout: the host stays.
        try await Task.sleep(for: .milliseconds(1500))
        #expect(try await daemon.hostPID(of: "hang") == host)
        #expect(!daemon.log.contains("has not answered a ping"), "\(daemon.log)")
    }

    /// The SIGTERM systemd sends to every process of petald's unit at stop, or a
    /// terminal's SIGINT, does not end a host: petald ends it, after its plugin's deinit.
    @Test func aHostLivesThroughSIGTERMUntilPetaldEndsIt() async throws {
        let lab = try isolatedLab()
        let folder = try lab.folder("plugins")
        try lab.compile("good", into: folder, as: "good.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        let host = try await daemon.hostPID(of: "good")
        kill(host, SIGTERM)
        kill(host, SIGINT)
        try await Task.sleep(for: .milliseconds(200))
        #expect(Process.isAlive(host))
        #expect(try await daemon.trigger("good.ping")["pong"] == .boolean(true))
        #expect(try await daemon.hostPID(of: "good") == host)
        #expect(daemon.stop() == 0)
        #expect(!Process.isAlive(host))
    }

    /// A list of names isolates those plugins only; a plugin without a note is named by its file, `lib` or not.
    @Test func aListIsolatesThePluginsItNames() async throws {
        let lab = try PluginLab()
        lab.isolate = nil
        try lab.configure(#"{"plugins": {"isolate": ["clock", "command"]}}"#)
        let folder = try lab.folder("plugins")
        try lab.compile("good", into: folder, as: "libclock.so", defines: [#"NAME="clock""#])
        try lab.compile("good", into: folder, as: "good.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        #expect(try await daemon.plugin(named: "clock")?.reason.hasPrefix("isolated, pid ") == true)
        #expect(try await daemon.plugin(named: "command")?.reason.hasPrefix("isolated, pid ") == true)
        #expect(try await daemon.plugin(named: "good")?.reason == "")
        #expect(try await daemon.plugin(named: "camera")?.reason == "")
        #expect(try await daemon.trigger("clock.ping")["plugin"] == .string("clock"))
        #expect(
            try await daemon.trigger("command.run", [("argv", .strings(["/bin/echo", "isolated"]))])["stdout"]
                == .string("isolated\n"))
    }

    /// Under systemd (the stand-in user manager of the tests), a host is a
    /// transient unit of its own, outside petald's sandbox: started with
    /// StartTransientUnit, its end read from its unit, and gone once petald is.
    @Test func underSystemdAHostRunsInATransientUnitOfItsOwn() async throws {
        let lab = try isolatedLab()
        let folder = try lab.folder("plugins")
        try lab.compile("die", into: folder, as: "die.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        // No systemd when petald started: the first host is its child.
        let first = try await daemon.hostPID(of: "die")
        #expect(try Process.parent(of: first) == daemon.process.processIdentifier)
        let record = lab.root + "/systemd-record.json"
        let systemd = try await PythonPeer(
            "systemd_manager.py", arguments: [record], owning: "org.freedesktop.systemd1",
            on: daemon, logFolder: lab.root)
        defer { systemd.stop() }
        try await Task.sleep(for: .milliseconds(200))  // petald hears the manager arrive (NameOwnerChanged)
        #expect(await daemon.triggerError("die.segv")?.message == "plugin die crashed (SIGSEGV)")

        // The next host is the manager's.
        #expect(
            try await daemon.trigger("die.check", [("ok", .boolean(true))]) == ["ok": .boolean(true)], "\(daemon.log)")
        let second = try await daemon.hostPID(of: "die")
        #expect(try Process.parent(of: second) == systemd.process.processIdentifier)
        let calls = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: record))) as? [[String: Any]])
        #expect(calls.count == 1)
        let call = try #require(calls.first)
        let unit = try #require(call["name"] as? String)
        #expect(unit.hasPrefix("petal-plugin-host-die-") && unit.hasSuffix(".service"), "\(unit)")
        let properties = try #require(call["properties"] as? [String: [Any]])
        #expect((properties["Type"]?.last as? String) == "exec")
        #expect((properties["CollectMode"]?.last as? String) == "inactive")
        #expect((properties["NoNewPrivileges"]?.last as? Bool) == true)
        #expect((properties["TimeoutStopUSec"]?.last as? Int) == 5_000_000)
        #expect(properties["BindsTo"] == nil, "petald runs in no unit here")
        let environment = (properties["Environment"]?.last as? [String]) ?? []
        #expect(environment.contains("PETAL_HOST_UNIT=\(unit)"), "\(environment)")
        #expect(!environment.contains { $0.hasPrefix("PETAL_HOST_PARENT=") }, "\(environment)")
        let exec = (properties["ExecStart"]?.last as? [[Any]])?.first?.first as? String
        #expect(exec?.hasSuffix("/petal-plugin-host") == true, "\(String(describing: exec))")
        #expect(daemon.log.contains("its host, pid \(second) in \(unit), is ready"), "\(daemon.log)")

        // How it ends is what systemd says of its unit.
        #expect(await daemon.triggerError("die.abort")?.message == "plugin die crashed (SIGABRT)", "\(daemon.log)")
        #expect(
            daemon.log.contains("plugin die crashed (SIGABRT); its host was pid \(second) in \(unit)"), "\(daemon.log)")

        // A host outlives no petald, even one killed: its connection ends, and so does it.
        #expect(try await daemon.trigger("die.check", [("ok", .boolean(true))]) == ["ok": .boolean(true)])
        let third = try await daemon.hostPID(of: "die")
        daemon.stop(signal: SIGKILL)
        for _ in 0..<1000 where Process.isAlive(third) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!Process.isAlive(third), "the unit's host outlived petald")
    }

    @Test func isolateNoneRunsEveryPluginInsidePetald() async throws {
        let lab = try PluginLab()
        lab.isolate = "none"
        let folder = try lab.folder("plugins")
        try lab.compile("good", into: folder, as: "good.so")
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }
        #expect(try await daemon.plugin(named: "good")?.reason == "")
        #expect(try await daemon.trigger("good.ping")["pong"] == .boolean(true))
        #expect(try Process.children(of: daemon.process.processIdentifier).isEmpty)
    }

    @Test func killingPetaldWithSIGKILLLeavesNoHost() async throws {
        let lab = try isolatedLab()
        let folder = try lab.folder("plugins")
        try lab.compile("good", into: folder, as: "good.so")
        try lab.compile("die", into: folder, as: "die.so")
        let daemon = try await lab.start([folder])
        let hosts = [try await daemon.hostPID(of: "good"), try await daemon.hostPID(of: "die")]
        daemon.stop(signal: SIGKILL)
        for _ in 0..<500 where hosts.contains(where: Process.isAlive) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(!hosts.contains(where: Process.isAlive), "hosts \(hosts) outlived petald")
    }

    /// docs/plugins.md, "Lifecycle", in a host: at stop each running invocation is
    /// cancelled after its invoke returned, deinit comes last, and the host exits.
    @Test func atStopAnIsolatedPluginIsCancelledThenDeinitialisedAndItsHostExits() async throws {
        let lab = try isolatedLab()
        let folder = try lab.folder("plugins")
        try lab.compile("order", into: folder, as: "order.so")
        let daemon = try await lab.start([folder])
        let host = try await daemon.hostPID(of: "order")
        let calls = (0..<2).map { _ in Task { await daemon.triggerError("order.wait") } }
        let log = OrderLog(lab)
        try await log.waitForInvocations(2)
        #expect(daemon.stop() == 0, "petald did not stop cleanly:\n\(daemon.log)")
        for call in calls { #expect(await call.value != nil, "a call was not answered") }
        #expect(!Process.isAlive(host), "the host outlived petald's stop")
        log.expectOrderlyStop()
    }
}
