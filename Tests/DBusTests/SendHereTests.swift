import DBus
import Testing

/// A numbered signal from the test service's server, to count arrivals by.
private func numbered(_ number: UInt32) throws -> Message {
    try Message.signal(path: "/org/example/SendHere", interface: calc, member: "Numbered", [.uint32(number)])
}

/// `DBusConnection.sendHere` sends from the calling thread, with no hop to
/// the loop; `EventLoop.executeWhenAwake` posts work without waking the loop.
@Suite(.timeLimit(.minutes(1))) struct SendHereTests {
    @Test func messagesSentHereAndThroughTheLoopArriveInTheOrderSent() async throws {
        try await withTestService { service in
            let server = service.server
            let received = Shared<[UInt32]>([])
            let (stream, continuation) = AsyncStream<Void>.makeStream()
            let token = try await service.client.subscribe(
                MatchRule(sender: server.uniqueName, path: "/org/example/SendHere")
            ) { message in
                guard case .uint32(let number)? = try? message.arguments().first else { return }
                received.update { $0.append(number) }
                if number == 400 { continuation.yield() }
            }
            defer { token.cancel() }

            try server.loop.performAndWait { server.send(try numbered(0)) }
            // Off the loop, many in a row: some find the connection free and write at once.
            try await Task.detached {
                #expect(!server.loop.inEventLoop)
                for number in UInt32(1)...200 { server.sendHere(try numbered(number)) }
            }.value
            try server.loop.performAndWait {
                for number in UInt32(201)...300 { server.send(try numbered(number)) }
            }
            try await Task.detached {
                for number in UInt32(301)...400 { server.sendHere(try numbered(number)) }
            }.value
            _ = await firstElement(of: stream)
            #expect(received.value == Array(0...400))
        }
    }

    @Test func workPostedWithoutWakingRunsFirstWhenTheLoopWakes() async throws {
        let loop = try EventLoop(name: "test-loop")
        defer {
            loop.stop()
            loop.waitUntilStopped()
        }
        let ran = Shared<[String]>([])
        #expect(loop.executeWhenAwake { ran.update { $0.append("posted without waking") } })
        // A post that must wake the loop still does, though the queue was not empty.
        try loop.performAndWait { ran.update { $0.append("waited for") } }
        #expect(ran.value == ["posted without waking", "waited for"])
    }
}
