import CLinux
import DBus
import Dispatch
import Glibc
import Linux
import PetalCore
import PetalJSON
import Synchronization

/// Runs a program to completion on a thread of its own (never on the event
/// loop) and reports its exit status with the tails of its output.
///
/// Each program leads a process group of its own, and nothing in that group
/// outlives it: when the program ends, is timed out or is stopped, the group
/// gets SIGTERM, and SIGKILL after a grace. A process that left the group
/// (`setsid`) is not waited for: once the group is killed, its pipes are read
/// for at most another grace and then closed.
enum ProgramRunner {
    /// Bytes kept from the end of stdout and of stderr by default.
    static let defaultOutputLimit = 16 * 1024
    /// How long a process group has between SIGTERM and SIGKILL.
    static let grace: Duration = .seconds(1)

    /// Runs `argv` and calls `completion` once with `{"status", "stdout", "stderr"}`,
    /// plus `"timedOut": true` or `"cancelled": true` when it was ended early.
    ///
    /// `status` is the exit status, or 128 + the signal that ended the program.
    /// Returns the id ``stop(_:)`` takes, or 0 when the program could not be started
    /// (`completion` has then been called with the failure).
    @discardableResult
    static func run(
        _ argv: [String], extraEnvironment: [String: String], directory: String?,
        timeout: Double?, outputLimit: Int?,
        completion: @escaping @Sendable (Result<JSONObject, ProgramLauncher.Failure>) -> Void
    ) -> UInt64 {
        let environment = ProgramLauncher.environment(adding: extraEnvironment)
        guard let program = argv.first, !program.isEmpty else {
            completion(.failure(.init(description: "no program was given (argv is empty)")))
            return 0
        }
        guard let executable = ProgramLauncher.resolve(program, environment: environment) else {
            completion(.failure(.init(description: "the program \"\(program)\" was not found on PATH")))
            return 0
        }
        let spawned: ProgramLauncher.Spawned
        do {
            spawned = try ProgramLauncher.spawn(
                [executable] + argv.dropFirst(), environment: environment,
                directory: directory, output: true, grouping: CLINUX_SPAWN_NEW_GROUP)
        } catch {
            completion(.failure(error))
            return 0
        }
        let running = RunningProgram(pid: spawned.pid)
        let limit = max(0, outputLimit ?? defaultOutputLimit)
        do {
            try startThread(name: "petal-run") {
                let result = collect(spawned, running, limit: limit, timeout: timeout)
                RunningProgram.forget(running)
                completion(.success(result))
            }
        } catch {
            kill(-spawned.pid, SIGKILL)
            RunningProgram.forget(running)
            completion(.failure(.init(description: "cannot start a thread to wait for \(program): \(error)")))
            return 0
        }
        return running.id
    }

    /// Ends the program `id` that ``run(_:extraEnvironment:directory:timeout:outputLimit:completion:)``
    /// started, with its process group; its completion still comes, marked `"cancelled"`.
    /// An id that is unknown or already finished is ignored.
    static func stop(_ id: UInt64) {
        RunningProgram.find(id)?.requestStop()
    }

    /// Ends every running program and waits until each has been reaped, or
    /// `grace` twice over has passed (then the groups left get SIGKILL): for
    /// the daemon's exit, so that it leaves no process behind.
    static func stopAll() {
        let all = RunningProgram.all
        guard !all.isEmpty else { return }
        for program in all { program.requestStop() }
        RunningProgram.waitUntilNoneRuns(within: grace * 2)
        for program in RunningProgram.all { kill(-program.pid, SIGKILL) }
    }

    private static func collect(
        _ child: ProgramLauncher.Spawned, _ running: RunningProgram, limit: Int, timeout: Double?
    ) -> JSONObject {
        var tails = [OutputTail(limit: limit), OutputTail(limit: limit)]
        var fds = [
            pollfd(fd: child.stdout, events: Int16(POLLIN), revents: 0),
            pollfd(fd: child.stderr, events: Int16(POLLIN), revents: 0),
        ]
        let clock = MonotonicClock()
        let start = clock.now
        var ending: ProgramEnding?
        var terminatedAt: Duration?
        var killedAt: Duration?
        var exitStatus: Int32?
        var buffer = [UInt8](repeating: 0, count: 8192)
        while fds.contains(where: { $0.fd >= 0 }) {
            let now = clock.now
            if terminatedAt == nil {
                if let timeout, (now - start).configuredSeconds >= timeout { ending = .timedOut }
                if running.stopRequested { ending = .cancelled }
                if ending != nil || exitStatus != nil {
                    // The program is done or must be: what is left of its group goes too.
                    kill(-child.pid, SIGTERM)
                    terminatedAt = now
                }
            }
            if let terminatedAt, killedAt == nil, now - terminatedAt > grace {
                kill(-child.pid, SIGKILL)
                killedAt = now
            }
            // Whatever holds the pipes now is outside the group; stop waiting for it.
            if let killedAt, now - killedAt > grace { break }
            // A failed poll is retried on the next turn, which also keeps the deadlines checked.
            _ = try? systemCall("poll") { poll(&fds, 2, 100) }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let fd = fds[index].fd
                let count: Int
                do {
                    count = try systemCall("read") { read(fd, &buffer, buffer.count) }
                } catch  where error.errno == EAGAIN {
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
            if exitStatus == nil { exitStatus = reap(child.pid, waiting: false) }
        }
        for pipe in fds where pipe.fd >= 0 { close(pipe.fd) }
        let status = exitStatus ?? reap(child.pid, waiting: true) ?? 0
        // The program's own output is complete; anything it left running in its group ends with it.
        if terminatedAt == nil { kill(-child.pid, SIGKILL) }
        let decoded = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        var result: JSONObject = [
            "status": .int(Int64(decoded)), "stdout": .string(tails[0].text),
            "stderr": .string(tails[1].text),
        ]
        switch ending {
        case .timedOut: result["timedOut"] = .bool(true)
        case .cancelled: result["cancelled"] = .bool(true)
        case nil: break
        }
        return result
    }

    /// The wait status of `pid` once it has exited; nil while it runs (when not `waiting`).
    private static func reap(_ pid: pid_t, waiting: Bool) -> Int32? {
        var status: Int32 = 0
        let reaped = try? systemCall("waitpid") { waitpid(pid, &status, waiting ? 0 : WNOHANG) }
        return reaped == pid ? status : nil
    }
}

/// Why a program was ended before it finished by itself.
private enum ProgramEnding {
    case timedOut
    case cancelled
}

/// A program ``ProgramRunner`` is running, which ``ProgramRunner/stop(_:)`` can end.
final class RunningProgram: Sendable {
    /// The id handed to plugins; never 0.
    let id: UInt64
    /// The program's pid, which is also its process group's id.
    let pid: pid_t
    private let stopping = Atomic<Bool>(false)

    private static let nextID = Atomic<UInt64>(1)
    private static let running = Mutex<[UInt64: RunningProgram]>([:])

    init(pid: pid_t) {
        id = Self.nextID.add(1, ordering: .relaxed).oldValue
        self.pid = pid
        Self.running.withLock { $0[id] = self }
    }

    /// Whether ``requestStop()`` has been called.
    var stopRequested: Bool { stopping.load(ordering: .acquiring) }

    /// Asks the thread collecting the program to end it; it acts within one poll turn.
    func requestStop() { stopping.store(true, ordering: .releasing) }

    /// A semaphore, signalled each time the last running program is
    /// forgotten: petald's main thread blocks on it at its very end.
    private static let emptied = DispatchSemaphore(value: 0)

    static func find(_ id: UInt64) -> RunningProgram? { running.withLock { $0[id] } }
    static var all: [RunningProgram] { running.withLock { Array($0.values) } }

    static func forget(_ program: RunningProgram) {
        let none = running.withLock { running -> Bool in
            running.removeValue(forKey: program.id)
            return running.isEmpty
        }
        if none { emptied.signal() }
    }

    /// Waits until no program runs, for at most `limit`.
    static func waitUntilNoneRuns(within limit: Duration) {
        let clock = MonotonicClock()
        let deadline = clock.now + limit
        // A signal left from an earlier time none ran only makes the loop look again.
        while !all.isEmpty {
            let left = deadline - clock.now
            guard left > .zero, emptied.wait(for: left) else { return }
        }
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
