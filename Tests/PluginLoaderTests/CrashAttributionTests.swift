import DBus
import Foundation
import TestSupport
import Testing

/// docs/plugins.md, "Blame only the guilty": after petald dies, the next start
/// quarantines the one plugin whose code was running on the crashing thread,
/// or whose code holds the faulting instruction; plugins that merely had an
/// invocation pending, and a SIGKILL, blame nobody.
@Suite struct CrashAttributionTests {
    @Test func onlyThePluginWhoseCodeCrashedIsQuarantinedNotThoseWithPendingInvocations() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        try lab.compile("good", into: folder, as: "good.so")
        let hang = try lab.compile("hang", into: folder, as: "hang.so")
        let crash = try lab.compile("crash", into: folder, as: "libboom.so")

        let first = try await lab.start([folder])
        // Pending when petald dies: another plugin's invocation, and the built-in command.run.
        let pending = [
            Task { await first.triggerError("hang.wait") },
            Task { await first.triggerError("command.run", [("argv", .strings(["/bin/sleep", "3"]))]) },
        ]
        try await waitUntil(first.log.contains("started /bin/sleep") || first.log.contains("sleep"), first)
        try await Task.sleep(for: .milliseconds(200))
        #expect(await first.triggerError("crash.boom") != nil, "Trigger cannot answer: the daemon died")
        try await first.waitForExit()
        #expect(first.process.terminationStatus == SIGSEGV, "petald died of SIGSEGV:\n\(first.log)")
        for task in pending { _ = await task.value }
        first.stop()

        let second = try await lab.start([folder])
        defer { second.stop() }
        #expect(try await second.plugin(at: crash)?.status == "quarantined")
        #expect(
            try await second.plugin(at: hang)?.status == "loaded", "a pending invocation is no blame:\n\(second.log)")
        try await second.expectServing(loaded: ["phone", "good", "hang", "command"])
        let run = try await second.trigger("command.run", [("argv", .strings(["/bin/echo", "still here"]))])
        #expect(run["stdout"] == .string("still here\n"), "\(run)")
        #expect(second.log.contains("quarantining plugin crash (\(crash))"), "\(second.log)")
        #expect(!second.log.contains("quarantining plugin hang"), "\(second.log)")
    }

    @Test func aCrashOnAThreadThePluginStartedIsBlamedOnThatPlugin() async throws {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        let hang = try lab.compile("hang", into: folder, as: "hang.so")
        let crash = try lab.compile("thread_crash", into: folder, as: "threads.so")

        let first = try await lab.start([folder])
        let pending = Task { await first.triggerError("hang.wait") }
        try await Task.sleep(for: .milliseconds(100))
        // Its invoke returns at once; its own thread faults 100 ms later.
        _ = await first.triggerError("thread_crash.boom")
        try await first.waitForExit()
        #expect(first.process.terminationStatus == SIGSEGV, "petald died of SIGSEGV:\n\(first.log)")
        _ = await pending.value
        first.stop()

        let second = try await lab.start([folder])
        defer { second.stop() }
        let row = try #require(try await second.plugin(at: crash))
        #expect(row.status == "quarantined", "\(row)\n\(second.log)")
        #expect(row.name == "thread_crash" && row.version == "2.0.0", "listed under its own name and version: \(row)")
        #expect(try await second.plugin(at: hang)?.status == "loaded")
    }

    @Test func aSigkillBlamesNobody() async throws {
        let (lab, folder, hang, first, pending) = try await hangPending()
        _ = first.stop(signal: SIGKILL)
        _ = await pending.value

        let second = try await lab.start([folder])
        defer { second.stop() }
        #expect(try await second.plugin(at: hang)?.status == "loaded")
        #expect(!second.log.contains("quarantining"), "\(second.log)")
    }

    @Test func aCrashOutsideEveryPluginsCodeBlamesNobodyAndSaysSo() async throws {
        let (lab, folder, hang, first, pending) = try await hangPending()
        // Sent from outside: whichever thread takes it is in the daemon's own code
        // (hang's invoke returned long ago), so nobody is to blame.
        kill(first.process.processIdentifier, SIGSEGV)
        try await first.waitForExit()
        _ = await pending.value
        first.stop()

        let second = try await lab.start([folder])
        defer { second.stop() }
        #expect(try await second.plugin(at: hang)?.status == "loaded", "\(second.log)")
        #expect(second.log.contains("outside any plugin's code"), "\(second.log)")
        #expect(!second.log.contains("quarantining"), "\(second.log)")
    }

    /// petald with the hang plugin, and a hang.wait invocation pending in it.
    private func hangPending() async throws -> (PluginLab, String, String, RunningDaemon, Task<DBusError?, Never>) {
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        let hang = try lab.compile("hang", into: folder, as: "hang.so")
        let daemon = try await lab.start([folder])
        let pending = Task { await daemon.triggerError("hang.wait") }
        try await Task.sleep(for: .milliseconds(200))
        return (lab, folder, hang, daemon, pending)
    }

    private func waitUntil(_ condition: @autoclosure () -> Bool, _ daemon: RunningDaemon) async throws {
        for _ in 0..<500 where !condition() {
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
