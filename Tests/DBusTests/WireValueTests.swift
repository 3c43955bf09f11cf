import Testing

@testable import DBus

/// `value` written straight (``DBusWireValue``) and through its ``DBusValue``,
/// each after a byte, so that alignment shows.
private func bothWays<Value: DBusWireValue>(_ value: Value) throws -> (direct: [UInt8], tree: [UInt8]) {
    var direct = WireWriter(capacity: 64)
    direct.append(UInt8(1))
    try value.write(to: &direct)
    var tree = WireWriter(capacity: 64)
    tree.append(UInt8(1))
    try tree.append(value.dbusValue, depth: 0)
    return (direct.bytes, tree.bytes)
}

/// A context for the properties of ``served``.
private struct Thing: Sendable {
    let names: [String]
}

private enum Shade: String, DBusStringEnum {
    case light, dark
}

private let interface: InterfaceName = "org.example.Things"
private let namesProperty = DBusPropertyDeclaration(interface, "Names", [String].self)
private let shadeProperty = DBusPropertyDeclaration(interface, "Shade", Shade.self, access: .readWrite)
private let extrasProperty = DBusPropertyDeclaration(interface, "Extras", DBusVariantDictionary.self)
private let pointProperty = DBusPropertyDeclaration(interface, "Point", DBusVariant.self)

@Suite struct WireValueTests {
    @Test func basicValuesWriteWhatTheirTreesWrite() throws {
        for pair in [
            try bothWays(true), try bothWays(Int32(-7)), try bothWays(UInt32(7)), try bothWays(2.5),
            try bothWays("héllo"), try bothWays(ObjectPath("/a/b")), try bothWays(Shade.dark),
        ] {
            #expect(pair.direct == pair.tree)
        }
    }

    @Test func containersWriteWhatTheirTreesWrite() throws {
        let pairs = [
            try bothWays([String]()), try bothWays(["a", "bc", ""]), try bothWays([2.5, -1]), try bothWays([true]),
            try bothWays(DBusVariantDictionary([("a", .string("x")), ("b", .array(.uint32, [.uint32(9)]))])),
            try bothWays(DBusVariantDictionary([])),
            try bothWays(
                DBusDictionary<String, DBusVariantDictionary>([
                    ("one", DBusVariantDictionary([("k", .boolean(true))])), ("two", DBusVariantDictionary([])),
                ])),
            try bothWays(DBusDictionary<ObjectPath, [Int32]>([("/x", [1, 2]), ("/y", [])])),
        ]
        for pair in pairs { #expect(pair.direct == pair.tree) }
    }

    @Test func aStringWithANULIsRefused() {
        var writer = WireWriter(capacity: 16)
        #expect(throws: DBusValueError.self) { try "a\0b".write(to: &writer) }
    }

    @Test func propertiesOfWireTypesWriteThemselvesAndOthersDoNot() {
        let names = namesProperty.serve(Thing.self) { $0.names }
        let shade = shadeProperty.serve(Thing.self, get: { _ in .light }, set: { _, _ in })
        let extras = extrasProperty.serve { DBusVariantDictionary([("k", .int32(1))]) }
        let point = pointProperty.serve { DBusVariant(.structure([.int32(1), .int32(2)])) }
        #expect(names.wire != nil && shade.wire != nil && extras.wire != nil)
        #expect(point.wire == nil)
        #expect(names.wire?.signature == Array("as".utf8))
    }

    @Test func aPropertyWritesTheVariantItsValueWouldMake() throws {
        let context = Thing(names: ["a", "b"])
        for property in [
            namesProperty.serve(Thing.self) { $0.names },
            shadeProperty.serve(Thing.self, get: { _ in .dark }, set: { _, _ in }),
            extrasProperty.serve { DBusVariantDictionary([("k", .int32(1))]) },
            pointProperty.serve { DBusVariant(.structure([.int32(1), .int32(2)])) },
        ] {
            var direct = WireWriter(capacity: 64)
            try property.appendVariant(for: context, to: &direct, depth: 2)
            var tree = WireWriter(capacity: 64)
            try tree.appendVariant(property.value(for: context), depth: 2)
            #expect(direct.bytes == tree.bytes, "\(property.name)")
        }
    }

    @Test func getAllAndPropertiesChangedWriteWhatTheValuesWould() async throws {
        let call = try await receivedCall().call
        let context = Thing(names: ["x", "yz"])
        let properties = [
            namesProperty.serve(Thing.self) { $0.names },
            shadeProperty.serve(Thing.self, get: { _ in .light }, set: { _, _ in }),
            extrasProperty.serve { DBusVariantDictionary([("k", .string("v"))]) },
        ]
        let served = DBusInterface(interface, properties: properties)
        #expect(ObjectServer.writesDirectly(served))
        let values = DBusVariantDictionary(properties.map { ($0.name.rawValue, $0.value(for: context)) })
        let reply = try ObjectServer.getAllReply(to: call, served, context: context)
        #expect(try reply.marshaled() == call.makeReturn([values.dbusValue]).marshaled())

        let signal = try ObjectServer.propertiesChangedSignal(
            at: "/t", interface: interface, changed: Array(properties.prefix(2)), invalidated: ["Other"],
            context: context)
        let changed = DBusVariantDictionary(properties.prefix(2).map { ($0.name.rawValue, $0.value(for: context)) })
        let expected = try Message.signal(
            path: "/t", interface: PropertiesInterface.name, member: PropertiesInterface.propertiesChanged.name,
            [.string(interface.rawValue), changed.dbusValue, .array(.string, [.string("Other")])])
        #expect(signal.marshaled() == expected.marshaled())
    }
}
