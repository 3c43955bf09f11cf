import DBus
import TestSupport
import Testing

/// Two connections competing for well-known names on the shared bus.
private func withTwoConnections(_ body: (DBusConnection, DBusConnection) async throws -> Void) async throws {
    try await withTestService { service in try await body(service.server, service.client) }
}

/// The unique name that owns `name` now, as the bus says.
private func owner(of name: BusName, asking connection: DBusConnection) async throws -> String? {
    try await connection.call(
        destination: .bus, path: .bus, interface: .bus, member: "GetNameOwner",
        [.string(name.rawValue)]
    ).first?.stringValue
}

@Suite(.timeLimit(.minutes(1))) struct NameOwnershipTests {
    @Test func firstRequestOwnsAndRepeatingIsAlreadyOwner() async throws {
        try await withTwoConnections { (first, _) async throws in
            let name = uniqueWellKnownName("Own")
            #expect(try await first.requestName(name, flags: .doNotQueue) == .primaryOwner)
            #expect(try await owner(of: name, asking: first) == first.uniqueName)
            #expect(try await first.requestName(name, flags: []) == .alreadyOwner)
        }
    }

    @Test func doNotQueueWhileTakenIsExists() async throws {
        try await withTwoConnections { (first, second) async throws in
            let name = uniqueWellKnownName("Exists")
            #expect(try await first.requestName(name, flags: .doNotQueue) == .primaryOwner)
            #expect(try await second.requestName(name, flags: .doNotQueue) == .exists)
            #expect(try await owner(of: name, asking: second) == first.uniqueName)
        }
    }

    @Test func queueingWhileTakenIsInQueueAndReleaseHandsTheNameOn() async throws {
        try await withTwoConnections { (first, second) async throws in
            let name = uniqueWellKnownName("Queue")
            #expect(try await first.requestName(name, flags: []) == .primaryOwner)
            #expect(try await second.requestName(name, flags: []) == .inQueue)
            #expect(try await first.releaseName(name) == .released)
            #expect(try await owner(of: name, asking: first) == second.uniqueName)
            #expect(try await first.releaseName(name) == .notOwner)
        }
    }

    @Test func releasingANameNobodyHasIsNonExistent() async throws {
        try await withTwoConnections { (first, _) async throws in
            #expect(try await first.releaseName(uniqueWellKnownName("Free")) == .nonExistent)
        }
    }

    @Test func replaceExistingTakesTheNameAndTheLoserHearsOfIt() async throws {
        try await withTwoConnections { (first, second) async throws in
            let name = uniqueWellKnownName("Replace")
            let (lost, lostContinuation) = AsyncStream<Bool>.makeStream()
            first.onNameLost(name) { [loop = first.loop] in lostContinuation.yield(loop.inEventLoop) }
            try first.loop.performAndWait {}  // the handler is in place before the name can go
            #expect(try await first.requestName(name, flags: [.allowReplacement, .doNotQueue]) == .primaryOwner)
            #expect(try await second.requestName(name, flags: .replaceExisting) == .primaryOwner)
            #expect(await firstElement(of: lost) == true, "onNameLost did not run on the loop thread")
            #expect(try await owner(of: name, asking: second) == second.uniqueName)
        }
    }

    @Test func replaceExistingWithoutPermissionQueues() async throws {
        try await withTwoConnections { (first, second) async throws in
            let name = uniqueWellKnownName("NoReplace")
            #expect(try await first.requestName(name, flags: []) == .primaryOwner)
            #expect(try await second.requestName(name, flags: .replaceExisting) == .inQueue)
            #expect(try await owner(of: name, asking: second) == first.uniqueName)
        }
    }

    @Test func onNameLostIgnoresOtherNames() async throws {
        try await withTwoConnections { (first, second) async throws in
            let watched = uniqueWellKnownName("Watched")
            let other = uniqueWellKnownName("Other")
            let lostNames = Shared<[String]>([])
            first.onNameLost(watched) { lostNames.update { $0.append(watched.rawValue) } }
            let (done, doneContinuation) = AsyncStream<Void>.makeStream()
            first.onNameLost(other) { doneContinuation.yield() }
            try first.loop.performAndWait {}
            #expect(try await first.requestName(other, flags: .allowReplacement) == .primaryOwner)
            #expect(try await second.requestName(other, flags: .replaceExisting) == .primaryOwner)
            _ = await firstElement(of: done)
            #expect(lostNames.value == [])
        }
    }
}
