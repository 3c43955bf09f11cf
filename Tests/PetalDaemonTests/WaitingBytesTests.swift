import DBus
import Synchronization
import TestSupport
import Testing

/// docs/dbus-api.md "Limits and faults": the calls read and waiting to be
/// served, from all connections, may take 8 MiB; past that, a connection
/// that already has a call waiting has its next ones refused at once, so
/// that reading goes on and another client's call is read and answered.
@Suite struct WaitingBytesTests {
    /// Eight connections each send 60 large CreateMenu calls without waiting
    /// (28 MiB in all, each far under the 256 calls one may have waiting):
    /// petald reads each 60 KiB message whole before refusing it, so they pile
    /// up past 8 MiB, and the calls over it are refused `LimitExceeded`
    /// naming the bytes. Every flooder has calls served, another client's
    /// call is answered meanwhile, and petald serves on.
    @Test func callsPastTheBytesOfAllAreRefusedAtOnce() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let flooders = try (0..<8).map { _ in try daemon.connectClient() }
        defer { for flooder in flooders { flooder.close() } }
        let other = try daemon.connectClient()
        defer { other.close() }
        let largeMenu = "{" + String(repeating: " ", count: 60_000) + #""fault": }"#
        @Sendable func createLargeMenu(on flooder: DBusConnection) async -> String {
            do {
                _ = try await daemon.call(
                    "org.petal.Petal1.Menus", "CreateMenu", [.string(largeMenu), .vardict([])], from: flooder,
                    timeout: .seconds(120))
                return "made"
            } catch let error as DBusError {
                return error.message.contains("MiB already wait") ? "refused: \(error.name)" : error.name
            } catch {
                return "\(error)"
            }
        }
        // Once each, so that the flooders' Unix user is known and their calls wait in turn, not for the access check.
        for flooder in flooders {
            #expect(await createLargeMenu(on: flooder) == "org.petal.Petal1.Error.InvalidMenu")
        }
        let callsEach = 60
        let started = StartedCount()
        let flooding = Task {
            await withTaskGroup(of: (Int, String).self) { group in
                for (index, flooder) in flooders.enumerated() {
                    for _ in 0..<callsEach {
                        group.addTask {
                            started.count.withLock { $0 += 1 }
                            return (index, await createLargeMenu(on: flooder))
                        }
                    }
                }
                return await group.reduce(into: [(Int, String)]()) { $0.append($1) }
            }
        }
        while started.count.withLock({ $0 }) < flooders.count * callsEach {
            try await Task.sleep(for: .milliseconds(5))
        }
        let state = try await daemon.call(
            .propertiesInterface, "Get", [.string("org.petal.Petal1.Menu"), .string("State")], from: other)
        #expect(state == [.variant(.string("collapsed"))])
        let answers = await flooding.value
        let refused = answers.filter { $0.1 == "refused: org.petal.Petal1.Error.LimitExceeded" }
        let served = answers.filter { $0.1 == "org.petal.Petal1.Error.InvalidMenu" }
        #expect(!refused.isEmpty && refused.count + served.count == answers.count, "\(answers.map(\.1))")
        #expect(Set(served.map(\.0)) == Set(flooders.indices), "every flooder has calls served")
        #expect(try await daemon.menu("Toggle") == [.string("expanding")])
        #expect(daemon.process.isRunning)
    }
}

/// How many of the flood's calls have been started, counted from the tasks that make them.
private final class StartedCount: Sendable {
    let count = Mutex(0)
}
