import Testing

@testable import DBus

/// Signals of several basic values, such as `ActionStarted` and
/// `ActionFinished`, are written whole by `WireWriter` rather than appended
/// one argument at a time; the bytes on the wire stay those libdbus writes.
@Suite struct SeveralValueSignalTests {
    /// `ActionStarted(u, s, s)` and `ActionFinished(u, s, b, s, s)`, as the daemon emits them.
    static let shapes: [[DBusValue]] = [
        [.uint32(1), .string("bench.noop"), .string("")],
        [.uint32(4_000_000_000), .string("apps/web"), .string("apps/web")],
        [.uint32(2), .string("bench.noop"), .boolean(true), .string(""), .string("")],
        [
            .uint32(3), .string("phone.call"), .boolean(false), .string("org.petal.Petal1.Error.InvalidParams"),
            .string("phone.call needs a \"number\": «none» was given"),
        ],
    ]

    @Test(arguments: shapes)
    func isWrittenWholeWithTheBytesLibdbusAppends(_ values: [DBusValue]) throws {
        #expect(WireWriter.pays(for: values))
        let appended = Message.signal(path: "/org/petal/Petal1", interface: "org.petal.Petal1.Menu", member: "Signal")
        try appended.append(values)
        let built = try Message.signal(
            path: "/org/petal/Petal1", interface: "org.petal.Petal1.Menu", member: "Signal", values)
        #expect(built.marshaled() == appended.marshaled())
        #expect(built.serial == 0)
        #expect(try built.arguments() == values)
    }
}
