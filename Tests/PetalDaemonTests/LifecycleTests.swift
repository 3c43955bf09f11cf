import DBus
import Foundation
import TestSupport
import Testing

/// docs/dbus-api.md: the well-known name is requested with DO_NOT_QUEUE; a second
/// petald exits with status 3 unless --replace, and losing the bus is an exit
/// with a non-zero status, not libdbus's _exit.
@Suite struct LifecycleTests {
    @Test func aSecondDaemonExitsWithStatusThreeAndSaysWhy() async throws {
        let first = try await RunningDaemon()
        defer { first.stop() }
        // Its state folder is the first's: the user's own is never touched by a test.
        let second = try await ExternalCommand.running([
            "XDG_STATE_HOME=\(first.bus.directory.appendingPathComponent("state").path)",
            RunningDaemon.binDirectory.appendingPathComponent("petal-test-daemon").path, "--bus", first.bus.address,
        ])
        #expect(second.status == 3, "\(second.summary)")
        #expect(second.errors.contains("already owned"), "\(second.summary)")
        #expect(second.errors.contains("--replace"), "\(second.summary)")
        #expect(try await first.menu("Toggle") == [.string("expanding")])
    }

    @Test func replaceTakesTheNameAndTheOldDaemonExitsCleanly() async throws {
        let first = try await RunningDaemon()
        defer { first.stop() }
        let firstOwner = try await owner(on: first.client)
        let second = try await RunningDaemon(arguments: ["--replace"], bus: first.bus)
        defer { second.stop() }
        let deadline = ContinuousClock.now + .patience
        while first.process.isRunning && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(!first.process.isRunning, "the replaced daemon is still running")
        #expect(first.process.terminationStatus == 0)
        #expect(try await owner(on: second.client) != firstOwner)
        #expect(try await second.menu("Toggle") == [.string("expanding")])
    }

    @Test func losingTheBusExitsNonZero() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        daemon.bus.stop()
        let deadline = ContinuousClock.now + .patience
        while daemon.process.isRunning && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(!daemon.process.isRunning, "petald kept running without its bus")
        #expect(daemon.process.terminationReason == .exit)
        #expect(daemon.process.terminationStatus == 1)
        #expect(daemon.log.contains("lost the connection"), "\(daemon.log)")
    }

    private func owner(on client: DBusConnection) async throws -> String {
        let reply = try await client.call(
            destination: .bus, path: .bus, interface: .bus, member: "GetNameOwner",
            [.string(RunningDaemon.name.rawValue)])
        return reply.first?.stringValue ?? ""
    }
}
