import DBus
import Foundation

/// A test peer written in Python (Tests/PluginTests/Peers), standing in for
/// a service that cannot run here (a notification server, the screenshot
/// portal, the systemd user manager) and owning its name on a daemon's bus.
/// Run by Debian's /usr/bin/python3, which has `dbus` and `gi`.
public final class PythonPeer: @unchecked Sendable {
    /// The folder holding the peers' scripts.
    public static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../PluginTests/Peers").standardized

    public let process = Process()
    /// Where the peer's output goes.
    public let logFile: String
    private let name: String
    private let daemon: RunningDaemon

    /// The repository's folder of example D-Bus action providers.
    public static let providers = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples/providers").standardized

    /// Starts `script` (a file of ``scripts``) with the bus address and
    /// `arguments`, logging into `logFolder`, and waits until it owns `name`.
    public convenience init(
        _ script: String, arguments: [String], owning name: String, on daemon: RunningDaemon, logFolder: String
    ) async throws {
        try await self.init(
            scriptAt: Self.scripts.appendingPathComponent(script), arguments: arguments,
            owning: name, on: daemon, logFolder: logFolder)
    }

    /// Starts the Python script at `url` with the bus address and `arguments`,
    /// logging into `logFolder`, and waits until it owns `name`.
    public init(
        scriptAt url: URL, arguments: [String], owning name: String, on daemon: RunningDaemon, logFolder: String
    ) async throws {
        let script = url.lastPathComponent
        self.name = name
        self.daemon = daemon
        logFile = logFolder + "/\(script)-\(UUID().uuidString.prefix(6)).log"
        _ = FileManager.default.createFile(atPath: logFile, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [url.path, daemon.bus.address] + arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: logFile))
        process.standardError = process.standardOutput
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(10)
        while try await !owned() {
            guard process.isRunning, ContinuousClock.now < deadline else {
                stop()
                throw TestSetupError("\(script) did not own \(name) (needs python3-dbus and python3-gi):\n\(log)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Everything the peer printed.
    public var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

    /// Kills the peer (SIGKILL: the signal mask it inherits from the test's threads may block SIGTERM).
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Kills the peer and waits (up to 5 s) until the bus has seen its name go.
    public func stopAndWaitForTheName() async throws {
        stop()
        let deadline = ContinuousClock.now + .seconds(5)
        while try await owned(), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    private func owned() async throws -> Bool {
        try await daemon.client.call(
            destination: .bus, path: .bus, interface: .bus, member: "NameHasOwner",
            [.string(name)]
        ).first == .boolean(true)
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}
