import DBus
import TestSupport
import Testing

/// The standard D-Bus errors (docs/dbus-api.md "Standard interfaces"), with their exact
/// names; after each bad call the daemon still answers and kept its state.
/// NO_REPLY_EXPECTED calls run without a reply (docs/dbus-api.md "Limits and faults").
@Suite struct StandardErrorsTests {
    /// A bad call of each kind, and the error name it must get.
    struct BadCall: Sendable, CustomTestStringConvertible {
        let error: String
        let path: ObjectPath
        let interface: InterfaceName
        let member: MemberName
        let arguments: [DBusValue]

        var testDescription: String { "\(interface).\(member) at \(path) → \(error.split(separator: ".").last ?? "")" }
    }

    static let badCalls = [
        BadCall(
            error: DBusError.Name.unknownObject, path: "/org/petal/Nope", interface: RunningDaemon.menu,
            member: "Toggle", arguments: []),
        BadCall(
            error: DBusError.Name.unknownInterface, path: RunningDaemon.path, interface: "org.petal.Petal1.Nope",
            member: "Toggle", arguments: []),
        BadCall(
            error: DBusError.Name.unknownMethod, path: RunningDaemon.path, interface: RunningDaemon.menu,
            member: "Explode", arguments: []),
        BadCall(
            error: DBusError.Name.invalidArgs, path: RunningDaemon.path, interface: RunningDaemon.menu,
            member: "Toggle", arguments: [.string("now")]),
        BadCall(
            error: DBusError.Name.invalidArgs, path: RunningDaemon.path, interface: RunningDaemon.menu,
            member: "Activate", arguments: [.int32(1)]),
        BadCall(
            error: DBusError.Name.invalidArgs, path: RunningDaemon.path, interface: RunningDaemon.menu,
            member: "Activate", arguments: []),
        BadCall(
            error: DBusError.Name.invalidArgs, path: RunningDaemon.path, interface: RunningDaemon.menu,
            member: "Choose", arguments: [.string("timeout")]),
        BadCall(
            error: DBusError.Name.invalidArgs, path: RunningDaemon.path, interface: RunningDaemon.menu,
            member: "Pick", arguments: [.string("timeout")]),
        BadCall(
            error: DBusError.Name.invalidArgs, path: RunningDaemon.path, interface: RunningDaemon.menu,
            member: "Submit", arguments: [.string("echo"), .vardict([])]),
        BadCall(
            error: DBusError.Name.invalidArgs, path: RunningDaemon.path, interface: RunningDaemon.menu,
            member: "Submit", arguments: [.array(.string, [.string("echo")])]),
        BadCall(
            error: DBusError.Name.invalidArgs, path: RunningDaemon.path, interface: "org.petal.Petal1.Menus",
            member: "PickFrom", arguments: [.string("{}")]),
        BadCall(
            error: DBusError.Name.invalidArgs, path: RunningDaemon.path, interface: .propertiesInterface,
            member: "Get", arguments: [.string(RunningDaemon.menu.rawValue)]),
    ]

    @Test(arguments: badCalls)
    func badCallGetsItsStandardErrorAndChangesNothing(_ bad: BadCall) async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        try await daemon.openMenu()
        let recorder = try await SignalRecorder(daemon)

        let error = await expectDBusError(bad.error) {
            try await daemon.call(bad.interface, bad.member, bad.arguments, at: bad.path)
        }
        #expect(error != nil)
        #expect(try await daemon.state() == "expanded", "a bad call must not change the state")
        #expect(recorder.all.isEmpty, "a bad call must emit nothing: \(recorder.all)")
        #expect(try await daemon.menu("Toggle") == [.string("collapsing")], "the daemon still serves calls")
    }

    /// A method without an interface field is found by its name, as libdbus clients may send it.
    @Test func callWithoutInterfaceIsDispatchedByName() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let message = Message.methodCall(
            destination: RunningDaemon.name, path: RunningDaemon.path, interface: nil, member: "Toggle")
        #expect(try await daemon.client.call(message, timeout: .seconds(10)).arguments() == [.string("expanding")])
    }

    @Test func peerPingAndMachineIDAnswer() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        #expect(try await daemon.call(.peerInterface, "Ping") == [])
        let id = try await daemon.call(.peerInterface, "GetMachineId").first?.stringValue ?? ""
        #expect(id.count == 32 && id.allSatisfy(\.isHexDigit), "machine id \(id)")
    }

    /// A Toggle sent with NO_REPLY_EXPECTED runs (the state changes), and the
    /// daemon goes on serving.
    @Test func noReplyExpectedCallRunsWithoutReply() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)

        let message = Message.methodCall(
            destination: RunningDaemon.name, path: RunningDaemon.path,
            interface: RunningDaemon.menu, member: "Toggle")
        message.noReplyExpected = true
        daemon.client.send(message)

        try await recorder.wait(for: "StateChanged") { $0.stateChange == ["expanding", "collapsed"] }
        try await daemon.waitForState("expanded", within: .patience)
        #expect(try await daemon.menu("Toggle") == [.string("collapsing")])
        #expect(daemon.process.isRunning)
    }

    /// Bad calls sent with NO_REPLY_EXPECTED get no error reply either, and do no harm.
    @Test func noReplyExpectedBadCallsAreDropped() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        for bad in Self.badCalls {
            let message = Message.methodCall(
                destination: RunningDaemon.name, path: bad.path,
                interface: bad.interface, member: bad.member)
            try message.append(bad.arguments)
            message.noReplyExpected = true
            daemon.client.send(message)
        }
        #expect(try await daemon.menu("Toggle") == [.string("expanding")])
        #expect(daemon.process.isRunning)
    }
}
