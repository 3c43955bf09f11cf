import DBus
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// PetalClient against the test daemon on a private bus: the calls a client
/// such as the overlay makes, beyond what petalctl's own tests cover.
@Suite struct PetalClientTests {
    @Test func setHighlightedSetsTheProperty() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let client = PetalClient(connection: daemon.client)

        try await client.setHighlighted("like")
        #expect(try await client.snapshot().highlighted == "like")
        try await client.setHighlighted("")
        #expect(try await daemon.property("Highlighted") == .string(""))
        do {
            try await client.setHighlighted("nope")
            Issue.record("an unknown id was accepted")
        } catch let error as DBusError {
            #expect(error.name == DBusError.Name.invalidArgs)
        }
    }

    /// The test daemon's menu takes 0.05 s each way and has the default
    /// appearance, its labels and interaction named as its radial layout shows them.
    @Test func appearanceComesWithTheSnapshotAndAlone() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let client = PetalClient(connection: daemon.client)
        let expected = MenuAppearance(
            settings: AppearanceSettings(labels: .hover, interaction: .pie), openDuration: 0.05, closeDuration: 0.05)

        #expect(try await client.appearance() == expected)
        #expect(try await client.snapshot().appearance == expected)
    }

    @Test func itemPathsAreTheDaemonsObjects() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        #expect(PetalClient.itemPath("like") == "/org/petal/Petal1/items/like")
        #expect(PetalClient.itemPath("a.b") == "/org/petal/Petal1/items/a_2eb")
        #expect(PetalClient.itemPath("") == "/org/petal/Petal1/items/_")
        let reply = try await daemon.client.call(
            destination: PetalClient.name, path: PetalClient.itemPath("like"),
            interface: "org.freedesktop.DBus.Properties",
            member: "Get", [.string(PetalBus.Item.interface.rawValue), .string("Id")])
        #expect(reply.first?.unwrapped == .string("like"))
    }

    @Test func itemDetailsFollowTheGivenOrder() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let client = PetalClient(connection: daemon.client)
        let details = try await client.itemDetails(order: ["like", "echo", "no-such-item"])
        #expect(details.map(\.id) == ["like", "echo"])
        #expect(details.first?.toggle == true && details.first?.currentIcon == "emblem-favorite")
        #expect(details.last?.color == "#ef5285")
    }
}
