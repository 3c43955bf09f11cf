import Foundation
import TestSupport
import Testing

/// `petalctl plugins` and `--clear-quarantine`.
@Suite struct PluginsCommandTests {
    @Test func pluginsListsEveryFileWithItsStatus() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let result = try await Petalctl.run(on: daemon, ["plugins"])
        #expect(result.status == 0, "\(result.summary)")
        let rows = result.output.split(separator: "\n")
        #expect(rows.first?.hasPrefix("NAME") == true)
        for name in ["camera", "command", "message", "open", "phone"] {
            #expect(
                rows.contains {
                    $0.hasPrefix(name + " ") && $0.contains(" loaded ") && $0.contains("libpetal-\(name).so")
                })
        }
    }

    @Test func clearQuarantineRemovesTheListAndNamesWhatItReleased() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("petalctl-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let folder = state.appendingPathComponent("petal")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let list = folder.appendingPathComponent("quarantine.json")
        try #"[{"path": "/opt/plugins/libcrashy.so", "size": 10, "modified": 1, "reason": "crashed"}]"#
            .write(to: list, atomically: true, encoding: .utf8)

        let cleared = try await Petalctl.run(
            on: nil, ["plugins", "--clear-quarantine"],
            environment: ["XDG_STATE_HOME": state.path])
        #expect(cleared.status == 0, "\(cleared.summary)")
        #expect(cleared.output.contains("/opt/plugins/libcrashy.so"))
        #expect(cleared.output.contains("systemctl --user restart petald"))
        #expect(!FileManager.default.fileExists(atPath: list.path))

        let again = try await Petalctl.run(
            on: nil, ["--json", "plugins", "--clear-quarantine"],
            environment: ["XDG_STATE_HOME": state.path])
        #expect(again.status == 0)
        #expect(again.output == "{\"cleared\":[],\"file\":\"\(list.path)\"}\n")
    }

    @Test func aQuarantinedPluginLoadsAfterClearingAndARestart() async throws {
        let daemon = try await RunningDaemon(executable: "petald")
        let state = daemon.bus.directory.appendingPathComponent("state")
        let plugins = try await Petalctl.run(on: daemon, ["--json", "plugins"])
        let camera = try #require(
            (try JSONSerialization.jsonObject(with: Data(plugins.output.utf8)) as? [[String: Any]])?
                .first { $0["name"] as? String == "camera" }?["path"] as? String)
        let attributes = try FileManager.default.attributesOfItem(atPath: camera)
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        var info = stat()
        #expect(stat(camera, &info) == 0)
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let bus = daemon.bus
        kill(daemon.process.processIdentifier, SIGKILL)
        daemon.process.waitUntilExit()
        let list = state.appendingPathComponent("petal/quarantine.json")
        try #"[{"path": "\#(camera)", "size": \#(size), "modified": \#(modified), "reason": "a test"}]"#
            .write(to: list, atomically: true, encoding: .utf8)

        let quarantined = try await RunningDaemon(executable: "petald", bus: bus)
        let before = try await Petalctl.run(on: quarantined, ["plugins"])
        #expect(
            before.output.split(separator: "\n").contains {
                $0.contains(" quarantined ") && $0.contains("libpetal-camera.so")
            },
            "\(before.summary)\n\(quarantined.log)")
        let cleared = try await Petalctl.run(
            on: quarantined, ["plugins", "--clear-quarantine"],
            environment: ["XDG_STATE_HOME": state.path])
        #expect(cleared.output.contains(camera))
        kill(quarantined.process.processIdentifier, SIGKILL)
        quarantined.process.waitUntilExit()

        let restarted = try await RunningDaemon(executable: "petald", bus: bus)
        defer {
            restarted.stop()
            quarantined.stop()
            daemon.stop()
        }
        let after = try await Petalctl.run(on: restarted, ["plugins"])
        #expect(after.output.split(separator: "\n").contains { $0.hasPrefix("camera ") && $0.contains(" loaded ") })
    }
}
