import DBus
import Synchronization
import TestSupport
import Testing

/// ``DBusProxy``: a client's view of one interface of one object.
@Suite struct ProxyTests {
    func proxy(_ service: TestService) -> DBusProxy {
        DBusProxy(connection: service.client, destination: service.name, path: .example, interface: calc)
    }

    @Test func callsMethodsAndReportsTheirErrorsByName() async throws {
        try await withExample { service, _ in
            let calculator = proxy(service)
            let sum = try await calculator.call("Add", [.int32(2), .int32(40)])
            #expect(sum == [.int32(42)])
            await #expect(throws: DBusError("org.example.Error.Custom", "the handler refused")) {
                try await calculator.call("Fail")
            }
        }
    }

    @Test func readsWritesAndListsProperties() async throws {
        try await withExample { service, object in
            let calculator = proxy(service)
            let version = try await calculator.property("Version")
            #expect(version == .string("1.0"))
            try await calculator.setProperty("Name", .string("tulip"))
            #expect(object.name.value == "tulip")
            let all = try await calculator.allProperties()
            #expect(all["Name"] == .string("tulip"))
            #expect(all["Size"] == .uint32(42))
            await #expect(throws: DBusError.self) { try await calculator.setProperty("Name", .string("")) }
            await #expect(throws: DBusError.self) { try await calculator.property("Nothing") }
        }
    }

    @Test func sendsWithoutWaitingForAReply() async throws {
        try await withExample { service, object in
            let calculator = proxy(service)
            try calculator.send("Bump")
            // A call after it is answered after it: the bus keeps one sender's messages in order.
            let bumps = try await calculator.call("Bumps")
            #expect(bumps == [.int32(1)])
            #expect(object.bumps.value == 1)
        }
    }

    @Test func itsSignalRuleSelectsItsInterfaceFromItsObject() async throws {
        try await withExample { service, _ in
            let calculator = proxy(service)
            let received = Mutex<[DBusValue]>([])
            let token = try await service.client.subscribe(calculator.signalRule("Ticked")) { message in
                received.withLock { $0 += (try? message.arguments()) ?? [] }
            }
            defer { token.cancel() }
            // The other object's signal goes first: the bus keeps one sender's order, so once
            // the wanted one has arrived, the unwanted one would have arrived before it.
            try service.server.emitSignal(
                path: .root, interface: calc, member: "Ticked", [.int32(8), .string("other object")])
            try service.server.emitSignal(path: .example, interface: calc, member: "Ticked", [.int32(7), .string("x")])
            for _ in 0..<1000 where received.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
            #expect(received.withLock { $0 } == [.int32(7), .string("x")])
        }
    }
}

/// Signals the object server builds once and sends as copies.
@Suite struct ReusableSignalTests {
    @Test func aReusableSignalArrivesWholeEachTimeWithItsOwnSerial() async throws {
        try await withExample { service, _ in
            let received = Mutex<[Message]>([])
            let rule = MatchRule(sender: service.name.rawValue, path: .example, interface: calc, member: "Ticked")
            let token = try await service.client.subscribe(rule) { message in received.withLock { $0.append(message) } }
            defer { token.cancel() }
            for label in ["same", "same", "other", "same"] {
                try service.server.loop.performAndWait {
                    service.server.objectServer.emit(
                        "Ticked", of: calc, at: .example, [.int32(1), .string(label)], reusable: true)
                }
            }
            for _ in 0..<1000 where received.withLock({ $0.count < 4 }) { try await Task.sleep(for: .milliseconds(10)) }
            let messages = received.withLock { $0 }
            #expect(
                try messages.map { try $0.arguments() } == [
                    [.int32(1), .string("same")], [.int32(1), .string("same")], [.int32(1), .string("other")],
                    [.int32(1), .string("same")],
                ])
            #expect(Set(messages.map(\.serial)).count == 4, "each copy is a message of its own")
            #expect(messages.allSatisfy { $0.sender == service.server.uniqueName && $0.member == "Ticked" })
        }
    }
}
