import DBus
import Testing

/// One interface served by many objects, told apart by the context each is
/// registered with: what an object costs is then its path and its context.
@Suite struct SharedInterfaceTests {
    /// What each shelf object is registered with.
    struct Shelf: Sendable {
        let label: String
        /// A note each shelf keeps, read and written through the shared interface.
        var note = Shared("")
    }

    static let shelf: InterfaceName = "org.example.Shelf"
    static let label = DBusPropertyDeclaration(shelf, "Label", String.self)
    static let note = DBusPropertyDeclaration(shelf, "Note", String.self, access: .readWrite)
    static let describe = DBusMethodDeclaration(shelf, "Describe", out: DBusOut("label", String.self))
    static let root: ObjectPath = "/org/example/shelves"
    static let a: ObjectPath = "/org/example/shelves/a"
    static let b: ObjectPath = "/org/example/shelves/b"

    /// The interface every shelf shares: nothing in it belongs to one shelf.
    static let interfaces = [
        DBusInterface(
            shelf,
            methods: [describe.serve { call in try call.object(as: Shelf.self).label }],
            properties: [
                label.serve(Shelf.self) { $0.label },
                note.serve(Shelf.self, get: { $0.note.value }, set: { $0.note.value = $1 }),
            ])
    ]

    private func withShelves(_ body: (TestService) async throws -> Void) async throws {
        try await withTestService { service in
            try service.server.loop.performAndWait {
                let server = service.server.objectServer!
                server.register([server.objectManagerInterface(at: Self.root)], at: Self.root)
                server.register(Self.interfaces, at: Self.a, context: Shelf(label: "apples"))
                server.register(Self.interfaces, at: Self.b, context: Shelf(label: "books"))
            }
            try await body(service)
        }
    }

    /// The first `InterfacesAdded` of `path` in `signals`: the shelves' own,
    /// sent as the fixture started, may still reach a rule added after.
    private func firstAnnouncement(of path: ObjectPath, in signals: AsyncStream<Message>) async -> Message? {
        for await signal in signals where (try? signal.arguments().first) == .objectPath(path) {
            return signal
        }
        return nil
    }

    @Test func eachObjectAnswersWithItsOwnContext() async throws {
        try await withShelves { service in
            #expect(try await service.call(Self.shelf, "Describe", at: Self.a) == [.string("apples")])
            #expect(try await service.call(Self.shelf, "Describe", at: Self.b) == [.string("books")])
            #expect(try await service.property(Self.shelf, "Label", at: Self.a) == .string("apples"))
            #expect(try await service.property(Self.shelf, "Label", at: Self.b) == .string("books"))
            let all = try await service.call(.properties, "GetAll", [.string(Self.shelf.rawValue)], at: Self.b)
            #expect(all == [.vardict([("Label", .string("books")), ("Note", .string(""))])])
        }
    }

    @Test func aSharedSetterWritesTheObjectItIsCalledOn() async throws {
        try await withShelves { service in
            try await service.setProperty(Self.shelf, "Note", .string("ripe"), at: Self.a)
            #expect(try await service.property(Self.shelf, "Note", at: Self.a) == .string("ripe"))
            #expect(try await service.property(Self.shelf, "Note", at: Self.b) == .string(""))
        }
    }

    @Test func aSharedSetterOnAnObjectWithoutItsContextAnswersFailed() async throws {
        try await withShelves { service in
            let bare: ObjectPath = "/org/example/bare"
            try service.server.loop.performAndWait {
                service.server.objectServer.register(Self.interfaces, at: bare)
            }
            await expectDBusError(DBusError.Name.failed, containing: ["Note", "Shelf"]) {
                try await service.setProperty(Self.shelf, "Note", .string("x"), at: bare)
            }
            try await service.setProperty(Self.shelf, "Note", .string("kept"), at: Self.b)
            #expect(try await service.property(Self.shelf, "Note", at: Self.b) == .string("kept"))
        }
    }

    @Test func theStandardInterfacesAreListedAfterTheObjectsOwn() async throws {
        try await withShelves { service in
            let reply = try await service.call("org.freedesktop.DBus.Introspectable", "Introspect", at: Self.a)
            let xml = try #require(reply.first?.stringValue)
            let names = xml.split(separator: "\n").filter { $0.hasPrefix("  <interface ") }
            #expect(
                names == [
                    #"  <interface name="org.example.Shelf">"#,
                    #"  <interface name="org.freedesktop.DBus.Properties">"#,
                    #"  <interface name="org.freedesktop.DBus.Introspectable">"#,
                    #"  <interface name="org.freedesktop.DBus.Peer">"#,
                ])
            #expect(
                xml == Introspection.xml(serving: Self.interfaces, at: Self.a),
                "what a shared interface serves is what it describes")
        }
    }

    @Test func interfacesAddedCarriesTheNewObjectsValues() async throws {
        try await withShelves { service in
            let added = try await service.client.signals(
                MatchRule(
                    sender: service.server.uniqueName, path: Self.root, interface: "org.freedesktop.DBus.ObjectManager",
                    member: "InterfacesAdded"))
            let c: ObjectPath = "/org/example/shelves/c"
            try service.server.loop.performAndWait {
                service.server.objectServer.register(Self.interfaces, at: c, context: Shelf(label: "cups"))
            }
            let signal = try #require(await firstAnnouncement(of: c, in: added))
            #expect(
                try signal.arguments() == [
                    .objectPath(c),
                    .dictionary(
                        .string, .dictionary(.string, .variant),
                        [
                            (
                                .string(Self.shelf.rawValue),
                                .vardict([("Label", .string("cups")), ("Note", .string(""))])
                            )
                        ]),
                ])
        }
    }

    @Test func interfacesAddedCarriesWhatGetManagedObjectsListsForEveryType() async throws {
        let crate: InterfaceName = "org.example.Crate"
        let types = DBusInterface(
            crate,
            properties: [
                DBusProperty("Flag", .boolean) { .boolean(true) },
                DBusProperty("Count", .int64) { .int64(-7) },
                DBusProperty("Ratio", .double) { .double(0.25) },
                DBusProperty("Where", .objectPath) { .objectPath("/org/example/shelves/a") },
                DBusProperty("Tags", .array(.string)) { .array(.string, [.string("x"), .string("ÿ")]) },
                DBusProperty("Extra", .dictionary(.string, .variant)) {
                    .vardict([("deep", .vardict([("n", .uint16(3))])), ("empty", .array(.int64, []))])
                },
                DBusProperty("Pairs", .array(.structure([.byte, .string]))) {
                    .array(.structure([.byte, .string]), [.structure([.byte(1), .string("one")])])
                },
            ])
        try await withShelves { service in
            let added = try await service.client.signals(
                MatchRule(
                    sender: service.server.uniqueName, path: Self.root, interface: "org.freedesktop.DBus.ObjectManager",
                    member: "InterfacesAdded"))
            let crates: ObjectPath = "/org/example/shelves/crates"
            try service.server.loop.performAndWait {
                service.server.objectServer.register(Self.interfaces + [types], at: crates, context: Shelf(label: "c"))
            }
            let signal = try #require(await firstAnnouncement(of: crates, in: added))
            let managed = try await service.call(
                "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", at: Self.root)
            guard case .array(_, let entries)? = managed.first else {
                Issue.record("GetManagedObjects answered \(managed)")
                return
            }
            let listed = entries.first { if case .dictEntry(.objectPath(crates), _) = $0 { true } else { false } }
            guard case .dictEntry(_, let interfaces)? = listed else {
                Issue.record("GetManagedObjects does not list \(crates)")
                return
            }
            #expect(try signal.arguments() == [.objectPath(crates), interfaces])
            #expect(signal.signature == "oa{sa{sv}}")
        }
    }

    @Test func aHandlerOnAnObjectWithoutItsContextAnswersFailedAndTheServerGoesOn() async throws {
        try await withShelves { service in
            let bare: ObjectPath = "/org/example/bare"
            try service.server.loop.performAndWait {
                service.server.objectServer.register(Self.interfaces, at: bare)
            }
            await expectDBusError(DBusError.Name.failed, containing: ["/org/example/bare", "Shelf"]) {
                _ = try await service.call(Self.shelf, "Describe", at: bare)
            }
            #expect(try await service.call(Self.shelf, "Describe", at: Self.a) == [.string("apples")])
        }
    }
}
