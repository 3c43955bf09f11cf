import Glibc
import Testing

@testable import DBus

/// A signal built both ways: through libdbus's iterators, and written by
/// `WireWriter` then read by libdbus.
private func bothWays(_ values: [DBusValue]) throws -> (libdbus: Message, written: Message) {
    let libdbus = Message.signal(path: "/org/example/Thing", interface: "org.example.Iface", member: "Changed")
    try libdbus.append(values)
    let written = try Message.encoded(
        WireWriter.message(
            .signal(path: "/org/example/Thing", interface: "org.example.Iface", member: "Changed"), values))
    return (libdbus, written)
}

/// Values that cover every type, each alignment after each other alignment,
/// empty containers (an empty array of 8-aligned elements is still padded),
/// and nesting through variants.
private let samples: [[DBusValue]] = [
    [],
    [.byte(0xA5)],
    [.boolean(true), .boolean(false)],
    [.byte(1), .int16(-12345), .byte(2), .uint16(54321), .byte(3), .int32(-2_000_000_000)],
    [.byte(1), .uint32(4_000_000_000), .byte(2), .int64(.min), .byte(3), .uint64(.max), .byte(4), .double(-2.5)],
    [.string(""), .string("héllo, 世界 🌸"), .objectPath("/org/example/Item_2d1"), .signature("a{sv}(ii)")],
    [.byte(7), .array(.int64, [])],
    [.byte(7), .array(.structure([.int32, .string]), [])],
    [.array(.byte, [.byte(1), .byte(2), .byte(3)]), .array(.double, [.double(1), .double(2)])],
    [
        .array(
            .array(.int16), [.array(.int16, [.int16(1)]), .array(.int16, []), .array(.int16, [.int16(2), .int16(3)])])
    ],
    [.vardict([("a", .string("x")), ("b", .uint32(9)), ("c", .vardict([("d", .array(.string, [.string("e")]))]))])],
    [.variant(.variant(.variant(.int64(42))))],
    [.variant(.structure([.byte(1), .double(2), .string("three")]))],
    [
        .array(
            .dictEntry(key: .uint32, value: .structure([.string, .objectPath])),
            [
                .dictEntry(.uint32(1), .structure([.string("one"), .objectPath("/one")])),
                .dictEntry(.uint32(2), .structure([.string("two"), .objectPath("/two")])),
            ])
    ],
    [.string(String(repeating: "x", count: 100_000)), .int64(1)],
]

@Suite struct WireWriterTests {
    @Test(arguments: samples)
    func writesTheBytesLibdbusWrites(_ values: [DBusValue]) throws {
        let (libdbus, written) = try bothWays(values)
        #expect(written.marshaled() == libdbus.marshaled())
        #expect(try written.arguments() == values)
        #expect(written.signature == libdbus.signature)
    }

    @Test func writesTheRepliesLibdbusWrites() async throws {
        let call = try await receivedCall().call
        for values in samples {
            let libdbus = call.makeReturn()
            try libdbus.append(values)
            let written = try Message.encoded(
                WireWriter.message(.methodReturn(to: call.sender, answering: call.serial), values))
            #expect(written.marshaled() == libdbus.marshaled())
            #expect(written.replySerial == call.serial && written.destination == call.sender)
            #expect(try written.arguments() == values)
        }
    }

    @Test func theWrittenMessageIsUnsentSoLibdbusGivesItASerial() throws {
        let (_, written) = try bothWays([.string("x")])
        #expect(written.serial == 0)
        #expect(written.type == .signal)
        #expect(written.noReplyExpected)
    }

    @Test func aStringWithNULIsRefusedAsByAppend() throws {
        let values: [DBusValue] = [.string("a\u{0}b")]
        let refusal = try #require(throws: DBusValueError.self) { try bothWays(values).written }
        #expect(refusal.message.contains("NUL"))
        #expect(throws: DBusValueError.self) {
            try WireWriter.message(.signal(path: "/a", interface: "org.example.Iface", member: "Changed"), values)
        }
    }

    @Test func aSignalOfContainersOrSeveralValuesIsWrittenHereAndOfOneBasicValueByLibdbus() throws {
        #expect(WireWriter.pays(for: [.string("a"), .vardict([])]))
        #expect(WireWriter.pays(for: [.string("a"), .uint32(1)]))
        #expect(!WireWriter.pays(for: [.string("a")]))
        #expect(!WireWriter.pays(for: []))
        for values: [DBusValue] in [
            [.string("a"), .vardict([("k", .int32(1))])], [.string("a"), .uint32(1)], [.string("a")],
        ] {
            let (libdbus, _) = try bothWays(values)
            let signal = try Message.signal(
                path: "/org/example/Thing", interface: "org.example.Iface", member: "Changed", values)
            #expect(signal.marshaled() == libdbus.marshaled())
        }
    }

    @Test func anArrayElementOfAnotherTypeIsRefused() {
        #expect(throws: DBusValueError(message: "an array of s holds a value of type i")) {
            try WireWriter.message(
                .signal(path: "/a", interface: "org.example.Iface", member: "Changed"), [.array(.string, [.int32(1)])])
        }
    }

    @Test func nestingDeeperThanTheLimitIsRefused() {
        var value = DBusValue.int32(0)
        for _ in 0..<65 { value = .variant(value) }
        #expect(throws: DBusValueError.self) {
            try WireWriter.message(.signal(path: "/a", interface: "org.example.Iface", member: "Changed"), [value])
        }
    }

    @Test func aSignatureOverTheLimitIsRefused() {
        let values = Array(repeating: DBusValue.byte(0), count: 256)
        #expect(throws: DBusValueError(message: "the body's signature is over 255 bytes")) {
            try WireWriter.message(.signal(path: "/a", interface: "org.example.Iface", member: "Changed"), values)
        }
    }

    @Test func aDescriptorGoesThroughLibdbusIterators() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        #expect(throws: WireWriter.CarriesDescriptor.self) {
            try WireWriter.message(
                .signal(path: "/a", interface: "org.example.Iface", member: "Changed"),
                [.array(.unixFD, [.unixFD(ends[0])])])
        }
        let message = try Message.signal(
            path: "/a", interface: "org.example.Iface", member: "Changed", [.array(.unixFD, [.unixFD(ends[0])])])
        #expect(message.signature == "ah")
        guard case .array(_, let elements)? = try message.arguments().first,
            case .unixFD(let received)? = elements.first
        else {
            Issue.record("an h did not come back as an h")
            return
        }
        close(received)
    }
}
