import Foundation
import Synchronization

/// A process a test starts and later stops: a display server, a compositor,
/// a GTK client such as petal-overlay or ``SolidWindow``.
///
/// Its standard output is read line by line while it runs (see ``lines`` and
/// ``waitForLine(within:where:)``); its standard error goes to ``logFile``.
/// ``stop(grace:)`` sends SIGTERM, waits up to `grace`, then sends SIGKILL.
public final class BackgroundProcess: @unchecked Sendable {
    /// The process itself.
    public let process = Process()
    /// Where its standard error goes (created empty first).
    public let logFile: URL
    private let name: String
    private let received = Mutex<[String]>([])
    private let partial = Mutex(LineBuffer())
    private let watchdog = Mutex<Process?>(nil)

    /// Starts `executable` (an absolute path) with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: the whole environment of the process; the test's own when nil.
    ///   - logFile: where its standard error goes.
    ///   - diesWithTests: starts a shell beside it that kills it (SIGKILL) once
    ///     the test process is gone, so a crashed test run leaves no server behind.
    public init(
        _ executable: String, arguments: [String], environment: [String: String]? = nil,
        logFile: URL, diesWithTests: Bool = false
    ) throws {
        self.logFile = logFile
        name = URL(fileURLWithPath: executable).lastPathComponent
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: logFile)
        process.standardInput = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else {
                handle.readabilityHandler = nil
                return
            }
            self.take(data)
        }
        try Self.withTerminationSignalsUnblocked { try process.run() }
        if diesWithTests { try startWatchdog() }
    }

    /// Runs `body` (which spawns a child) with SIGTERM, SIGINT and SIGHUP
    /// unblocked on this thread, then restores its mask.
    ///
    /// A child inherits the signal mask of the thread that spawns it, and the
    /// test runner's threads block these: a server started plainly ignores
    /// SIGTERM until SIGKILL comes (measured: every stop took the whole
    /// 2-second grace). Unblocked, Xvfb, xcompmgr, sway and GTK clients exit at once.
    static func withTerminationSignalsUnblocked<T>(_ body: () throws -> T) rethrows -> T {
        var unblock = sigset_t()
        var previous = sigset_t()
        sigemptyset(&unblock)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// The environment of the test process with `variables` added, and the
    /// variables that would point a client at some other display removed.
    public static func environment(adding variables: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET", "SWAYSOCK", "I3SOCK", "XAUTHORITY"] {
            environment[name] = nil
        }
        return environment.merging(variables) { _, new in new }
    }

    private func take(_ data: Data) {
        let complete = partial.withLock { $0.append(data) }
        if !complete.isEmpty { received.withLock { $0 += complete } }
    }

    /// Every complete line it has printed on standard output so far.
    public var lines: [String] { received.withLock { $0 } }

    /// Everything it has written to standard error so far.
    public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Whether it still runs.
    public var isRunning: Bool { process.isRunning }

    /// Waits until a line printed after the first `skipping` lines satisfies
    /// `predicate`, and returns that line.
    ///
    /// - Throws: ``TestSetupError`` when `limit` passes or the process exits
    ///   first, with what it printed and logged.
    @discardableResult
    public func waitForLine(
        skipping: Int = 0, within limit: Duration = .seconds(10), where predicate: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + limit
        while true {
            let seen = lines.dropFirst(skipping)
            if let line = seen.first(where: predicate) { return line }
            guard process.isRunning, ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        // One last look: the process may have printed the line just before it exited.
        if let line = lines.dropFirst(skipping).first(where: predicate) { return line }
        throw TestSetupError(
            """
            \(name): no matching line within \(limit)\(process.isRunning ? "" : " (it exited: \(process.terminationStatus))")
            stdout:
            \(lines.joined(separator: "\n"))
            stderr (\(logFile.path)):
            \(log)
            """)
    }

    /// Waits until its log (stderr) holds `text`.
    ///
    /// - Throws: ``TestSetupError`` when `limit` passes or the process exits first, with its log.
    public func waitForLog(_ text: String, within limit: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + limit
        while !log.contains(text) {
            guard process.isRunning, ContinuousClock.now < deadline else {
                throw TestSetupError("\(name): its log did not say \"\(text)\" within \(limit):\n\(log)")
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Stops it: SIGTERM, then SIGKILL if it still runs after `grace`; waits for it.
    ///
    /// Returns whether SIGTERM was enough. Blocks the calling thread for at most `grace`.
    @discardableResult
    public func stop(grace: Duration = .seconds(2)) -> Bool {
        defer { stopWatchdog() }
        guard process.isRunning else { return true }
        kill(process.processIdentifier, SIGTERM)
        let deadline = ContinuousClock.now + grace
        while process.isRunning, ContinuousClock.now < deadline { usleep(5_000) }
        let terminated = !process.isRunning
        if !terminated { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return terminated
    }

    /// A shell that kills the process once the test process is no longer its
    /// parent (a zombie parent still answers kill -0, so /proc is asked
    /// instead), and ends by itself when the process ends.
    private func startWatchdog() throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = [
            "-c",
            """
            while read -r pid name state parent rest </proc/$$/stat && [ "$parent" = "$1" ]; do
                kill -0 "$2" 2>/dev/null || exit 0
                sleep 0.5
            done
            kill -9 "$2" 2>/dev/null
            """, "sh", String(getpid()), String(process.processIdentifier),
        ]
        shell.standardInput = FileHandle.nullDevice
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        watchdog.withLock { $0 = shell }
    }

    private func stopWatchdog() {
        guard
            let shell = watchdog.withLock({ value -> Process? in
                defer { value = nil }
                return value
            })
        else { return }
        if shell.isRunning { kill(shell.processIdentifier, SIGKILL) }
        shell.waitUntilExit()
    }

    deinit { stop(grace: .milliseconds(500)) }
}
