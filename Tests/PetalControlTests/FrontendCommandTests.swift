import Foundation
import TestSupport
import Testing

/// petalctl when no program draws menus (petalctl(1), EXIT STATUS): nobody
/// owns `org.petal.Frontend1` and the bus has nothing to start one with.
@Suite struct FrontendCommandTests {
    static let hint = "no program draws menus: start petal-overlay (systemctl --user start petal-overlay)"

    @Test(arguments: [["toggle"], ["open"], ["show", "main"]])
    func openingCommandsWarnOnStandardErrorAndSucceed(arguments: [String]) async throws {
        let daemon = try await RunningDaemon(frontend: false)
        defer { daemon.stop() }
        let result = try await Petalctl.run(on: daemon, arguments)
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.errors == "petalctl: \(Self.hint)\n", "\(result.summary)")
        #expect(try await daemon.state() != "collapsed", "the menu opened all the same")
    }

    @Test(arguments: [["toggle"], ["open"], ["show", "main"]])
    func withAFrontendTheyAreQuiet(arguments: [String]) async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let result = try await Petalctl.run(on: daemon, arguments)
        #expect(result.status == 0 && result.errors.isEmpty, "\(result.summary)")
    }

    @Test func chooseExitsFourSayingWhy() async throws {
        let daemon = try await RunningDaemon(frontend: false)
        defer { daemon.stop() }
        let result = try await Petalctl.run(on: daemon, ["choose", "--timeout", "20"])
        #expect(result.status == 4, "\(result.summary)")
        #expect(result.errors.contains("org.petal.Petal1.Error.NoFrontend: \(Self.hint)"), "\(result.summary)")
        #expect(result.output.isEmpty)
    }

    @Test func chooseLinesExitsFourToo() async throws {
        let daemon = try await RunningDaemon(frontend: false)
        defer { daemon.stop() }
        let result = try await ExternalCommand.running(
            ["sh", "-c", "printf 'one\\ntwo\\n' | \"$@\"", "sh"]
                + Petalctl.command(on: daemon, ["choose", "--lines"]))
        #expect(result.status == 4, "\(result.summary)")
        #expect(result.output.isEmpty)
    }
}
