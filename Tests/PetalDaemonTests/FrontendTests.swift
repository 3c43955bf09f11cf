import DBus
import Foundation
import PetalAPI
import TestSupport
import Testing

/// A frontend on demand (docs/dbus-api.md#a-frontend-on-demand), over a
/// private bus: with nobody owning `org.petal.Frontend1`, `Choose` and
/// `ChooseFrom` answer `NoFrontend` after 2 s while petald serves everyone
/// else; an owner that never draws leaves `Choose` to its own timeout; and
/// the bus is asked to start a frontend exactly when a menu opens with none.
@Suite(.timeLimit(.minutes(2))) struct FrontendTests {
    static let hint = "no program draws menus: start petal-overlay (systemctl --user start petal-overlay)"
    static let fruit = #"{ "items": [ { "id": "apple", "title": "Apple", "icon": "" } ] }"#

    @Test func withNoFrontendChooseAnswersNoFrontendAfterTwoSecondsAndOthersAreServedMeanwhile() async throws {
        let daemon = try await RunningDaemon(frontend: false)
        defer { daemon.stop() }
        let other = try daemon.connectClient()
        defer { other.close() }

        let asked = ContinuousClock.now
        let choice = try daemon.startChoose()
        try await daemon.waitForState("expanded")
        for _ in 0..<10 {
            let result = try await daemon.call(
                RunningDaemon.menu, "Trigger", [.string("test.echo"), .vardict([("n", .variant(.int32(1)))])],
                from: other)
            #expect(result == [.vardict([("n", .int32(1))])])
        }
        let served = asked.duration(to: .now)
        await expectPetalError("NoFrontend", containing: Self.hint) { try await choice.value }
        let waited = asked.duration(to: .now)
        #expect(waited >= .seconds(2), "answered after \(waited), before the 2 s a frontend is waited for")
        #expect(served < .seconds(2), "the other client's calls took \(served): they waited for the Choose")
        #expect(try await daemon.state() == "expanded", "NoFrontend leaves the menu open, as a timeout does")
        _ = try await daemon.menu("Close")
        #expect(await daemon.answers())
    }

    @Test func withNoFrontendChooseFromAnswersNoFrontendAndItsMenuGoes() async throws {
        let daemon = try await RunningDaemon(frontend: false)
        defer { daemon.stop() }
        let client = PetalClient(connection: daemon.client)
        await expectPetalError("NoFrontend", containing: Self.hint) {
            try await client.chooseFrom(Self.fruit, timeout: nil)
        }
        #expect(
            try await eventually { try await client.menus().allSatisfy { !$0.name.hasPrefix("adhoc-") } },
            "the ad-hoc menu is removed once it has closed")
    }

    /// The harness's stand-in owns the name and draws nothing: no
    /// `NoFrontend` after 2 s; the call's own timeout answers it.
    @Test func aFrontendThatNeverDrawsLeavesChooseToItsTimeout() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let asked = ContinuousClock.now
        let choice = try daemon.startChoose([("timeout", .double(2.5))])
        await expectPetalError("Timeout") { try await choice.value }
        #expect(asked.duration(to: .now) >= .milliseconds(2_500))
    }

    @Test func aFrontendThatComesWithinTwoSecondsLetsChooseWaitForAChoice() async throws {
        let daemon = try await RunningDaemon(frontend: false)
        defer { daemon.stop() }
        let choice = try daemon.startChoose()
        try await daemon.waitForState("expanded")
        let frontend = try await RunningDaemon.standInFrontend(on: daemon.bus)
        defer { frontend.close() }
        try await Task.sleep(for: .milliseconds(2_500))
        _ = try await daemon.activate("stay")
        #expect(try await choice.value == "stay", "a frontend came: the Choose waited for the choice")
    }

    /// The bus starts the program of `systemd/org.petal.Frontend1.service.in`
    /// (its Exec=, there being no systemd here), a stand-in that counts its
    /// starts: only when a menu opens and nobody owns the name.
    @Test func theBusIsAskedToStartAFrontendExactlyWhenAMenuOpensWithNone() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("petal-frontend-\(getpid())-\(UUID().uuidString.prefix(8))")
        let services = folder.appendingPathComponent("services")
        let bin = folder.appendingPathComponent("bin")
        for child in [services, bin] {
            try FileManager.default.createDirectory(at: child, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let starts = folder.appendingPathComponent("starts")
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("petal-overlay"), withDestinationURL: Self.standIn)
        let template = try String(
            contentsOf: ServiceTests.repository.appendingPathComponent("systemd/org.petal.Frontend1.service.in"),
            encoding: .utf8)
        try template.replacingOccurrences(of: "@BINDIR@", with: bin.path)
            .write(
                to: services.appendingPathComponent("org.petal.Frontend1.service"), atomically: true, encoding: .utf8)
        let bus = try PrivateBus(serviceDirectory: services, environment: ["PETAL_TEST_FRONTEND_STARTS": starts.path])
        let daemon = try await RunningDaemon(bus: bus, frontend: false)
        // Stopping the bus ends the stand-in too; it is killed as soon as the test is done with it.
        defer { daemon.stop() }
        #expect(startCount(starts) == 0, "nothing is started before a menu opens")

        _ = try await daemon.menu("Open")
        #expect(try await eventually { try await frontendOwned(daemon) }, "opening the menu started the frontend")
        let first = try #require(try await frontendProcess(daemon))
        let choice = try daemon.startChoose()
        try await Task.sleep(for: .milliseconds(2_500))
        _ = try await daemon.activate("stay")
        #expect(try await choice.value == "stay", "the started frontend counts: no NoFrontend")
        try await daemon.waitForState("expanded")
        try await reopen(daemon)
        #expect(startCount(starts) == 1, "nothing is started while the frontend owns the name")

        kill(first, SIGKILL)
        #expect(try await eventually { try await !frontendOwned(daemon) })
        try await reopen(daemon)
        #expect(await eventually { startCount(starts) == 2 }, "reopened with nobody owning the name: started again")
        #expect(try await eventually { try await frontendOwned(daemon) })
        if let second = try await frontendProcess(daemon) { kill(second, SIGKILL) }
    }

    // MARK: - Helpers

    /// The stand-in frontend, Tests/Support/Peers/frontend.py.
    static let standIn = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Support/Peers/frontend.py").standardized

    /// Closes the menu and opens it again.
    private func reopen(_ daemon: RunningDaemon) async throws {
        _ = try await daemon.menu("Close")
        try await daemon.waitForState("collapsed")
        try await daemon.openMenu()
    }

    private func startCount(_ file: URL) -> Int {
        ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    private func frontendOwned(_ daemon: RunningDaemon) async throws -> Bool {
        try await daemon.client.call(
            destination: .bus, path: .bus, interface: .bus, member: "NameHasOwner",
            [.string(PetalBus.frontendName.rawValue)]
        ) == [.boolean(true)]
    }

    private func frontendProcess(_ daemon: RunningDaemon) async throws -> pid_t? {
        let reply = try await daemon.client.call(
            destination: .bus, path: .bus, interface: .bus, member: "GetConnectionUnixProcessID",
            [.string(PetalBus.frontendName.rawValue)])
        return reply.first?.integerValue.map { pid_t($0) }
    }
}
