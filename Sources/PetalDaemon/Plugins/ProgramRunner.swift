import DBus
import Glibc
import Linux
import PetalCore
import PetalJSON

/// Runs a program to completion on a thread of its own (never on the event
/// loop) and reports its exit status with the tails of its output.
enum ProgramRunner {
    /// Bytes kept from the end of stdout and of stderr by default.
    static let defaultOutputLimit = 16 * 1024

    /// Runs `argv` and calls `completion` once with `{"status", "stdout", "stderr"}`.
    ///
    /// `status` is the exit status, or 128 + the signal that ended the program.
    /// After `timeout` seconds the program gets SIGTERM, and SIGKILL a second later.
    static func run(
        _ argv: [String], extraEnvironment: [String: String], directory: String?,
        timeout: Double?, outputLimit: Int?,
        completion: @escaping @Sendable (Result<JSONObject, ProgramLauncher.Failure>) -> Void
    ) {
        let environment = ProgramLauncher.environment(adding: extraEnvironment)
        guard let program = argv.first, !program.isEmpty else {
            return completion(.failure(.init(description: "no program was given (argv is empty)")))
        }
        guard let executable = ProgramLauncher.resolve(program, environment: environment) else {
            return completion(.failure(.init(description: "the program \"\(program)\" was not found on PATH")))
        }
        let spawned: ProgramLauncher.Spawned
        do {
            spawned = try ProgramLauncher.spawn([executable] + argv.dropFirst(), environment: environment,
                                                directory: directory, output: true)
        } catch {
            return completion(.failure(error))
        }
        let limit = max(0, outputLimit ?? defaultOutputLimit)
        do {
            try startThread(name: "petal-run") {
                completion(.success(collect(spawned, limit: limit, timeout: timeout)))
            }
        } catch {
            kill(spawned.pid, SIGKILL)
            completion(.failure(.init(description: "cannot start a thread to wait for \(program): \(error)")))
        }
    }

    private static func collect(_ child: ProgramLauncher.Spawned, limit: Int, timeout: Double?) -> JSONObject {
        var tails = [OutputTail(limit: limit), OutputTail(limit: limit)]
        var fds = [pollfd(fd: child.stdout, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: child.stderr, events: Int16(POLLIN), revents: 0)]
        let clock = MonotonicClock()
        let start = clock.now
        var terminatedAt: Duration?
        var buffer = [UInt8](repeating: 0, count: 8192)
        while fds.contains(where: { $0.fd >= 0 }) {
            let elapsed = (clock.now - start).seconds
            if let timeout, elapsed >= timeout, terminatedAt == nil {
                kill(child.pid, SIGTERM)
                terminatedAt = clock.now
            }
            if let terminatedAt, clock.now - terminatedAt > .seconds(1) {
                kill(child.pid, SIGKILL)
            }
            // A failed poll is retried on the next turn, which also keeps the timeout checked.
            _ = try? systemCall("poll") { poll(&fds, 2, 100) }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let fd = fds[index].fd
                let count: Int
                do {
                    count = try systemCall("read") { read(fd, &buffer, buffer.count) }
                } catch where error.errno == EAGAIN {
                    continue
                } catch {
                    count = 0
                }
                if count > 0 {
                    tails[index].append(buffer[..<count])
                } else {
                    // The end of the stream, or a pipe that cannot be read: stop watching it.
                    close(fd)
                    fds[index].fd = -1
                }
            }
        }
        var status: Int32 = 0
        _ = try? systemCall("waitpid") { waitpid(child.pid, &status, 0) }
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        var result: JSONObject = ["status": .int(Int64(exitStatus)), "stdout": .string(tails[0].text),
                                  "stderr": .string(tails[1].text)]
        if terminatedAt != nil { result["timedOut"] = .bool(true) }
        return result
    }
}

/// The last `limit` bytes of a stream, decoded as UTF-8 (invalid bytes replaced).
struct OutputTail {
    let limit: Int
    private(set) var bytes: [UInt8] = []

    init(limit: Int) { self.limit = limit }

    mutating func append(_ chunk: ArraySlice<UInt8>) {
        bytes.append(contentsOf: chunk)
        if bytes.count > limit { bytes.removeFirst(bytes.count - limit) }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
