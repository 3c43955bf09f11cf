import DBus
import Linux
import PetalAPI
import TestSupport
import Testing

/// A menu's rows by file descriptor: the `rows` option of `ChooseFrom`,
/// `PickFrom` and `CreateMenu`, and `GetRows` and `RowCount` through the client.
@Suite struct RowsOptionTests {
    @Test func theRowsOptionIsReadIntoADescriptorOfItsOwn() throws {
        let name = uniqueMemoryFileName("option")
        let sent = try SealedMemory.make(name: name, bytes: Array("PETALROW".utf8))
        let options = ChooseFromOptions(show: ShowOptions(), choose: ChooseOptions(timeout: 5), rows: sent)
        let dictionary = options.dictionary
        #expect(dictionary.entries.map(\.key) == ["timeout", "rows"])
        #expect(dictionary.entries.last?.value == .unixFD(sent.rawValue))
        do {
            let read = try ChooseFromOptions(checking: dictionary)
            let rows = try #require(read.rows)
            #expect(rows !== sent && rows.rawValue != sent.rawValue)
            #expect(read.choose.timeout == 5)
            #expect(openDescriptors(ofMemoryFile: name) == 2)
            #expect(try SealedMapping(rows, maximumSize: 8).withBytes { $0.elementsEqual("PETALROW".utf8) })
        }
        #expect(openDescriptors(ofMemoryFile: name) == 1, "the options' descriptor outlived them")

        let created = try CreateMenuOptions(checking: CreateMenuOptions(transient: true, rows: sent).dictionary)
        #expect(created.transient && created.rows != nil && created.rows !== sent)
        #expect(try CreateMenuOptions(checking: CreateMenuOptions().dictionary).rows == nil)
    }

    @Test func aRowsOptionThatIsNoDescriptorIsRefusedSayingWhatItTakes() {
        let wrong = DBusVariantDictionary([("rows", .string("rows.bin"))])
        let error = #expect(throws: DBusError.self) { try ChooseFromOptions(checking: wrong) }
        #expect(
            error?.message
                == """
                option "rows" must be a file descriptor (h) of a memfd holding a row table, sealed with \
                fcntl(F_ADD_SEALS), not "rows.bin"
                """)
        #expect(throws: DBusError.self) { try CreateMenuOptions(checking: wrong) }
    }

    @Test func theMenuDeclaresItsRowsAndTheirCount() {
        #expect(PetalBus.Menu.getRows.inSignature == "" && PetalBus.Menu.getRows.outSignature == "h")
        #expect(PetalBus.Menu.rowCount.serve { 0 }.type == .uint32 && PetalBus.Menu.rowCount.name == "RowCount")
    }

    @Test func aSnapshotCountsItsRowsAsRowCountSaysElseItsItems() throws {
        var properties = MenuAppearanceTests.version1
        #expect(try MenuSnapshot(DBusPropertyValues(properties, from: "petald")).rowCount == 0)
        properties["RowCount"] = .uint32(100_000)
        #expect(try MenuSnapshot(DBusPropertyValues(properties, from: "petald")).rowCount == 100_000)
    }

    @Test func getRowsGivesTheCallerADescriptorItOwns() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let server = try DBusConnection.connect(to: .address(bus.address))
        defer { server.close() }
        let client = try DBusConnection.connect(to: .address(bus.address))
        defer { client.close() }
        let name = uniqueMemoryFileName("get-rows")
        let table = Array("PETALROW table".utf8)
        try server.loop.performAndWait {
            server.objectServer.register(
                [
                    DBusInterface(
                        PetalBus.Menu.interface,
                        methods: [PetalBus.Menu.getRows.serve { _ in try SealedMemory.make(name: name, bytes: table) }],
                        properties: [PetalBus.Menu.rowCount.serve { 7 }])
                ], at: PetalBus.path)
        }
        _ = try await server.requestName(PetalBus.name, flags: .doNotQueue)

        let petal = PetalClient(connection: client)
        #expect(try await petal.rowCount() == 7)
        do {
            let mapping = try SealedMapping(try await petal.rows(), maximumSize: 1 << 24)
            #expect(Array(mapping.bytes) == table)
            #expect(await settledOpenDescriptors(ofMemoryFile: name, expecting: 1) == 1)
        }
        #expect(openDescriptors(ofMemoryFile: name) == 0)
        let fromCallback = await withCheckedContinuation { continuation in
            petal.rows { continuation.resume(returning: $0) }
        }
        #expect(try fromCallback.get().rawValue >= 0)
    }
}
