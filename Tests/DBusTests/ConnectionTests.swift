import DBus
import Dispatch
import TestSupport
import Testing

/// Resumes the tests's task once, from whatever thread a handler runs on.
private final class Signal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() { (stream, continuation) = AsyncStream<Void>.makeStream() }

    /// Marks the event as happened; callable from any thread.
    func fire() { continuation.yield() }

    /// Waits until ``fire()`` has been called.
    func wait() async { _ = await firstElement(of: stream) }
}

@Suite(.timeLimit(.minutes(1))) struct ConnectionTests {
    @Test func callTimeoutIsNoReply() async throws {
        try await withTestService { service in
            let object = ExampleObject()
            try service.register([object.interface])
            await expectDBusError(DBusError.Name.noReply) {
                _ = try await service.call(calc, "Hang", timeout: .milliseconds(200))
            }
            #expect(object.hanging.value.count == 1, "the handler did not receive the call")
            // The connection still works after a timed-out call.
            let sum = try await service.call(calc, "Add", [.int32(2), .int32(2)])
            #expect(sum == [.int32(4)])
        }
    }

    @Test func callingANameNobodyOwnsIsServiceUnknown() async throws {
        try await withTestService { service in
            let nobody = uniqueWellKnownName("Nobody")
            await expectDBusError(DBusError.Name.serviceUnknown, containing: [nobody.rawValue]) {
                _ = try await service.client.call(
                    destination: nobody, path: .example, interface: calc, member: "Add",
                    [.int32(1), .int32(1)])
            }
        }
    }

    @Test func uniqueNamesAreDistinctAndUnique() async throws {
        try await withTestService { service in
            #expect(service.server.uniqueName.hasPrefix(":"))
            #expect(service.client.uniqueName.hasPrefix(":"))
            #expect(service.server.uniqueName != service.client.uniqueName)
        }
    }

    @Test func disconnectRunsTheHandlerAndStopsTheOwnLoop() async throws {
        let bus = try PrivateBus()
        let connection = try DBusConnection.connect(to: .address(bus.address))
        let disconnected = Signal()
        let onLoop = Shared<Bool?>(nil)
        connection.onDisconnect { [loop = connection.loop] in
            onLoop.value = loop.inEventLoop
            disconnected.fire()
        }
        try connection.loop.performAndWait {}  // the handler is registered before the bus goes away
        bus.stop()
        await disconnected.wait()
        #expect(onLoop.value == true)
        connection.loop.waitUntilStopped()
    }

    @Test func disconnectOnASharedLoopLeavesTheLoopRunningAndFailsLaterCalls() async throws {
        let bus = try PrivateBus()
        let loop = try EventLoop(name: "shared-test")
        defer { loop.stop() }
        let connection = try DBusConnection.connect(to: .address(bus.address), loop: loop)
        let disconnected = Signal()
        connection.onDisconnect { disconnected.fire() }
        try loop.performAndWait {}
        bus.stop()
        await disconnected.wait()
        #expect(try loop.performAndWait { 42 } == 42)
        await expectDBusError(DBusError.Name.disconnected) {
            _ = try await connection.call(destination: .bus, path: .bus, interface: .bus, member: "GetId")
        }
    }

    @Test func closeStopsTheConnectionsOwnLoop() throws {
        let connection = try DBusConnection.connect(to: .address(PrivateBus.shared.address))
        connection.close()
        connection.loop.waitUntilStopped()
        connection.close()  // a second close is harmless
    }

    @Test func closeLeavesASharedLoopRunning() async throws {
        let loop = try EventLoop(name: "shared-test")
        defer { loop.stop() }
        let first = try DBusConnection.connect(to: .address(PrivateBus.shared.address), loop: loop)
        let second = try DBusConnection.connect(to: .address(PrivateBus.shared.address), loop: loop)
        first.close()
        await expectDBusError(DBusError.Name.disconnected) {
            _ = try await first.call(destination: .bus, path: .bus, interface: .bus, member: "GetId")
        }
        let id = try await second.call(destination: .bus, path: .bus, interface: .bus, member: "GetId")
        #expect(id.first?.stringValue?.utf8.count == 32)
        second.close()
    }

    @Test func connectingToNothingThrows() {
        #expect(throws: DBusConnectionError.self) {
            _ = try DBusConnection.connect(
                to: .address("unix:abstract=/petal/no-such-bus-\(UInt32.random(in: 0 ... .max))"))
        }
    }

    @Test func busAddressParsing() {
        #expect(BusAddress("session") == .session)
        #expect(BusAddress("system") == .system)
        #expect(BusAddress("unix:path=/run/bus") == .address("unix:path=/run/bus"))
        #expect(BusAddress.address("unix:path=/x").description == "the bus at unix:path=/x")
    }
}
