import Foundation
import TestSupport
import Testing

/// `petalctl choose` waits for an item chosen by another client.
@Suite struct ChooseTests {
    @Test func chooseIsAnsweredByAnActivateFromAnotherProcess() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        async let chosen = Petalctl.run(on: daemon, ["choose", "--timeout", "20"])
        try await daemon.waitForState("expanded")
        let activated = try await Petalctl.run(on: daemon, ["activate", "stay"])
        #expect(activated.status == 0, "\(activated.summary)")
        let result = try await chosen
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.output == "stay\n")
    }

    @Test func noDispatchLeavesTheActionUnrunAndJSONWrapsTheId() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        async let chosen = Petalctl.run(on: daemon, ["--json", "choose", "--no-dispatch"])
        try await daemon.waitForState("expanded")
        let activated = try await Petalctl.run(on: daemon, ["--json", "activate", "like"])
        #expect(activated.output == "{}\n", "the toggle's action was not run")
        let result = try await chosen
        #expect(result.output == "{\"id\":\"like\"}\n", "\(result.summary)")
    }

    @Test func closingTheMenuCancels() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        async let chosen = Petalctl.run(on: daemon, ["choose"])
        try await daemon.waitForState("expanded")
        _ = try await Petalctl.run(on: daemon, ["close"])
        let result = try await chosen
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("org.petal.Petal1.Error.Cancelled: "), "\(result.summary)")
    }
}
