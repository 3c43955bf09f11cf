import DBus
import Testing

/// A method call as a server received it over the bus (replies need a received
/// call: libdbus refuses to answer a message that was never sent), and the
/// unique name of the client that sent it.
func receivedCall() async throws -> (call: Message, client: String) {
    try await withTestService { service in
        let captured = Shared<Message?>(nil)
        try service.register([
            DBusInterface(
                "org.example.Capture",
                methods: [
                    DBusMethod("Capture", in: DBusIn("text", String.self)) { call, _ in
                        captured.value = call.message
                        return .values([])
                    }
                ])
        ])
        _ = try await service.call("org.example.Capture", "Capture", [.string("payload")])
        return (try #require(captured.value), service.client.uniqueName)
    }
}

@Suite struct MessageHeaderTests {
    @Test func methodCallHeader() throws {
        let call = Message.methodCall(
            destination: "org.example.Dest", path: "/org/example/Thing",
            interface: "org.example.Iface", member: "DoIt")
        #expect(call.type == .methodCall)
        #expect(call.destination == "org.example.Dest")
        #expect(call.path == "/org/example/Thing")
        #expect(call.interface == "org.example.Iface")
        #expect(call.member == "DoIt")
        #expect(call.errorName == nil)
        #expect(call.sender == nil)
        #expect(call.signature == "")
        #expect(call.error == nil)
        try call.append(.string("x"), .vardict([]))
        #expect(call.signature == "sa{sv}")
        #expect(call.hasSignature("sa{sv}"))
        #expect(!call.hasSignature("s"))
    }

    @Test func callWithoutDestinationOrInterface() {
        let call = Message.methodCall(destination: nil, path: .root, interface: nil, member: "Ping")
        #expect(call.destination == nil)
        #expect(call.interface == nil)
        #expect(call.path == "/")
    }

    @Test func noReplyExpectedIsAFlagThatSticks() {
        let call = Message.methodCall(destination: nil, path: .root, interface: nil, member: "Fire")
        #expect(!call.noReplyExpected)
        call.noReplyExpected = true
        #expect(call.noReplyExpected)
        call.noReplyExpected = false
        #expect(!call.noReplyExpected)
    }

    @Test func signalHeader() {
        let signal = Message.signal(path: "/org/example", interface: "org.example.Iface", member: "Changed")
        #expect(signal.type == .signal)
        #expect(signal.path == "/org/example")
        #expect(signal.interface == "org.example.Iface")
        #expect(signal.member == "Changed")
        #expect(signal.destination == nil)
    }

    @Test func receivedCallCarriesTheSenderAndASerial() async throws {
        let (call, client) = try await receivedCall()
        #expect(call.sender == client)
        #expect(call.serial != 0)
        #expect(call.member == "Capture")
        #expect(call.interface == "org.example.Capture")
        #expect(try call.arguments() == [.string("payload")])
    }

    @Test func makeReturnAnswersTheCall() async throws {
        let (call, client) = try await receivedCall()
        let reply = call.makeReturn()
        #expect(reply.type == .methodReturn)
        #expect(reply.replySerial == call.serial)
        #expect(reply.destination == client)
        #expect(reply.error == nil)
        #expect(reply.member == nil)
        try reply.append(.uint32(7))
        #expect(try reply.arguments() == [.uint32(7)])
    }

    @Test func makeErrorCarriesNameAndMessage() async throws {
        let (call, client) = try await receivedCall()
        let reply = call.makeError(DBusError("org.example.Error.Custom", "what went wrong"))
        #expect(reply.type == .error)
        #expect(reply.replySerial == call.serial)
        #expect(reply.destination == client)
        #expect(reply.errorName == "org.example.Error.Custom")
        #expect(reply.signature == "s")
        #expect(try reply.arguments() == [.string("what went wrong")])
        #expect(reply.error == DBusError("org.example.Error.Custom", "what went wrong"))
    }

    @Test(arguments: ["", "no-dots", "org..Double", "org.example.9Digit", "org.example.Error.Bad-Dash"])
    func makeErrorWithAnInvalidNameAnswersFailed(_ name: String) async throws {
        let (call, _) = try await receivedCall()
        let reply = call.makeError(DBusError(name, "text"))
        #expect(reply.errorName == DBusError.Name.failed)
        #expect(reply.error?.message == "text")
    }

    @Test func makeErrorReplacesNULInTheMessage() async throws {
        let (call, _) = try await receivedCall()
        let reply = call.makeError(.invalidArgs("bad\u{0}value"))
        #expect(reply.errorName == DBusError.Name.invalidArgs)
        #expect(reply.error?.message == "bad?value")
    }

    @Test func errorHelpersUseTheStandardNames() {
        #expect(DBusError.failed("x") == DBusError("org.freedesktop.DBus.Error.Failed", "x"))
        #expect(DBusError.invalidArgs("x").name == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(DBusError.accessDenied("x").name == "org.freedesktop.DBus.Error.AccessDenied")
        #expect(DBusError("a.b.C", "text").description == "a.b.C: text")
    }
}

@Suite struct DBusValueAccessorTests {
    @Test func stringPayloads() {
        #expect(DBusValue.string("s").stringValue == "s")
        #expect(DBusValue.objectPath("/o").stringValue == "/o")
        #expect(DBusValue.signature("a{sv}").stringValue == "a{sv}")
        #expect(DBusValue.int32(1).stringValue == nil)
    }

    @Test func integersWiden() {
        #expect(DBusValue.byte(255).integerValue == 255)
        #expect(DBusValue.int16(-3).integerValue == -3)
        #expect(DBusValue.uint32(.max).integerValue == Int64(UInt32.max))
        #expect(DBusValue.uint64(UInt64(Int64.max)).integerValue == .max)
        #expect(DBusValue.uint64(.max).integerValue == nil)
        #expect(DBusValue.double(1).integerValue == nil)
        #expect(DBusValue.int32(-2).doubleValue == -2)
        #expect(DBusValue.boolean(true).boolValue == true)
    }

    @Test func dictionaryEntriesKeepWireOrder() {
        let dict = DBusValue.vardict([("b", .int32(1)), ("a", .int32(2)), ("b", .int32(3))])
        #expect(dict.stringKeyedEntries?.map(\.key) == ["b", "a", "b"])
        #expect(dict.stringKeyedEntries?.last?.value == .variant(.int32(3)))
        #expect(DBusValue.strings(["x"]).stringKeyedEntries == nil)
        #expect(DBusValue.strings(["x", "y"]).arrayElements == [.string("x"), .string("y")])
    }
}
