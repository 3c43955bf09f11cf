import Foundation
import Synchronization

/// A command-line tool run to completion, as a test runs `busctl` or `gdbus`.
public struct ExternalCommand: Sendable {
    /// The exit status (or the signal number, if it was killed).
    public let status: Int32
    /// Everything it wrote to standard output.
    public let output: String
    /// Everything it wrote to standard error.
    public let errors: String

    /// Runs `arguments[0]` (looked up on PATH) with the rest as its arguments.
    ///
    /// Blocks the calling thread until the command exits; from async code
    /// prefer ``running(_:)``, which leaves the concurrency pool free.
    public static func run(_ arguments: [String]) throws -> ExternalCommand {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end before waiting, so a chatty tool cannot block on a full pipe.
        let errorHandle = errors.fileHandleForReading
        let errorData = Mutex(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = errorHandle.readDataToEndOfFile()
            errorData.withLock { $0 = data }
            errorsRead.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        return ExternalCommand(
            status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
    }

    /// Runs the command like ``run(_:)``, waiting on a thread of its own.
    public static func running(_ arguments: [String]) async throws -> ExternalCommand {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try run(arguments) })
            }
        }
    }

    /// How the command ended, for failure messages.
    public var summary: String { "exit status \(status)\nstdout: \(output)\nstderr: \(errors)" }
}
