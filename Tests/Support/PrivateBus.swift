import Foundation

/// A private `dbus-daemon` for one test run, never the user's session bus.
///
/// The daemon listens on a socket in its own folder (which the tests leave
/// under `TMPDIR`, not loose in `/tmp`), lets any Unix user connect (so
/// access-control tests can call as another user), and dies with the test
/// process: a shell beside it watches the parent and stops it.
public final class PrivateBus: @unchecked Sendable {
    /// The bus address, e.g. `unix:path=/tmp/petal-bus-…/dbus-XXXX,guid=…`.
    public let address: String
    /// The folder holding the bus configuration and any service files.
    public let directory: URL
    /// The shell that runs the bus and stops it with itself.
    private let supervisor: Process

    /// The bus shared by every test of this process, started on first use.
    public static let shared: PrivateBus = {
        do {
            return try PrivateBus()
        } catch {
            fatalError("cannot start a private dbus-daemon for the tests: \(error)")
        }
    }()

    /// Starts a bus; `serviceDirectory` holds D-Bus activation files, if any.
    ///
    /// - Parameter environment: variables added to the bus's environment, which
    ///   the services it activates inherit (so they can keep their state apart).
    public init(serviceDirectory: URL? = nil, environment: [String: String] = [:]) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("petal-bus-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("bus.conf")
        try Self.configuration(listeningIn: directory, serviceDirectory: serviceDirectory)
            .write(to: config, atomically: true, encoding: .utf8)

        let process = Process()
        supervisor = process
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The bus prints its address on the shared stdout; the shell stops it once it is no
        // longer our child (a zombie parent still answers kill -0, so /proc is asked instead).
        // The loop forks only `sleep`, so a hundred buses of parallel tests do not load the machine.
        process.arguments = [
            "-c",
            """
            dbus-daemon --nofork --print-address=1 --config-file="$1" 2>"$3" & bus=$!
            trap 'kill -9 $bus 2>/dev/null' EXIT TERM
            while read -r pid name state parent rest </proc/$$/stat && [ "$parent" = "$2" ] && kill -0 $bus 2>/dev/null
            do sleep 0.5; done
            """, "sh", config.path, String(getpid()), directory.appendingPathComponent("bus.log").path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        try process.run()
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard !byte.isEmpty else { throw TestSetupError("dbus-daemon exited before printing its address") }
            if byte.first == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        address = String(decoding: line, as: UTF8.self)
    }

    /// Stops the bus now (every connection to it sees a disconnect); the shared bus is never stopped.
    public func stop() {
        guard self !== Self.shared, supervisor.isRunning else { return }
        supervisor.terminate()
        supervisor.waitUntilExit()
    }

    private static func configuration(listeningIn directory: URL, serviceDirectory: URL?) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:dir=\(directory.path)</listen>
          <auth>EXTERNAL</auth>
          \(serviceDirectory.map { "<servicedir>\($0.path)</servicedir>" } ?? "")
          <policy context="default">
            <allow user="*"/>
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
          <!-- The session bus's own limit (session.conf); dbus-daemon's built-in one is 128. -->
          <limit name="max_replies_per_connection">50000</limit>
        </busconfig>
        """
    }
}

/// A test's environment could not be prepared.
public struct TestSetupError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
