import DBus
import Testing

@Suite struct PropertiesTests {
    @Test func getReturnsAVariant() async throws {
        try await withExample { service, _ in
            let reply = try await service.call(.properties, "Get", [.string(calc.rawValue), .string("Version")])
            #expect(reply == [.variant(.string("1.0"))])
        }
    }

    @Test func getAllListsEveryProperty() async throws {
        try await withExample { service, _ in
            let reply = try await service.call(.properties, "GetAll", [.string(calc.rawValue)])
            #expect(
                reply == [
                    .vardict([
                        ("Version", .string("1.0")), ("Name", .string("petal")), ("Size", .uint32(42)),
                        ("Hidden", .boolean(true)),
                    ])
                ])
        }
    }

    @Test func setChangesAReadWriteProperty() async throws {
        try await withExample { service, object in
            try await service.setProperty(calc, "Name", .string("rose"))
            #expect(object.name.value == "rose")
            #expect(try await service.property(calc, "Name") == .string("rose"))
        }
    }

    @Test func setOnReadOnlyIsPropertyReadOnly() async throws {
        try await withExample { service, _ in
            await expectDBusError(DBusError.Name.propertyReadOnly, containing: ["Version"]) {
                try await service.setProperty(calc, "Version", .string("2.0"))
            }
            let version = try await service.property(calc, "Version")
            #expect(version == .string("1.0"))
        }
    }

    @Test func unknownPropertyIsUnknownProperty() async throws {
        try await withExample { service, _ in
            await expectDBusError(DBusError.Name.unknownProperty, containing: ["Colour"]) {
                _ = try await service.property(calc, "Colour")
            }
            await expectDBusError(DBusError.Name.unknownProperty, containing: ["Colour"]) {
                try await service.setProperty(calc, "Colour", .string("red"))
            }
        }
    }

    @Test func unknownInterfaceIsUnknownInterface() async throws {
        try await withExample { service, _ in
            await expectDBusError(DBusError.Name.unknownInterface, containing: ["org.example.Missing"]) {
                _ = try await service.property("org.example.Missing", "Name")
            }
            await expectDBusError(DBusError.Name.unknownInterface, containing: ["org.example.Missing"]) {
                _ = try await service.call(.properties, "GetAll", [.string("org.example.Missing")])
            }
            await expectDBusError(DBusError.Name.unknownInterface) {
                try await service.setProperty("org.example.Missing", "Name", .string("x"))
            }
        }
    }

    @Test(arguments: [DBusValue.int32(1), .objectPath("/name"), .strings(["a"]), .variant(.string("nested"))])
    func setWithTheWrongTypeIsInvalidArgs(_ value: DBusValue) async throws {
        try await withExample { service, object in
            await expectDBusError(DBusError.Name.invalidArgs, containing: ["Name"]) {
                try await service.setProperty(calc, "Name", value)
            }
            #expect(object.name.value == "petal")
        }
    }

    @Test func setterRefusingAnswersItsError() async throws {
        try await withExample { service, object in
            await expectDBusError(DBusError.Name.invalidArgs, containing: ["cannot be empty"]) {
                try await service.setProperty(calc, "Name", .string(""))
            }
            #expect(object.name.value == "petal")
        }
    }

    @Test func propertiesChangedCarriesNewValuesAndInvalidatedNames() async throws {
        try await withExample { service, object in
            let changes = try await service.client.signals(
                MatchRule(
                    sender: service.server.uniqueName, path: .example, interface: .properties,
                    member: "PropertiesChanged"))
            object.name.value = "lily"
            try service.server.loop.performAndWait {
                let server = service.server.objectServer!
                // Nothing to announce: const and non-emitting properties, an unknown one, an unknown interface.
                server.emitPropertiesChanged(at: .example, interface: calc, ["Version", "Hidden", "Nope"])
                server.emitPropertiesChanged(at: .example, interface: "org.example.Missing", ["Name"])
                server.emitPropertiesChanged(at: .example, interface: calc, ["Name", "Size", "Version"])
            }
            let signal = try #require(await firstElement(of: changes))
            #expect(signal.path == "/org/example")
            #expect(signal.signature == "sa{sv}as")
            #expect(
                try signal.arguments() == [
                    .string(calc.rawValue), .vardict([("Name", .string("lily"))]), .strings(["Size"]),
                ])
        }
    }
}
