import DBus
import TestSupport
import Testing

@Suite struct SmokeTests {
    @Test func echoRoundTrip() async throws {
        let bus = PrivateBus.shared
        let server = try DBusConnection.connect(to: .address(bus.address))
        let client = try DBusConnection.connect(to: .address(bus.address))
        let iface = DBusInterface(
            "org.example.Echo",
            methods: [
                DBusMethod("Echo", in: DBusIn("text", String.self), out: [DBusArgument("text", .string)]) { _, text in
                    .values([.string(text)])
                }
            ])
        try server.loop.performAndWait { server.objectServer.register([iface], at: "/org/example") }
        let reply = try await client.call(
            destination: BusName(server.uniqueName), path: "/org/example",
            interface: "org.example.Echo", member: "Echo", [.string("hi")])
        #expect(reply == [.string("hi")])
    }
}
