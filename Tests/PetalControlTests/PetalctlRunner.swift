import Foundation
import TestSupport

/// Runs the built petalctl as a user would, against a daemon's private bus.
enum Petalctl {
    static var path: String { RunningDaemon.binDirectory.appendingPathComponent("petalctl").path }

    /// `petalctl --bus ADDRESS arguments…`, with `environment` added.
    static func run(
        on daemon: RunningDaemon?, _ arguments: [String], environment: [String: String] = [:]
    ) async throws -> ExternalCommand {
        try await ExternalCommand.running(command(on: daemon, arguments, environment: environment))
    }

    /// The argument list for ``ExternalCommand`` or ``StreamingCommand`` (run through env).
    static func command(on daemon: RunningDaemon?, _ arguments: [String], environment: [String: String] = [:])
        -> [String]
    {
        environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + [path] + (daemon.map { ["--bus", $0.bus.address] } ?? []) + arguments
    }
}

/// `word` quoted for a POSIX shell: in single quotes, each of its own written '\''.
func shellQuoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
