import DBus
import Dispatch
import Synchronization
import Testing

/// An interface whose handlers break their own declaration, as a bug would.
private let liar: InterfaceName = "org.example.Liar"

private func liarInterface() -> DBusInterface {
    DBusInterface(
        liar,
        methods: [
            DBusMethod("WrongReply", out: [DBusArgument("text", .string)]) { _ in .values([.int32(7)]) },
            DBusMethod("ExtraReply") { _ in .values([.string("not declared")]) },
            DBusMethod("WrongLater", out: [DBusArgument("text", .string)]) { call in
                DispatchQueue.global().async { call.reply([]) }
                return .later
            },
            DBusMethod("Right", out: [DBusArgument("text", .string)]) { _ in .values([.string("fine")]) },
        ],
        signals: [
            DBusSignal("Said", [DBusArgument("text", .string)])
        ])
}

/// Runs `body` with the liar served at `/org/example`, its server set to log
/// and refuse (a release build's behaviour) and its log lines collected.
private func withLiar(_ body: (TestService, Shared<[String]>) async throws -> Void) async throws {
    try await withTestService { service in
        try service.register([liarInterface()])
        let logged = Shared<[String]>([])
        try service.server.loop.performAndWait {
            service.server.objectServer.enforceDeclarations(.logAndRefuse)
            service.server.objectServer.logErrors { line in logged.update { $0.append(line) } }
        }
        try await body(service, logged)
    }
}

@Suite struct DeclarationEnforcementTests {
    @Test func aReplyOfTheWrongTypeIsFailedAndLoggedAndTheServerCarriesOn() async throws {
        try await withLiar { service, logged in
            let expected = [#"org.example.Liar.WrongReply"#, #""i""#, #""s""#]
            await expectDBusError(DBusError.Name.failed, containing: expected) {
                _ = try await service.call(liar, "WrongReply")
            }
            #expect(logged.value.count == 1)
            #expect(expected.allSatisfy { logged.value.first?.contains($0) == true }, "\(logged.value)")
            let right = try await service.call(liar, "Right")
            #expect(right == [.string("fine")])
        }
    }

    @Test func aReplyToAMethodThatDeclaresNoneIsRefused() async throws {
        try await withLiar { service, _ in
            await expectDBusError(DBusError.Name.failed, containing: [#""s""#, #"declared as """#]) {
                _ = try await service.call(liar, "ExtraReply")
            }
        }
    }

    @Test func aLaterReplyFromAnotherThreadIsCheckedToo() async throws {
        try await withLiar { service, logged in
            await expectDBusError(DBusError.Name.failed, containing: ["WrongLater", #"signature """#]) {
                _ = try await service.call(liar, "WrongLater")
            }
            #expect(logged.value.count == 1)
        }
    }

    @Test func signalsThatDoNotMatchTheirDeclarationAreNotSent() async throws {
        try await withLiar { service, logged in
            let received = Mutex<[Message]>([])
            let rule = MatchRule(sender: service.name.rawValue, path: .example, interface: liar)
            let token = try await service.client.subscribe(rule) { message in received.withLock { $0.append(message) } }
            defer { token.cancel() }
            try service.server.loop.performAndWait {
                let server: ObjectServer = service.server.objectServer
                server.emit("Said", of: liar, at: .example, [.int32(1)])
                server.emit("Said", of: liar, at: .example, [.string("a"), .string("b")], reusable: true)
                server.emit("Shouted", of: liar, at: .example, [.string("undeclared")])
                server.emit("Said", of: liar, at: "/org/elsewhere", [.string("no such object")])
                server.emit("Said", of: liar, at: .example, [.string("declared")])
            }
            for _ in 0..<1000 where received.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
            // Signals arrive in order, so the first to arrive shows the four before it were dropped.
            let arguments = try received.withLock { $0 }.map { try $0.arguments() }
            #expect(arguments == [[.string("declared")]])
            let lines = logged.value
            #expect(lines.count == 4, "\(lines)")
            #expect(lines.first?.contains(#"org.example.Liar.Said from /org/example carries signature "i""#) == true)
            #expect(lines.contains { $0.contains("Shouted") && $0.contains("is not declared") })
            #expect(lines.contains { $0.contains("/org/elsewhere") && $0.contains("does not serve that interface") })
        }
    }
}

/// Every Swift type that stands for a D-Bus type, decoded in declaration order.
@Suite struct TypedArgumentTests {
    private static let everyType: InterfaceName = "org.example.Types"

    @Test func everyBasicTypeReachesTheHandlerAsItsSwiftValueInOrder() async throws {
        let interface = DBusInterface(
            Self.everyType,
            methods: [
                DBusMethod(
                    "Echo", in: DBusIn("y", UInt8.self), DBusIn("b", Bool.self), DBusIn("n", Int16.self),
                    DBusIn("q", UInt16.self), DBusIn("i", Int32.self), DBusIn("u", UInt32.self),
                    DBusIn("x", Int64.self),
                    DBusIn("t", UInt64.self), DBusIn("d", Double.self), DBusIn("s", String.self),
                    DBusIn("o", ObjectPath.self), DBusIn("g", DBusSignature.self), DBusIn("v", DBusVariant.self),
                    DBusIn("options", DBusVariantDictionary.self),
                    out: [DBusArgument("text", .string)]
                ) { _, y, b, n, q, i, u, x, t, d, s, o, g, v, options in
                    let keys = options.entries.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
                    return .values([
                        .string("\(y) \(b) \(n) \(q) \(i) \(u) \(x) \(t) \(d) \(s) \(o) \(g) \(v.value) \(keys)")
                    ])
                }
            ])
        try await withTestService { service in
            try service.register([interface])
            #expect(interface.methods[0].inSignature == "ybnqiuxtdsogva{sv}")
            let reply = try await service.call(
                Self.everyType, "Echo",
                [
                    .byte(1), .boolean(true), .int16(-3), .uint16(4), .int32(-5), .uint32(6), .int64(-7), .uint64(8),
                    .double(9.5), .string("ten"), .objectPath("/eleven"), .signature("as"),
                    .variant(.string("thirteen")),
                    .vardict([("k", .int32(14)), ("k", .boolean(false))]),
                ])
            #expect(
                reply == [
                    .string(
                        #"1 true -3 4 -5 6 -7 8 9.5 ten /eleven as string("thirteen") k=int32(14),k=boolean(false)"#)
                ])
        }
    }

    @Test func aValueOfAnotherTypeIsNotDecoded() {
        #expect(String(dbusValue: .objectPath("/a")) == nil, "an object path is not a string argument")
        #expect(Int32(dbusValue: .uint32(1)) == nil)
        #expect(Bool(dbusValue: .int32(1)) == nil)
        #expect(DBusVariant(dbusValue: .string("bare")) == nil)
        #expect(DBusVariantDictionary(dbusValue: .dictionary(.string, .string, [(.string("a"), .string("b"))])) == nil)
        #expect(DBusVariantDictionary(dbusValue: .vardict([("a", .byte(1))]))?.entries.first?.value == .byte(1))
    }
}
