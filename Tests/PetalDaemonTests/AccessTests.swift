import DBus
import Foundation
import TestSupport
import Testing

/// Who may call (docs/dbus-api.md): a connection of another Unix user may introspect,
/// ping and read properties, and gets AccessDenied for everything else.
@Suite struct AccessTests {
    /// Runs `busctl` as the user `nobody` (uid and gid 65534), with sd-bus's debug
    /// log on, so that error names are printed.
    private func busctlAsNobody(_ daemon: RunningDaemon, _ arguments: [String]) async throws -> ExternalCommand {
        try await ExternalCommand.running(
            [
                "SYSTEMD_LOG_LEVEL=debug", "setpriv", "--reuid=65534", "--regid=65534",
                "--clear-groups", "busctl", "--address=\(daemon.bus.address)",
            ] + arguments)
    }

    private let menu = ["org.petal.Petal1", "/org/petal/Petal1", "org.petal.Petal1.Menu"]

    @Test(
        .enabled(if: getuid() != 65534, "the tests must not themselves run as nobody"),
        arguments: [
            ["Toggle"], ["Open"], ["Activate", "s", "echo"], ["Trigger", "sa{sv}", "test.noop", "0"], ["Reload"],
            ["Pick", "a{sv}", "0"], ["Submit", "asa{sv}", "1", "echo", "0"],
        ])
    func otherUsersCallsAreDenied(_ call: [String]) async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let recorder = try await SignalRecorder(daemon)

        let denied = try await busctlAsNobody(daemon, ["call"] + menu + call)
        #expect(denied.status != 0)
        #expect(denied.errors.contains("error-name=org.freedesktop.DBus.Error.AccessDenied"), "\(denied.summary)")
        #expect(try await daemon.state() == "collapsed", "a denied call must not run")
        #expect(recorder.all.isEmpty, "a denied call must emit nothing: \(recorder.all)")
        #expect(try await daemon.menu("Toggle") == [.string("expanding")], "the daemon's own user is still served")
    }

    @Test(.enabled(if: getuid() != 65534, "the tests must not themselves run as nobody"))
    func otherUsersMayReadButNotWriteProperties() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }

        let state = try await busctlAsNobody(daemon, ["get-property"] + menu + ["State"])
        #expect(state.status == 0, "\(state.summary)")
        #expect(state.output.trimmingCharacters(in: .whitespacesAndNewlines) == "s \"collapsed\"")

        let all = try await busctlAsNobody(
            daemon,
            [
                "call", "org.petal.Petal1", "/org/petal/Petal1",
                "org.freedesktop.DBus.Properties", "GetAll", "s", "org.petal.Petal1.Menu",
            ])
        #expect(all.status == 0 && all.output.contains("\"LayoutStyle\" s \"radial\""), "\(all.summary)")

        let set = try await busctlAsNobody(daemon, ["set-property"] + menu + ["Highlighted", "s", "echo"])
        #expect(set.errors.contains("error-name=org.freedesktop.DBus.Error.AccessDenied"), "\(set.summary)")
        #expect(try await daemon.property("Highlighted") == .string(""))
    }

    @Test(.enabled(if: getuid() != 65534, "the tests must not themselves run as nobody"))
    func otherUsersMayIntrospectAndPing() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }

        let xml = try await busctlAsNobody(
            daemon, ["introspect", "--xml-interface", "org.petal.Petal1", "/org/petal/Petal1"])
        #expect(xml.status == 0, "\(xml.summary)")
        #expect(
            try IntrospectionDocument(xml: xml.output).interfaces[RunningDaemon.menu.rawValue]?.members
                == IntrospectedInterface.petalMenu)

        let ping = try await busctlAsNobody(
            daemon,
            [
                "call", "org.petal.Petal1", "/org/petal/Petal1",
                "org.freedesktop.DBus.Peer", "Ping",
            ])
        #expect(ping.status == 0, "\(ping.summary)")
        #expect(try await daemon.state() == "collapsed")
    }
}
