import DBus
import Foundation
import Glibc
import TestSupport
import Testing

/// `Trigger` (docs/dbus-api.md): params in, result out through JSON, and every way it
/// refuses: unknown action, bad params, caps, wrong signature, timeout, Busy.
@Suite struct TriggerTests {
    /// What test.echo returns for each parameter type sent: the round trip
    /// goes through JSON, so the mapping is
    /// - `s o g` → `s`; `b` → `b`; `d` → `d`;
    /// - every integer type (`y n q i u x`) → `i` when it fits in 32 bits, else `x`;
    ///   a `t` above `Int64.max` → `d`;
    /// - `as` → `as`; other arrays, empty ones and structs → `av`;
    /// - `a{sv}` → `a{sv}`, nested alike; a variant in a variant → its content.
    static let roundTrips: [(key: String, sent: DBusValue, returned: DBusValue)] = [
        ("s", .string("Ann"), .string("Ann")),
        ("b", .boolean(true), .boolean(true)),
        ("d", .double(2.5), .double(2.5)),
        ("y", .byte(200), .int32(200)),
        ("n", .int16(-300), .int32(-300)),
        ("q", .uint16(60_000), .int32(60_000)),
        ("i", .int32(-7), .int32(-7)),
        ("u", .uint32(7), .int32(7)),
        ("u-large", .uint32(4_000_000_000), .int64(4_000_000_000)),
        ("x-small", .int64(42), .int32(42)),
        ("x", .int64(5_000_000_000), .int64(5_000_000_000)),
        ("t", .uint64(UInt64.max), .double(Double(UInt64.max))),
        ("o", .objectPath("/org/petal/Petal1"), .string("/org/petal/Petal1")),
        ("g", .signature("a{sv}"), .string("a{sv}")),
        ("as", .strings(["a", "b"]), .strings(["a", "b"])),
        ("as-empty", .strings([]), .array(.variant, [])),
        ("ai", .array(.int32, [.int32(1), .int32(2)]), .array(.variant, [.variant(.int32(1)), .variant(.int32(2))])),
        (
            "struct", .structure([.string("a"), .int32(1)]),
            .array(.variant, [.variant(.string("a")), .variant(.int32(1))])
        ),
        ("vv", .variant(.string("deep")), .string("deep")),
        (
            "a{sv}", .vardict([("inner", .vardict([("n", .int32(1))]))]),
            .vardict([("inner", .vardict([("n", .int32(1))]))])
        ),
    ]

    @Test func echoRoundTripsParamsOfEveryType() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }

        let result = try await daemon.trigger("test.echo", Self.roundTrips.map { ($0.key, $0.sent) })
        #expect(result.signature == "a{sv}")
        let entries = result.entries
        #expect(Set(entries.keys) == Set(Self.roundTrips.map(\.key)))
        for (key, sent, returned) in Self.roundTrips {
            #expect(entries[key] == returned, "\(key): sent \(sent), expected \(returned) back")
        }
    }

    @Test func nestedDictionaryKeepsEveryMember() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let person = DBusValue.vardict([("name", .string("Ann")), ("age", .int32(36)), ("tags", .strings(["x"]))])

        let result = try await daemon.trigger("test.echo", [("person", person), ("empty", .vardict([]))])
        #expect(
            result.entries["person"]?.entries == ["name": .string("Ann"), "age": .int32(36), "tags": .strings(["x"])])
        #expect(result.entries["empty"] == .vardict([]))
    }

    @Test func unknownAction() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let error = await expectPetalError("UnknownAction") { try await daemon.trigger("nowhere.nothing") }
        #expect(error?.message.contains("nowhere.nothing") == true)
    }

    @Test func actionRejectingItsParams() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        await expectPetalError("InvalidParams") { try await daemon.trigger("test.invalid", [("x", .int32(1))]) }
    }

    @Test func paramsWithoutAJSONForm() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let fd = open("/dev/null", O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let recorder = try await SignalRecorder(daemon)

        let descriptor = await expectPetalError("InvalidParams") {
            try await daemon.trigger("test.echo", [("file", .unixFD(fd))])
        }
        #expect(descriptor?.message.contains("file") == true, "the message should name the parameter")
        let numbered = DBusValue.dictionary(.int32, .string, [(.int32(1), .string("one"))])
        let keyed = await expectPetalError("InvalidParams") {
            try await daemon.trigger("test.echo", [("numbers", numbered)])
        }
        #expect(keyed?.message.contains("numbers") == true)
        #expect(recorder.signals("ActionStarted").isEmpty, "refused params must not start the action")
    }

    /// Each `h` libdbus decodes is a new descriptor: petald must close them all,
    /// or a client can exhaust its descriptors (and with them command.run).
    @Test func descriptorsSentInACallAreClosed() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let fd = open("/dev/null", O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon.process.processIdentifier)/fd").count
        }
        _ = try? await daemon.trigger("test.echo", [("file", .unixFD(fd))])
        let before = try openDescriptors()
        for _ in 0..<50 {
            await expectPetalError("InvalidParams") {
                try await daemon.trigger("test.echo", [("nested", .vardict([("file", .unixFD(fd))]))])
            }
            await expectPetalError("InvalidParams") { try await daemon.trigger("test.echo", [("file", .unixFD(fd))]) }
        }
        let after = try openDescriptors()
        // A few descriptors come and go with petald's own work; a leak would be 100.
        #expect(after < before + 10, "petald kept \(after - before) of the 100 descriptors it was sent")
        #expect(try await daemon.trigger("test.echo", [("n", .int32(1))]).entries["n"] == .int32(1))
    }

    /// Params far over the cap are refused from their length in the message,
    /// before they are decoded: petald neither spends the time nor keeps the memory.
    @Test func hugeParamsAreRefusedBeforeTheyAreDecoded() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        func anonymousKiB() throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(daemon.process.processIdentifier)/status", encoding: .utf8)
            let line = status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        let before = try anonymousKiB()
        let huge = (0..<400_000).map { ("k\($0)", DBusValue.int32(Int32($0))) }
        let refusal = await expectPetalError("InvalidParams") {
            try await daemon.trigger("test.echo", huge, timeout: .patience)
        }
        #expect(
            refusal?.message.contains("bytes in the message; the limit is 1048576 bytes") == true,
            "\(String(describing: refusal))")
        // Decoded, 400,000 entries held over 60 MiB; the message itself is about 6 MiB.
        #expect(try anonymousKiB() - before < 24 * 1024, "petald kept the huge params")
        #expect(try await daemon.trigger("test.echo", [("n", .int32(1))]).entries["n"] == .int32(1))
    }

    /// Params are capped at 64 KiB as JSON; just under the cap still runs.
    @Test func paramsOver64KiBAreRefused() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let under = String(repeating: "a", count: 60 * 1024)
        #expect(try await daemon.trigger("test.echo", [("text", .string(under))]).entries["text"] == .string(under))

        let over = String(repeating: "a", count: 64 * 1024)
        await expectPetalError("InvalidParams") { try await daemon.trigger("test.echo", [("text", .string(over))]) }
        #expect(await daemon.answers())
    }

    /// Ids are capped at 255 bytes: 255 is looked up, 256 is refused as InvalidArgs.
    @Test func actionIDsAreCappedAt255Bytes() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        await expectPetalError("UnknownAction") { try await daemon.trigger(String(repeating: "a", count: 255)) }
        await expectDBusError(DBusError.Name.invalidArgs) {
            try await daemon.trigger(String(repeating: "a", count: 256))
        }
    }

    @Test func resultOver64KiBFailsTheAction() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        await expectPetalError("ActionFailed") { try await daemon.trigger("test.big") }
        #expect(try await daemon.trigger("test.noop") == .vardict([]))
    }

    @Test func wrongSignatureIsInvalidArgs() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        await expectDBusError(DBusError.Name.invalidArgs) { try await daemon.menu("Trigger", [.string("test.echo")]) }
        await expectDBusError(DBusError.Name.invalidArgs) {
            try await daemon.menu("Trigger", [.string("test.echo"), .dictionary(.string, .string, [])])
        }
    }

    @Test func hangingActionTimesOut() async throws {
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_TIMEOUT": "0.5"])
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)

        await expectPetalError("Timeout") { try await daemon.trigger("test.hang", timeout: .patience) }
        let finished = try await recorder.wait(for: "ActionFinished")
        #expect(
            finished.arguments.dropFirst().prefix(3) == [
                .string("test.hang"), .boolean(false), .string(petalErrorPrefix + "Timeout"),
            ])
        #expect(
            try await recorder.wait(for: "ActionStarted").arguments == [
                finished.arguments[0], .string("test.hang"), .string(""),
            ])
    }

    /// With actions.maxConcurrent 2, a third action while two hang is Busy; once
    /// they time out, Trigger works again.
    @Test func busyBeyondMaxConcurrent() async throws {
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_MAX_CONCURRENT": "2", "PETAL_TEST_TIMEOUT": "6"])
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)

        let hanging = (0..<2).map { _ in Task { try await daemon.trigger("test.hang", timeout: .patience) } }
        try await recorder.wait(for: "ActionStarted") { _ in recorder.signals("ActionStarted").count == 2 }
        await expectPetalError("Busy") { try await daemon.trigger("test.noop") }
        #expect(recorder.signals("ActionStarted").count == 2, "a Busy refusal starts nothing")

        for task in hanging {
            await expectPetalError("Timeout") { try await task.value }
        }
        #expect(try await daemon.trigger("test.noop") == .vardict([]))
    }
}
