import DBus
import Foundation
import PetalCore
import PetalJSON
import TestSupport
import Testing

/// Launched programs under systemd (petald(8)): with a stand-in user manager
/// owning `org.freedesktop.systemd1` on the private bus, `command.run` with
/// `detach` asks it for a transient service and the manager runs the program;
/// without one, or when it refuses, petald spawns the program itself.
@Suite struct TransientUnitTests {
    /// petald with a `petal-launched` stand-in program on its PATH, and a
    /// daemon variable (`INVOCATION_ID`) that must not reach the program.
    private func start() async throws -> (PluginDaemon, StandIn) {
        let petal = try await PluginDaemon(environment: ["INVOCATION_ID": "petal-test-invocation"])
        let program = try StandIn("petal-launched", in: petal.bin, record: petal.scratch.path("program-record"))
        return (petal, program)
    }

    private func manager(_ petal: PluginDaemon, mode: String = "done") async throws -> (PythonPeer, String) {
        let record = try petal.scratch.path("systemd-record.json")
        let peer = try await PythonPeer(
            "systemd_manager.py", arguments: [record, mode],
            owning: "org.freedesktop.systemd1", on: petal)
        return (peer, record)
    }

    private func launch(_ petal: PluginDaemon, _ arguments: [String] = ["one", "two words"]) async throws -> [String:
        DBusValue]
    {
        try await petal.trigger(
            "command.run",
            [
                ("argv", .strings(["petal-launched"] + arguments)), ("detach", .boolean(true)),
                ("env", .vardict([("PETAL_TEST_VALUE", .string("from the action"))])),
            ])
    }

    /// The StartTransientUnit calls the stand-in manager recorded, each `{name, mode, properties, aux}`.
    private func calls(_ record: String) throws -> [JSONObject] {
        try readJSON(record).arrayValue?.compactMap(\.objectValue) ?? []
    }

    @Test func launchedProgramRunsInATransientServiceNamedForPetal() async throws {
        let (petal, program) = try await start()
        defer { petal.stop() }
        let (systemd, record) = try await manager(petal)
        defer { systemd.stop() }

        let result = try await launch(petal)
        let unit = try #require(result["unit"]?.stringValue, "\(result)\n\(petal.daemon.log)")
        #expect(result["pid"] == nil, "under systemd the program is not petald's child: \(result)")
        #expect(unit.hasPrefix("app-petal-petal\\x2dlaunched-") && unit.hasSuffix(".service"), "\(unit)")
        #expect(await program.firstCall() == ["petal-launched", "one", "two words"], "\(systemd.log)")

        let call = try #require(try calls(record).first)
        #expect(try calls(record).count == 1)
        #expect(call["name"] == .string(unit))
        #expect(call["mode"] == "fail")
        #expect(call["aux"] == [])
        let properties = try #require(call["properties"]?.objectValue)
        let path = petal.bin + "/petal-launched"
        #expect(
            properties["ExecStart"] == ["a(sasb)", [[.string(path), [.string(path), "one", "two words"], false]]])
        #expect(properties["Type"] == ["s", "exec"])
        #expect(properties["ExitType"] == ["s", "cgroup"])
        #expect(properties["CollectMode"] == ["s", "inactive-or-failed"])
        #expect(properties["Slice"] == ["s", "app.slice"])
        #expect(properties["WorkingDirectory"] == ["s", "~"])
        #expect(
            properties["Description"]?.arrayValue?.last?.stringValue?.hasPrefix("Petal (command plugin): \(path) one")
                == true,
            "\(properties)")
        let environment = properties["Environment"]?.arrayValue?.last?.arrayValue?.compactMap(\.stringValue) ?? []
        // Only the action's variables: the manager's own environment is the session's, newer than petald's.
        #expect(environment == ["PETAL_TEST_VALUE=from the action"], "\(environment)")
        #expect(petal.daemon.log.contains("as \(unit)"))
    }

    @Test func argumentsWithDollarSignsAreNotExpandedBySystemd() async throws {
        let (petal, program) = try await start()
        defer { petal.stop() }
        let (systemd, record) = try await manager(petal)
        defer { systemd.stop() }

        let result = try await launch(petal, ["$HOME", "${PATH}"])
        #expect(result["unit"] != nil, "\(result)")
        #expect(await program.firstCall() == ["petal-launched", "$HOME", "${PATH}"])
        let properties = try #require(try calls(record).first?["properties"]?.objectValue)
        let path = petal.bin + "/petal-launched"
        #expect(properties["ExecStart"] == nil)
        #expect(
            properties["ExecStartEx"] == [
                "a(sasas)", [[.string(path), [.string(path), "$HOME", "${PATH}"], ["no-env-expand"]]],
            ])
    }

    @Test func programsAreSpawnedDirectlyWhileSystemdIsNotOnTheBus() async throws {
        let (petal, program) = try await start()
        defer { petal.stop() }

        let before = try await launch(petal, ["before"])
        #expect((before["pid"]?.integerValue ?? 0) > 1, "no systemd: petald spawns it and reports its pid: \(before)")
        #expect(before["unit"] == nil)

        let (systemd, record) = try await manager(petal)
        let during = try await launch(petal, ["during"])
        #expect(during["unit"] != nil, "systemd arrived: \(during)")

        systemd.stop()
        let deadline = ContinuousClock.now + .seconds(5)
        while try await petal.hasOwner("org.freedesktop.systemd1"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let after = try await launch(petal, ["after"])
        #expect((after["pid"]?.integerValue ?? 0) > 1, "systemd left: \(after)")

        #expect(try calls(record).count == 1, "only the launch while systemd was there went to it")
        let deadlineForRuns = ContinuousClock.now + .seconds(5)
        while program.calls.count < 3, ContinuousClock.now < deadlineForRuns {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(
            Set(program.calls) == [
                ["petal-launched", "before"], ["petal-launched", "during"], ["petal-launched", "after"],
            ])
    }

    @Test func refusedUnitFallsBackToADirectSpawnWithAWarning() async throws {
        let (petal, program) = try await start()
        defer { petal.stop() }
        let (systemd, record) = try await manager(petal, mode: "refuse")
        defer { systemd.stop() }

        let result = try await launch(petal)
        #expect((result["pid"]?.integerValue ?? 0) > 1, "nothing was started, so petald starts it: \(result)")
        #expect(await program.firstCall() == ["petal-launched", "one", "two words"])
        #expect(program.calls.count == 1)
        #expect(try calls(record).count == 1)
        #expect(petal.daemon.log.contains("org.freedesktop.DBus.Error.AccessDenied"), "\(petal.daemon.log)")
        #expect(petal.daemon.log.contains("directly, inside petald's sandbox"), "\(petal.daemon.log)")
    }

    @Test func failedJobFailsTheActionWithoutStartingTheProgramTwice() async throws {
        let (petal, program) = try await start()
        defer { petal.stop() }
        let (systemd, record) = try await manager(petal, mode: "fail")
        defer { systemd.stop() }

        let message = await petal.expectError(
            "ActionFailed", "command.run",
            [
                ("argv", .strings(["petal-launched"])), ("detach", .boolean(true)),
            ])
        let unit = try #require(try calls(record).first?["name"]?.stringValue)
        #expect(message.contains(unit) && message.contains("journalctl --user -u"), "\(message)")
        try await Task.sleep(for: .milliseconds(300))
        #expect(program.calls.isEmpty, "the unit was created; starting the program again could start it twice")
    }

    @Test func systemdWithoutExitTypeIsAskedAgainWithoutIt() async throws {
        let (petal, program) = try await start()
        defer { petal.stop() }
        let (systemd, record) = try await manager(petal, mode: "old")
        defer { systemd.stop() }

        let result = try await launch(petal)
        #expect(await program.firstCall() == ["petal-launched", "one", "two words"])
        let calls = try calls(record)
        #expect(calls.count == 2, "\(calls)")
        #expect(calls.first?["properties"]?["ExitType"] != nil)
        #expect(calls.last?["properties"]?["ExitType"] == nil)
        #expect(result["unit"]?.stringValue == calls.last?["name"]?.stringValue, "\(result)")
    }
}
