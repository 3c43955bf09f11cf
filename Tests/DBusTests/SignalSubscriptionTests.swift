import DBus
import Testing

private let events: InterfaceName = "org.example.Events"

extension TestService {
    /// Emits `org.example.Events.Said(text, number)` from the server's `/org/example`.
    func say(_ text: String, _ number: Int32 = 0, member: MemberName = "Said") throws {
        try server.emitSignal(path: .example, interface: events, member: member, [.string(text), .int32(number)])
    }

    /// A rule for the server's `org.example.Events` signals.
    func eventsRule(member: MemberName = "Said", arguments: [Int: String] = [:]) -> MatchRule {
        MatchRule(sender: server.uniqueName, path: .example, interface: events, member: member, arguments: arguments)
    }
}

/// The `(text, number)` of a `Said` signal.
private func said(_ message: Message?) throws -> (String, Int32)? {
    guard let arguments = try message?.arguments(), arguments.count == 2,
        case .string(let text) = arguments[0], case .int32(let number) = arguments[1]
    else { return nil }
    return (text, number)
}

@Suite(.timeLimit(.minutes(1))) struct SignalSubscriptionTests {
    @Test func subscriptionReceivesTheSignalWithItsHeader() async throws {
        try await withTestService { service in
            let stream = try await service.client.signals(service.eventsRule())
            try service.say("hello", 1)
            let message = try #require(await firstElement(of: stream))
            #expect(message.type == .signal)
            #expect(message.sender == service.server.uniqueName)
            #expect(message.path == "/org/example")
            #expect(message.interface == events.rawValue)
            #expect(message.member == "Said")
            #expect(try said(message)! == ("hello", 1))
        }
    }

    @Test func argumentMatchDeliversOnlyMatchingSignals() async throws {
        try await withTestService { service in
            let everything = try await service.client.signals(service.eventsRule())
            let onlyYes = try await service.client.signals(service.eventsRule(arguments: [0: "yes"]))
            for (index, text) in ["no", "yes", "yes!", "YES", "yes"].enumerated() {
                try service.say(text, Int32(index))
            }
            var all: [Int32] = []
            for await message in everything {
                all.append(try said(message)!.1)
                if all.count == 5 { break }
            }
            #expect(all == [0, 1, 2, 3, 4])
            var matching: [Int32] = []
            for await message in onlyYes {
                let (text, number) = try said(message)!
                #expect(text == "yes")
                matching.append(number)
                if number == 4 { break }
            }
            #expect(matching == [1, 4])
        }
    }

    @Test func argumentWithAnApostropheMatches() async throws {
        try await withTestService { service in
            let stream = try await service.client.signals(service.eventsRule(arguments: [0: "it's 'quoted'"]))
            try service.say("its quoted", 1)
            try service.say("it's 'quoted'", 2)
            #expect(try said(await firstElement(of: stream))?.1 == 2)
        }
    }

    @Test func memberAndPathMustMatch() async throws {
        try await withTestService { service in
            let stream = try await service.client.signals(service.eventsRule(member: "Said"))
            try service.say("other member", 1, member: "Shouted")
            try service.server.emitSignal(
                path: "/org/elsewhere", interface: events, member: "Said", [.string("x"), .int32(2)])
            try service.say("this one", 3)
            #expect(try said(await firstElement(of: stream))?.1 == 3)
        }
    }

    @Test func cancelStopsDelivery() async throws {
        try await withTestService { service in
            let received = Shared<[String]>([])
            let token = try await service.client.subscribe(service.eventsRule()) { message in
                if let (text, _) = try? said(message) { received.update { $0.append(text) } }
            }
            // A second subscription marks the end of each round: signals arrive in order.
            let marks = try await service.client.signals(service.eventsRule(member: "Mark"))
            var marksIterator = marks.makeAsyncIterator()
            try service.say("before")
            try service.say("mark", member: "Mark")
            _ = await marksIterator.next()
            #expect(received.value == ["before"])

            token.cancel()
            try service.client.loop.performAndWait {}  // cancel has run on the loop
            try service.say("after")
            try service.say("mark", member: "Mark")
            _ = await marksIterator.next()
            #expect(received.value == ["before"])
        }
    }

    @Test func cancelAndEndingAStreamRemoveTheRuleFromTheBus() async throws {
        try await withTestService { service in
            let client = service.client
            let before = try await matchRules(of: client)
            let token = try await client.subscribe(service.eventsRule()) { _ in }
            #expect(try await matchRules(of: client) == before + 1)
            token.cancel()
            // RemoveMatch goes out before this question, on the same connection.
            #expect(try await matchRules(of: client) == before)

            do {
                let stream = try await client.signals(service.eventsRule())
                #expect(try await matchRules(of: client) == before + 1)
                try service.say("one")
                _ = await firstElement(of: stream)
            }
            try client.loop.performAndWait {}  // the stream's end has queued RemoveMatch
            #expect(try await matchRules(of: client) == before)
        }
    }
}

/// How many match rules the bus holds for `connection`, asked on that connection.
private func matchRules(of connection: DBusConnection) async throws -> UInt32 {
    let reply = try await connection.call(
        destination: .bus, path: .bus, interface: "org.freedesktop.DBus.Debug.Stats",
        member: "GetConnectionStats", [.string(connection.uniqueName)])
    let entry = reply.first?.stringKeyedEntries?.first { $0.key == "MatchRules" }
    guard case .uint32(let count)? = entry?.value.unwrapped else {
        throw DBusError.failed("the bus reported no MatchRules: \(reply)")
    }
    return count
}
