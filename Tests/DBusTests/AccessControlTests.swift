import DBus
import Glibc
import TestSupport
import Testing

private let nobody: UInt32 = 65534

/// Serves ``ExampleObject`` to the server's own user only, except for introspection,
/// Peer and reading properties, which anyone may do.
private func withRestrictedExample(_ body: (TestService, ExampleObject) async throws -> Void) async throws {
    try await withTestService { service in
        let object = ExampleObject()
        try service.register([object.interface])
        try await service.server.objectServer.restrict(toUser: getuid()) { interface, member in
            interface == "org.freedesktop.DBus.Introspectable" || interface == "org.freedesktop.DBus.Peer"
                || (interface == "org.freedesktop.DBus.Properties" && (member == "Get" || member == "GetAll"))
        }
        try await body(service, object)
    }
}

/// Runs a command as the user `nobody`, as a caller of another user would.
private func runAsNobody(_ arguments: [String]) throws -> ExternalCommand {
    try ExternalCommand.run(["setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups"] + arguments)
}

/// `busctl call` on the test object as `nobody`.
private func busctlAsNobody(_ service: TestService, _ arguments: [String]) throws -> ExternalCommand {
    try runAsNobody(
        [
            "busctl", "--address=\(PrivateBus.shared.address)", "--no-pager", "call",
            service.server.uniqueName, "/org/example",
        ] + arguments)
}

@Suite(.timeLimit(.minutes(1))) struct AccessControlTests {
    @Test func theServersOwnUserMayCallAnything() async throws {
        try await withRestrictedExample { service, object in
            let sum = try await service.call(calc, "Add", [.int32(1), .int32(2)])
            #expect(sum == [.int32(3)])
            try await service.setProperty(calc, "Name", .string("own user"))
            #expect(object.name.value == "own user")
            // Refusals of the object server still come before access control.
            await expectDBusError(DBusError.Name.unknownMethod) { _ = try await service.call(calc, "Nope") }
        }
    }

    @Test func anotherUserIsDeniedAndTheHandlerDoesNotRun() async throws {
        try await withRestrictedExample { service, object in
            let result = try busctlAsNobody(service, [calc.rawValue, "Add", "ii", "1", "2"])
            #expect(result.status != 0, "\(result.summary)")
            // busctl prints the errno it maps AccessDenied to, not the message.
            #expect(result.errors.contains("Access denied"), "\(result.summary)")

            let bumped = try busctlAsNobody(service, [calc.rawValue, "Bump"])
            #expect(bumped.status != 0, "\(bumped.summary)")
            let count = try await service.call(calc, "Bumps")
            #expect(count == [.int32(0)], "a refused call ran its handler")
            #expect(object.bumps.value == 0)
        }
    }

    @Test func anotherUserGetsAccessDeniedWithTheReason() async throws {
        try await withRestrictedExample { service, _ in
            let result = try runAsNobody([
                "gdbus", "call", "--address", PrivateBus.shared.address, "--dest", service.server.uniqueName,
                "--object-path", "/org/example", "--method", "\(calc).Add", "1", "2",
            ])
            #expect(result.status != 0, "\(result.summary)")
            #expect(result.errors.contains("org.freedesktop.DBus.Error.AccessDenied"), "\(result.summary)")
            #expect(result.errors.contains("runs as uid \(nobody)"), "\(result.summary)")
            #expect(result.errors.contains("only uid \(getuid())"), "\(result.summary)")
        }
    }

    @Test func anotherUserMaySetNoProperty() async throws {
        try await withRestrictedExample { service, object in
            let result = try busctlAsNobody(
                service,
                [
                    "org.freedesktop.DBus.Properties", "Set", "ssv", calc.rawValue, "Name", "s", "intruder",
                ])
            #expect(result.status != 0, "\(result.summary)")
            #expect(result.errors.contains("Access denied"), "\(result.summary)")
            #expect(object.name.value == "petal")
        }
    }

    @Test func anotherUserMayIntrospectPingAndReadProperties() async throws {
        try await withRestrictedExample { service, _ in
            let introspected = try runAsNobody([
                "busctl", "--address=\(PrivateBus.shared.address)", "--no-pager", "introspect",
                service.server.uniqueName, "/org/example",
            ])
            #expect(introspected.status == 0, "\(introspected.summary)")
            #expect(introspected.output.contains(".Add"), "\(introspected.summary)")

            let got = try busctlAsNobody(
                service, ["org.freedesktop.DBus.Properties", "Get", "ss", calc.rawValue, "Name"])
            #expect(got.status == 0, "\(got.summary)")
            #expect(got.output.trimmingCharacters(in: .whitespacesAndNewlines) == #"v s "petal""#, "\(got.summary)")

            let all = try busctlAsNobody(service, ["org.freedesktop.DBus.Properties", "GetAll", "s", calc.rawValue])
            #expect(all.status == 0, "\(all.summary)")

            let pinged = try busctlAsNobody(service, ["org.freedesktop.DBus.Peer", "Ping"])
            #expect(pinged.status == 0, "\(pinged.summary)")
        }
    }
}
