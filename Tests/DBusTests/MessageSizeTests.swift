import Testing

@testable import DBus

/// ``Message/approximateByteCount``: what the budget of waiting calls
/// counts, close to the bytes the message takes on the wire.
@Suite struct MessageSizeTests {
    private func call(_ values: [DBusValue]) throws -> Message {
        let message = Message.methodCall(
            destination: "org.example.Test", path: .example, interface: nil, member: "Test")
        try message.append(values)
        return message
    }

    private static let bodies: [(String, [DBusValue])] = [
        ("nothing", []),
        ("a string of 64 KiB", [.string(String(repeating: "x", count: 65_536))]),
        ("a string and a{sv}", [.string("camera"), .vardict((0..<200).map { ("key\($0)", .string("value \($0)")) })]),
        ("a variant of 10,000 bytes", [.variant(.array(.byte, (0..<10_000).map { .byte(UInt8($0 & 0xFF)) }))]),
        ("numbers, a path and a struct", [.uint32(7), .objectPath("/a/b"), .structure([.int64(1), .string("zz")])]),
    ]

    @Test(arguments: Self.bodies.map(\.0))
    func isCloseToTheBytesOnTheWire(body: String) throws {
        let values = try #require(Self.bodies.first { $0.0 == body }?.1)
        let message = try call(values)
        let wire = message.marshaled().count
        let estimate = message.approximateByteCount
        // Within the header's allowance for small messages, and a hundredth for large ones.
        let off = estimate > wire ? estimate - wire : wire - estimate
        #expect(off <= max(Message.headerAllowance, wire / 100), "\(estimate) for \(wire) bytes")
    }

    @Test func growsWithTheBody() throws {
        let small = try call([.string("a"), .vardict([])])
        let large = try call([.string(String(repeating: "a", count: 1 << 20)), .vardict([])])
        #expect(large.approximateByteCount - small.approximateByteCount >= (1 << 20) - 1)
    }
}
