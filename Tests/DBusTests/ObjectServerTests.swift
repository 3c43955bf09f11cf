import DBus
import Testing

@Suite struct ObjectServerDispatchTests {
    @Test func methodWithInAndOutArguments() async throws {
        try await withExample { service, _ in
            #expect(try await service.call(calc, "Add", [.int32(40), .int32(2)]) == [.int32(42)])
            let described = try await service.call(
                calc, "Describe", [.vardict([("a", .boolean(true)), ("b", .string("x"))])])
            #expect(described == [.strings(["a", "b"]), .uint32(2)])
        }
    }

    @Test func unknownObject() async throws {
        try await withExample { service, _ in
            await expectDBusError(DBusError.Name.unknownObject, containing: ["/org/nothing"]) {
                _ = try await service.call(calc, "Add", [.int32(1), .int32(2)], at: "/org/nothing")
            }
        }
    }

    @Test func unknownInterface() async throws {
        try await withExample { service, _ in
            await expectDBusError(DBusError.Name.unknownInterface, containing: ["org.example.Missing"]) {
                _ = try await service.call("org.example.Missing", "Add", [.int32(1), .int32(2)])
            }
        }
    }

    @Test func unknownMethod() async throws {
        try await withExample { service, _ in
            await expectDBusError(DBusError.Name.unknownMethod, containing: ["Subtract"]) {
                _ = try await service.call(calc, "Subtract", [.int32(1), .int32(2)])
            }
            // Without an interface field too.
            await expectDBusError(DBusError.Name.unknownMethod, containing: ["Subtract"]) {
                _ = try await service.send(service.message(nil, "Subtract"))
            }
        }
    }

    @Test(arguments: [
        ([DBusValue.int32(1)], "i"),
        ([.int32(1), .int32(2), .int32(3)], "iii"),
        ([.int32(1), .uint32(2)], "iu"),
        ([.string("1"), .string("2")], "ss"),
        ([], ""),
    ])
    func wrongSignatureIsInvalidArgsNamingTheExpectedOne(_ arguments: [DBusValue], _ sent: String) async throws {
        try await withExample { service, _ in
            await expectDBusError(DBusError.Name.invalidArgs, containing: [#""ii""#, #"not "\#(sent)""#]) {
                _ = try await service.call(calc, "Add", arguments)
            }
        }
    }

    @Test func callWithoutInterfaceFindsTheMethod() async throws {
        try await withExample { service, _ in
            let reply = try await service.send(service.message(nil, "Add", [.int32(2), .int32(3)]))
            #expect(try reply.arguments() == [.int32(5)])
            // Standard interfaces are searched as well.
            let xml = try await service.send(service.message(nil, "Introspect"))
            #expect(try xml.arguments().first?.stringValue?.contains("org.example.Calc") == true)
        }
    }

    @Test func handlerThrowingDBusErrorAnswersItsName() async throws {
        try await withExample { service, _ in
            await expectDBusError("org.example.Error.Custom", containing: ["the handler refused"]) {
                _ = try await service.call(calc, "Fail")
            }
        }
    }

    @Test func handlerThrowingAnotherErrorAnswersFailedAndLogs() async throws {
        try await withExample { service, _ in
            let logged = Shared<[String]>([])
            try service.server.loop.performAndWait {
                service.server.objectServer.logErrors { line in logged.update { $0.append(line) } }
            }
            await expectDBusError(DBusError.Name.failed, containing: ["UnexpectedFailure"]) {
                _ = try await service.call(calc, "Crash")
            }
            #expect(logged.value.count == 1)
            #expect(logged.value.first?.contains("Crash") == true)
        }
    }

    @Test func laterReplyFromAnotherThread() async throws {
        try await withExample { service, _ in
            let echoed = try await service.call(calc, "Later", [.string("slow")])
            #expect(echoed == [.string("slow")])
            await expectDBusError("org.example.Error.Late", containing: ["failed later"]) {
                _ = try await service.call(calc, "LaterFail")
            }
        }
    }

    @Test func laterCallsAnswerOutOfOrder() async throws {
        try await withExample { service, _ in
            async let slow = service.call(calc, "Later", [.string("first")])
            // The loop keeps serving while the first call waits for its reply.
            let sum = try await service.call(calc, "Add", [.int32(1), .int32(1)])
            #expect(sum == [.int32(2)])
            #expect(try await slow == [.string("first")])
        }
    }

    @Test func noReplyExpectedRunsTheHandler() async throws {
        try await withExample { service, object in
            let call = try service.message(calc, "Bump")
            call.noReplyExpected = true
            service.client.send(call)
            let failing = try service.message(calc, "Fail")
            failing.noReplyExpected = true
            service.client.send(failing)
            // Calls from one sender arrive in order, so this one sees the Bump.
            #expect(try await service.call(calc, "Bumps") == [.int32(1)])
            #expect(object.bumps.value == 1)
        }
    }

    @Test func peerPing() async throws {
        try await withExample { service, _ in
            #expect(try await service.call(.peer, "Ping") == [])
            let id = try await service.call(.peer, "GetMachineId").first?.stringValue
            #expect(id?.utf8.count == 32)
        }
    }

    @Test func intermediatePathIntrospectsWithAChildNode() async throws {
        try await withExample { service, _ in
            let xml = try await service.call(.introspectable, "Introspect", at: "/org").first?.stringValue ?? ""
            #expect(xml.contains(#"<node name="example"/>"#))
            #expect(!xml.contains("org.example.Calc"))
            let root = try await service.call(.introspectable, "Introspect", at: .root).first?.stringValue ?? ""
            #expect(root.contains(#"<node name="org"/>"#))
            await expectDBusError(DBusError.Name.unknownInterface) {
                _ = try await service.call(.properties, "GetAll", [.string(calc.rawValue)], at: "/org")
            }
            await expectDBusError(DBusError.Name.unknownObject) {
                _ = try await service.call(.introspectable, "Introspect", at: "/org/other")
            }
        }
    }

    @Test func unregisterMakesThePathUnknown() async throws {
        try await withExample { service, _ in
            #expect(try await service.call(calc, "Add", [.int32(1), .int32(1)]) == [.int32(2)])
            try service.server.loop.performAndWait {
                #expect(service.server.objectServer.paths == [.example])
                service.server.objectServer.unregister(.example)
                #expect(service.server.objectServer.paths == [])
            }
            await expectDBusError(DBusError.Name.unknownObject) {
                _ = try await service.call(calc, "Add", [.int32(1), .int32(1)])
            }
            await expectDBusError(DBusError.Name.unknownObject) {
                _ = try await service.call(.introspectable, "Introspect", at: "/org")
            }
        }
    }

    @Test func registeringAgainReplacesTheInterfaces() async throws {
        try await withExample { service, _ in
            try service.register([
                DBusInterface(
                    "org.example.Other",
                    methods: [
                        DBusMethod("Hello", out: [DBusArgument("text", .string)]) { _ in .values([.string("hi")]) }
                    ])
            ])
            #expect(try await service.call("org.example.Other", "Hello") == [.string("hi")])
            await expectDBusError(DBusError.Name.unknownInterface) {
                _ = try await service.call(calc, "Add", [.int32(1), .int32(1)])
            }
        }
    }
}
