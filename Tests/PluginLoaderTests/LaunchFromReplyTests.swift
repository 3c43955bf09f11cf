import DBus
import Foundation
import PetalCore
import PetalJSON
import TestSupport
import Testing

/// `launch` called on the daemon's bus thread (from a `call_method` reply, as
/// a C plugin may) must not wait there for systemd's answer, which that very
/// thread would have to read: it returns the unit's name at once. Without
/// systemd it spawns the program as anywhere else.
@Suite struct LaunchFromReplyTests {
    /// A lab with the `launch_in_reply` fixture launching a script that
    /// appends its arguments to `record`, and petald running it.
    private func start() async throws -> (PluginLab, RunningDaemon, record: String) {
        let lab = try PluginLab()
        let record = lab.root + "/launched"
        let program = lab.root + "/petal-launched"
        try "#!/bin/sh\necho \"$@\" >> '\(record)'\n".write(toFile: program, atomically: true, encoding: .utf8)
        try lab.chmod(program, 0o755)
        let plugins = try lab.folder("plugins")
        try lab.compile("launch_in_reply", into: plugins, as: "libreply.so", defines: ["PROGRAM=\"\(program)\""])
        return (lab, try await lab.start([plugins]), record)
    }

    private func lines(_ path: String, count: Int) async -> [String] {
        let deadline = ContinuousClock.now + .seconds(5)
        var lines: [String] = []
        repeat {
            lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            if lines.count >= count { break }
            try? await Task.sleep(for: .milliseconds(20))
        } while ContinuousClock.now < deadline
        return lines
    }

    @Test func launchInAReplyReturnsTheUnitAtOnceAndFallsBackInTheBackground() async throws {
        let (lab, daemon, record) = try await start()
        defer { _ = daemon.stop() }

        let direct = try await daemon.trigger("reply.launch")
        #expect((direct["pid"]?.integerValue ?? 0) > 1, "no systemd: spawned directly: \(direct)\n\(daemon.log)")
        #expect(await lines(record, count: 1) == ["from-reply"])

        let calls = lab.root + "/systemd.json"
        let systemd = try await PythonPeer(
            "systemd_manager.py", arguments: [calls, "done"], owning: "org.freedesktop.systemd1", on: daemon,
            logFolder: daemon.bus.directory.path)
        let started = try await daemon.trigger("reply.launch")
        let unit = try #require(started["unit"]?.stringValue, "\(started)\n\(daemon.log)")
        #expect(await lines(record, count: 2) == ["from-reply", "from-reply"], "the stand-in manager ran it")
        let recorded = try JSONValue.parse(String(contentsOfFile: calls, encoding: .utf8)).arrayValue ?? []
        #expect(recorded.map { $0["name"]?.stringValue } == [unit])
        try await systemd.stopAndWaitForTheName()

        // A refusal cannot reach the plugin any more: it is logged, and the program spawned directly.
        let refusing = try await PythonPeer(
            "systemd_manager.py", arguments: [calls, "refuse"], owning: "org.freedesktop.systemd1", on: daemon,
            logFolder: daemon.bus.directory.path)
        defer { refusing.stop() }
        let refused = try await daemon.trigger("reply.launch")
        #expect(refused["unit"] != nil, "\(refused)")
        #expect(await lines(record, count: 3).count == 3, "\(daemon.log)")
        #expect(daemon.log.contains("org.freedesktop.DBus.Error.AccessDenied"), "\(daemon.log)")
    }
}
