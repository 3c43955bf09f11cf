import Testing

@testable import DBus

/// Which object manager announces a new object: the nearest served root above it.
@Suite struct ManagingRootTests {
    @Test(arguments: [
        ("/org/example/a", "/org/example", true), ("/org/example", "/org/example", false),
        ("/org/examples/a", "/org/example", false), ("/org/example/a/b", "/org/example", true),
        ("/a", "/", true), ("/", "/", false), ("/org/ex", "/org/example", false),
    ])
    func aPathIsBelowARootOnlyPastASlash(path: String, root: String, below: Bool) {
        #expect(ObjectServer.isBelow(path, root) == below)
    }

    private static func path(_ value: DBusValue?) -> String? {
        if case .objectPath(let path)? = value { path.rawValue } else { nil }
    }

    @Test func theNearestServedRootAnnouncesANewObject() async throws {
        let shelf = DBusInterface("org.example.Shelf", properties: [DBusProperty("Label", .string) { .string("x") }])
        let (outer, inner): (ObjectPath, ObjectPath) = ("/org/example", "/org/example/shelves")
        try await withTestService { service in
            let added = try await service.client.signals(
                MatchRule(
                    sender: service.server.uniqueName, interface: "org.freedesktop.DBus.ObjectManager",
                    member: "InterfacesAdded"))
            var signals = added.makeAsyncIterator()
            try service.server.loop.performAndWait {
                let server = service.server.objectServer!
                server.register([server.objectManagerInterface(at: outer)], at: outer)
                server.register([server.objectManagerInterface(at: inner)], at: inner)
                server.register([shelf], at: "/org/example/shelves/a")
                server.register([shelf], at: "/org/example/desk")
                server.register([shelf], at: "/org/examples/none")
            }
            // The inner root is itself an object below the outer one.
            var announced: [(root: String?, object: String?)] = []
            for _ in 0..<3 {
                let signal = try #require(await signals.next())
                announced.append((signal.path, Self.path(try signal.arguments().first)))
            }
            #expect(announced.map(\.root) == [outer.rawValue, inner.rawValue, outer.rawValue])
            #expect(announced.map(\.object) == [inner.rawValue, "/org/example/shelves/a", "/org/example/desk"])
        }
    }
}
