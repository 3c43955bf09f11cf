import DBus
import Glibc
import Testing

/// Appends `values` to a fresh method call and reads them back.
private func roundTrip(_ values: [DBusValue]) throws -> [DBusValue] {
    let message = Message.methodCall(destination: nil, path: .example, interface: nil, member: "Test")
    try message.append(values)
    #expect(message.signature == values.map(\.type.signature).joined())
    return try message.arguments()
}

/// Checks that `value` comes back from a message exactly as it went in.
private func expectRoundTrip(_ value: DBusValue, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(try roundTrip([value]) == [value], sourceLocation: sourceLocation)
}

/// One sample of every basic type except `h`, which needs a real descriptor.
private let basicSamples: [DBusValue] = [
    .byte(0xA5), .boolean(true), .boolean(false), .int16(-12345), .uint16(54321), .int32(-2_000_000_000),
    .uint32(4_000_000_000), .int64(-9_000_000_000_000), .uint64(18_000_000_000_000_000_000), .double(-2.5),
    .string("petal"), .objectPath("/org/example/Item_2d1"), .signature("a{sv}(ii)"),
]

/// The extremes of each type's range, and strings that are easy to get wrong.
private let extremes: [DBusValue] = [
    .byte(0), .byte(.max), .int16(.min), .int16(.max), .uint16(.max), .int32(.min), .int32(.max),
    .uint32(.max), .int64(.min), .int64(.max), .uint64(0), .uint64(.max),
    .double(.infinity), .double(-.infinity), .double(.greatestFiniteMagnitude), .double(.leastNonzeroMagnitude),
    .string(""), .string("héllo, 世界 🌸 \u{1F468}\u{200D}\u{1F469}"), .string(String(repeating: "x", count: 100_000)),
    .objectPath(.root), .signature(.empty),
]

/// A sample of `type` for array tests; `type` is basic and not `h`.
private func sample(of type: DBusType) -> DBusValue {
    basicSamples.first { $0.type == type }!
}

@Suite struct MessageBodyTests {
    @Test(arguments: basicSamples + extremes)
    func basicValueRoundTrips(_ value: DBusValue) throws {
        try expectRoundTrip(value)
    }

    @Test(arguments: [Double.nan, -Double.nan, Double.signalingNaN])
    func nanStaysNaN(_ nan: Double) throws {
        guard case .double(let back)? = try roundTrip([.double(nan)]).first else {
            Issue.record("a double did not come back as a double")
            return
        }
        #expect(back.isNaN)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        guard case .double(let back)? = try roundTrip([.double(-0.0)]).first else {
            Issue.record("a double did not come back as a double")
            return
        }
        #expect(back == 0 && back.sign == .minus)
    }

    /// An array's from its length prefix (each `{si}` entry here is 16 bytes,
    /// 8-aligned), a string's bytes without its nul; nil for other types.
    @Test func argumentByteLengthsOfArraysAndStrings() throws {
        let message = Message.methodCall(
            destination: "org.example.Y", path: "/", interface: "org.example.Y", member: "M")
        try message.append([
            .string("aé"), .vardict((0..<1000).map { ("k\($0)", .int32(1)) }), .strings([]), .uint32(7),
            .objectPath("/a"),
        ])
        #expect(message.argumentByteLengths() == [3, 16_000, 0, nil, nil])
    }

    @Test func unixFDComesBackAsAnotherDescriptorOfTheSamePipe() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        guard case .unixFD(let received)? = try roundTrip([.unixFD(ends[0])]).first else {
            Issue.record("an h did not come back as an h")
            return
        }
        defer { close(received) }
        #expect(received != ends[0] && received != ends[1])
        #expect(fcntl(received, F_GETFD) != -1, "the received descriptor is not open")
        var byte: UInt8 = 42
        #expect(write(ends[1], &byte, 1) == 1)
        byte = 0
        #expect(read(received, &byte, 1) == 1)
        #expect(byte == 42, "the received descriptor reads another file than the pipe")
    }

    @Test(arguments: [
        DBusType.byte, .boolean, .int16, .uint16, .int32, .uint32, .int64, .uint64, .double, .string, .objectPath,
        .signature,
    ])
    func arraysOfEveryBasicType(_ type: DBusType) throws {
        try expectRoundTrip(.array(type, []))
        try expectRoundTrip(.array(type, [sample(of: type), sample(of: type), sample(of: type)]))
    }

    @Test func arrayOfUnixFDs() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        try expectRoundTrip(.array(.unixFD, []))
        let back = try roundTrip([.array(.unixFD, [.unixFD(ends[0]), .unixFD(ends[1])])])
        let fds =
            back.first?.arrayElements?.compactMap { value -> Int32? in
                if case .unixFD(let fd) = value { fd } else { nil }
            } ?? []
        #expect(fds.count == 2)
        for fd in fds {
            #expect(fcntl(fd, F_GETFD) != -1)
            close(fd)
        }
    }

    @Test func dictionaries() throws {
        try expectRoundTrip(.vardict([]))
        try expectRoundTrip(
            .vardict([("name", .string("petal")), ("count", .uint32(3)), ("nested", .vardict([("x", .double(1))]))]))
        try expectRoundTrip(.dictionary(.byte, .string, [(.byte(1), .string("one")), (.byte(255), .string("max"))]))
        let objects = DBusValue.dictionary(
            .objectPath, .dictionary(.string, .variant),
            [
                (.objectPath("/a"), .vardict([("Enabled", .boolean(true))])),
                (.objectPath("/b"), .vardict([])),
            ])
        try expectRoundTrip(objects)
        #expect(objects.type.signature == "a{oa{sv}}")
    }

    @Test func structs() throws {
        try expectRoundTrip(
            .structure([.string("id"), .string("Title"), .string(""), .string("act"), .boolean(true), .boolean(false)]))
        try expectRoundTrip(
            .structure([.int32(1), .structure([.strings(["a", "b"]), .vardict([("k", .int64(-1))])])]))
        try expectRoundTrip(
            .array(.structure([.string, .double, .double]), [.structure([.string("a"), .double(1.5), .double(-2)])]))
    }

    @Test func variantsInVariants() throws {
        try expectRoundTrip(.variant(.variant(.variant(.int32(5)))))
        try expectRoundTrip(
            .array(
                .variant, [.variant(.string("a")), .variant(.variant(.strings([]))), .variant(.structure([.byte(1)]))]))
        #expect(DBusValue.variant(.variant(.uint16(9))).unwrapped == .uint16(9))
    }

    @Test func severalArgumentsKeepTheirOrder() throws {
        let values: [DBusValue] = [.string("a"), .int32(1), .vardict([]), .boolean(false), .objectPath("/x")]
        #expect(try roundTrip(values) == values)
    }
}
