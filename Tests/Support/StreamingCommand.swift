import Foundation
import Synchronization

/// A long-running command whose standard output a test reads line by line
/// while it runs, such as `petalctl watch`.
public final class StreamingCommand: @unchecked Sendable {
    private let process = Process()
    private let lines = Mutex<[String]>([])
    private let partial = Mutex(LineBuffer())

    /// Starts `arguments[0]` (looked up on PATH, or a path) with the rest as its arguments.
    public init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else {
                handle.readabilityHandler = nil
                return
            }
            self.take(data)
        }
        try process.run()
    }

    private func take(_ data: Data) {
        let complete = partial.withLock { $0.append(data) }
        if !complete.isEmpty { lines.withLock { $0 += complete } }
    }

    /// Every complete line printed so far.
    public var output: [String] { lines.withLock { $0 } }

    /// Waits until at least `count` lines have been printed and returns them all.
    ///
    /// - Throws: ``TestSetupError`` when `limit` passes first, with what was printed.
    @discardableResult
    public func waitForLines(_ count: Int, within limit: Duration = .seconds(10)) async throws -> [String] {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let seen = output
            if seen.count >= count { return seen }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestSetupError("expected \(count) lines within \(limit), got:\n\(output.joined(separator: "\n"))")
    }

    /// Waits until a line satisfies `predicate`; returns the lines up to and including it.
    @discardableResult
    public func waitForLine(
        within limit: Duration = .seconds(10), where predicate: (String) -> Bool
    ) async throws -> [String] {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let seen = output
            if let index = seen.firstIndex(where: predicate) { return Array(seen[...index]) }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestSetupError("no matching line within \(limit); got:\n\(output.joined(separator: "\n"))")
    }

    /// Whether the command still runs.
    public var isRunning: Bool { process.isRunning }

    /// Stops the command (SIGKILL: processes started from tests inherit
    /// blocked signals) and waits for it.
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}
