import Foundation
import TestSupport
import Testing

/// A real waybar on headless sway, with the `custom/petal` module the README
/// shows: its `petalctl watch --waybar` ends with each waybar that started it.
@Suite("waybar's petal module", .serialized, .timeLimit(.minutes(5)))
struct WaybarTests {
    @Test("each waybar's watcher ends when that waybar quits or is killed, so restarts leak none")
    func watchersEndWithTheirBar() async throws {
        let sway = try await HeadlessSway(width: 800, height: 600)
        defer { sway.stop() }
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-waybar-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let petalctl = RunningDaemon.binDirectory.appendingPathComponent("petalctl").path
        // The README's module, with the test's petalctl on its private bus.
        let config = folder.appendingPathComponent("config")
        try """
        {"layer": "top", "position": "top", "height": 24, "modules-right": ["custom/petal"],
         "custom/petal": {"exec": "\(petalctl) --bus \(daemon.bus.address) watch --waybar",
                          "return-type": "json", "format": "petal: {}", "on-click": "petalctl toggle"}}
        """.write(to: config, atomically: true, encoding: .utf8)
        let style = folder.appendingPathComponent("style.css")
        try "#custom-petal.offline { opacity: 0.4; }\n".write(to: style, atomically: true, encoding: .utf8)

        var seen: Set<Int32> = []
        // A watcher that outlives its bar would outlive the test too.
        defer { for pid in watchers(of: daemon) { kill(pid, SIGKILL) } }
        for round in 1...2 {
            let bar = try BackgroundProcess(
                "/usr/bin/waybar", arguments: ["--config", config.path, "--style", style.path],
                environment: BackgroundProcess.environment(adding: sway.environment),
                logFile: folder.appendingPathComponent("waybar-\(round).log"), diesWithTests: true)
            let watcher = try await waitForWatcher(of: daemon, besides: seen)
            seen.insert(watcher)
            // It follows the menu while its bar runs.
            _ = try await daemon.menu("Toggle")
            try await daemon.waitForState("expanded")
            _ = try await daemon.menu("Toggle")
            try await daemon.waitForState("collapsed")
            #expect(isRunning(watcher), "round \(round): the watcher ended while its bar ran\n\(bar.log)")

            // A bar that quits, and one that is killed outright.
            if round == 1 {
                bar.stop()
            } else {
                kill(bar.process.processIdentifier, SIGKILL)
                bar.stop()
            }
            let deadline = ContinuousClock.now + .seconds(5)
            while isRunning(watcher) && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(!isRunning(watcher), "round \(round): petalctl watch (pid \(watcher)) outlived its waybar")
        }
        #expect(watchers(of: daemon).isEmpty, "no watcher is left: \(watchers(of: daemon))")
    }

    /// The pid of a `petalctl watch` on `daemon`'s bus not among `known`, once there is one.
    private func waitForWatcher(of daemon: RunningDaemon, besides known: Set<Int32>) async throws -> Int32 {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if let found = watchers(of: daemon).subtracting(known).first { return found }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestSetupError("waybar started no petalctl watch within 20 s")
    }

    /// The pids of the `petalctl … watch` processes on `daemon`'s bus.
    private func watchers(of daemon: RunningDaemon) -> Set<Int32> {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return Set(
            entries.compactMap { entry -> Int32? in
                guard let pid = Int32(entry), isRunning(pid),
                    let raw = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
                else { return nil }
                let words = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                guard words.first?.hasSuffix("/petalctl") == true, words.contains("watch"),
                    words.contains(daemon.bus.address)
                else { return nil }
                return pid
            })
    }

    /// Whether `pid` runs and is not a zombie.
    private func isRunning(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = status.lastIndex(of: ")")
        else { return false }
        let state = status[status.index(after: close)...].split(separator: " ").first
        return state != nil && state != "Z" && state != "X"
    }
}
