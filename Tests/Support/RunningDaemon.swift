import DBus
import Foundation

/// A daemon process (petald or petal-test-daemon) on a bus of its own, and a
/// client connection to talk to it as any D-Bus client would.
///
/// Unless told otherwise, a connection on the bus stands in for a frontend:
/// it owns `org.petal.Frontend1`, which is all the protocol asks of a program
/// that draws menus, so `Choose` waits for a choice as it does on a desktop
/// where petal-overlay runs (docs/dbus-api.md, "A frontend on demand").
public final class RunningDaemon: @unchecked Sendable {
    /// The daemon's private bus.
    public let bus: PrivateBus
    /// The daemon process.
    public let process: Process
    /// A client connection on the same bus.
    public let client: DBusConnection
    /// Where the daemon's stderr goes.
    public let logFile: URL
    /// The connection standing in for a frontend, owning ``frontendName``;
    /// nil when the daemon was started with `frontend: false`.
    public let frontend: DBusConnection?

    public static let name: BusName = "org.petal.Petal1"
    public static let path: ObjectPath = "/org/petal/Petal1"
    public static let menu: InterfaceName = "org.petal.Petal1.Menu"
    /// The name a program that draws menus owns.
    public static let frontendName: BusName = "org.petal.Frontend1"

    /// The folder holding the package's built executables (beside the test bundle).
    public static var binDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Starts `executable` (petal-test-daemon by default) on a new private bus and
    /// waits until it owns `org.petal.Petal1`; with `frontend`, a stand-in
    /// frontend owns `org.petal.Frontend1` before it starts.
    public convenience init(
        executable: String = "petal-test-daemon", arguments: [String] = [],
        environment: [String: String] = [:], bus: PrivateBus? = nil, frontend: Bool = true
    ) async throws {
        try await self.init(
            executableURL: Self.binDirectory.appendingPathComponent(executable), arguments: arguments,
            environment: environment, bus: bus, frontend: frontend)
    }

    /// Starts the daemon at `executableURL` (an installed petald, say) on a new
    /// private bus and waits until it owns `org.petal.Petal1`; with
    /// `frontend`, a stand-in frontend owns `org.petal.Frontend1` before it starts.
    public convenience init(
        executableURL: URL, arguments: [String] = [], environment: [String: String] = [:], bus: PrivateBus? = nil,
        frontend: Bool = true
    ) async throws {
        await TestSlots.daemons.acquire()
        do {
            try await self.init(
                starting: executableURL, arguments: arguments, environment: environment, bus: bus, frontend: frontend)
        } catch {
            await TestSlots.daemons.release()
            throw error
        }
    }

    private init(
        starting executable: URL, arguments: [String], environment: [String: String], bus: PrivateBus?,
        frontend: Bool
    ) async throws {
        self.bus = try bus ?? PrivateBus()
        self.frontend = frontend ? try await Self.standInFrontend(on: self.bus) : nil
        logFile = self.bus.directory.appendingPathComponent(
            "\(executable.lastPathComponent)-\(UUID().uuidString.prefix(6)).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process = Process()
        process.executableURL = executable
        process.arguments = ["--bus", self.bus.address] + arguments
        // Each daemon keeps its state (toggles, quarantine) and its plugin hosts' socket in folders of its own unless told otherwise.
        let runtime = self.bus.directory.appendingPathComponent("runtime").path
        _ = mkdir(runtime, 0o700)
        let isolated = [
            "XDG_STATE_HOME": self.bus.directory.appendingPathComponent("state").path,
            "XDG_RUNTIME_DIR": runtime,
        ]
        process.environment = ProcessInfo.processInfo.environment
            .merging(isolated) { _, new in new }
            .merging(environment) { _, new in new }
        process.standardError = try FileHandle(forWritingTo: logFile)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        client = try DBusConnection.connect(to: .address(self.bus.address))
        try await waitForName()
    }

    /// A connection to `bus` that owns `org.petal.Frontend1`, as a program
    /// that draws menus does; when another already owns it, it waits in the
    /// name's queue, as petal-overlay does.
    public static func standInFrontend(on bus: PrivateBus) async throws -> DBusConnection {
        let connection = try DBusConnection.connect(to: .address(bus.address))
        do {
            _ = try await connection.requestName(frontendName, flags: [])
        } catch {
            connection.close()
            throw error
        }
        return connection
    }

    private func waitForName() async throws {
        for _ in 0..<1000 {
            let owned = try await client.call(
                destination: .bus, path: .bus, interface: .bus, member: "NameHasOwner", [.string(Self.name.rawValue)])
            if owned.first == .boolean(true) { return }
            guard process.isRunning else {
                throw TestSetupError(
                    "the daemon exited with status \(process.terminationStatus) before owning its name:\n\(log)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestSetupError("the daemon did not own \(Self.name) within 10 s:\n\(log)")
    }

    /// Everything the daemon has logged so far.
    public var log: String {
        (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    }

    /// Calls a method of `org.petal.Petal1.Menu`.
    public func menu(_ member: MemberName, _ arguments: [DBusValue] = [], timeout: Duration = .seconds(10)) async throws
        -> [DBusValue]
    {
        try await client.call(
            destination: Self.name, path: Self.path, interface: Self.menu, member: member, arguments, timeout: timeout)
    }

    /// Reads a property of `org.petal.Petal1.Menu`.
    public func property(_ name: String) async throws -> DBusValue {
        let reply = try await client.call(
            destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Properties", member: "Get",
            [.string(Self.menu.rawValue), .string(name)])
        return reply.first?.unwrapped ?? .string("")
    }

    /// Sets a property of `org.petal.Petal1.Menu`.
    public func setProperty(_ name: String, _ value: DBusValue) async throws {
        _ = try await client.call(
            destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Properties", member: "Set",
            [.string(Self.menu.rawValue), .string(name), .variant(value)])
    }

    /// The menu state, read through the `State` property.
    public func state() async throws -> String {
        try await property("State").stringValue ?? ""
    }

    /// Waits until `State` reads `expected`, for up to `limit`.
    public func waitForState(_ expected: String, within limit: Duration = .seconds(5)) async throws {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if try await state() == expected { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestSetupError("the menu did not reach \(expected) within \(limit); it is \(try await state())")
    }

    /// Sends `signal` to the daemon and waits for it to exit (killing it after 10 s);
    /// returns its exit status, or the number of the signal that ended it.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        // A daemon that ignores the signal must fail the test, not hang it: after 10 s it is killed.
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        client.close()
        frontend?.close()
        // The bus's supervisor may take half a second to stop it; that wait must not hold
        // one of the few threads that run the (parallel) tests.
        let bus = bus
        Thread.detachNewThread { bus.stop() }
        if !released {
            released = true
            Task { await TestSlots.daemons.release() }
        }
        return process.terminationStatus
    }

    private var released = false

    deinit {
        if !released { Task { await TestSlots.daemons.release() } }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
