import Foundation
import TestSupport

/// The built petal-context, run as its user unit would run it: with only the
/// variables a test gives it (and PATH).
enum ContextProgram {
    static let url = RunningDaemon.binDirectory.appendingPathComponent("petal-context")

    /// Starts petal-context on `bus` with `environment`, logging verbosely into `folder`.
    static func start(
        bus: PrivateBus, environment: [String: String], arguments: [String] = [], logIn folder: URL
    ) throws -> BackgroundProcess {
        var variables = ["PATH": "/usr/bin:/bin"]
        variables.merge(environment) { _, new in new }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try BackgroundProcess(
            url.path, arguments: ["--bus", bus.address, "--verbose"] + arguments, environment: variables,
            logFile: folder.appendingPathComponent("petal-context-\(UUID().uuidString.prefix(6)).log"),
            diesWithTests: true)
    }

    /// Runs petal-context to its end with exactly `environment` (and PATH).
    static func run(_ arguments: [String], environment: [String: String]) async throws -> ExternalCommand {
        var variables = ["PATH": "/usr/bin:/bin"]
        variables.merge(environment) { _, new in new }
        return try await ExternalCommand.running(
            ["/usr/bin/env", "-i"] + variables.map { "\($0.key)=\($0.value)" } + [url.path] + arguments)
    }

    /// Waits until `process`'s log (its standard error) holds `text`.
    static func waitForLog(
        of process: BackgroundProcess, containing text: String, within limit: Duration = .seconds(10)
    ) async throws {
        let deadline = ContinuousClock.now + limit
        while !process.log.contains(text) {
            guard ContinuousClock.now < deadline else {
                throw TestSetupError("petal-context did not log \"\(text)\" within \(limit):\n\(process.log)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// A folder of the test's own under `TMPDIR`, for logs and sockets.
    static func scratchFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("petal-context-\(name)-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
