import Foundation
import TestSupport
import Testing

/// petalctl's exit statuses: 2 for usage errors, 3 when petald cannot be reached (with a hint).
@Suite struct ExitStatusTests {
    @Test(arguments: [
        [], ["frobnicate"], ["activate"], ["trigger", "x.y", "oops"], ["layout", "spiral"], ["status", "--bus"],
        ["preview"], ["choose", "--timeout", "soon"], ["choose", "-t", "1e300"], ["--bus", "sesion", "status"],
    ])
    func usageErrorsExitTwo(arguments: [String]) async throws {
        let result = try await Petalctl.run(on: nil, arguments)
        #expect(result.status == 2, "\(result.summary)")
        #expect(result.errors.hasPrefix("petalctl: "))
        #expect(result.errors.contains("See petalctl --help."))
        #expect(result.output.isEmpty)
    }

    @Test(arguments: [
        ["toggle"], ["status"], ["items"], ["trigger", "test.echo"], ["version"], ["preview", "--svg", "-"],
    ])
    func aBusWithoutPetaldExitsThreeWithAHint(arguments: [String]) async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let result = try await Petalctl.run(on: nil, ["--bus", bus.address] + arguments)
        #expect(result.status == 3, "\(result.summary)")
        #expect(result.errors.contains("petald is not reachable"))
        #expect(result.errors.contains("org.freedesktop.DBus.Error.ServiceUnknown"))
        #expect(result.errors.contains("systemctl --user start petald"))
    }

    @Test func noBusAtAllExitsThree() async throws {
        let result = try await Petalctl.run(on: nil, ["--bus", "unix:path=/nonexistent/petal-test-bus", "status"])
        #expect(result.status == 3, "\(result.summary)")
        #expect(result.errors.contains("petald is not reachable on the bus at unix:path=/nonexistent/petal-test-bus"))
        #expect(result.errors.contains("make run"))
    }
}
