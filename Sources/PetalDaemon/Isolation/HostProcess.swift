import CLinux
import DBus
import Dispatch
import Glibc
import Linux
import Synchronization

/// A `petal-plugin-host` process that petald started as its child, watched
/// on the event loop through a pidfd: when it ends, it is reaped there and
/// its exit reported, with no thread waiting for it and no SIGCHLD handler.
final class HostProcess {
    let pid: pid_t
    private let pidfd: Int32
    private let loop: EventLoop
    private var source: EventLoop.SourceID?

    /// Starts `executable` with `environment`, stdin and stdout on /dev/null and
    /// petald's stderr; `ended` runs on the loop once, when it has exited. On the loop thread.
    init(
        executable: String, environment: [String: String], loop: EventLoop,
        ended: @escaping (HostProcess, HostExit) -> Void
    ) throws(ProgramLauncher.Failure) {
        precondition(loop.inEventLoop, "HostProcess.init called off the loop thread")
        let spawned = try Self.spawner.spawn(executable, environment: ProgramLauncher.environment(adding: environment))
        pid = spawned.pid
        self.loop = loop
        do {
            pidfd = try systemCall("pidfd_open") { clinux_pidfd_open(spawned.pid) }
        } catch {
            // Without a pidfd it cannot be watched: stop it now rather than leave it unwatched.
            Glibc.kill(spawned.pid, SIGKILL)
            var status: Int32 = 0
            _ = try? systemCall("waitpid") { waitpid(spawned.pid, &status, 0) }
            throw ProgramLauncher.Failure(description: "cannot watch \(executable): pidfd_open: \(String(cString: strerror(error.errno)))")
        }
        source = loop.addSource(fd: pidfd, events: .readable) { [unowned self] _ in reap(ended) }
    }

    private func reap(_ ended: (HostProcess, HostExit) -> Void) {
        var exit = clinux_exit()
        guard clinux_pidfd_reap(pidfd, &exit) == 1 else { return }
        if let source { loop.removeSource(source) }
        source = nil
        ended(self, HostExit(code: exit.code, status: exit.status))
    }

    /// Waits up to `limit` for the process to exit, then kills it, and reaps it;
    /// for petald's last moments, once its loop has ended.
    func waitForExit(within limit: Duration) {
        var entry = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000)
        if (try? systemCall("poll") { poll(&entry, 1, milliseconds) }) != 1 { kill() }
        var exit = clinux_exit()
        var pollAgain = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
        _ = try? systemCall("poll") { poll(&pollAgain, 1, 1000) }
        _ = clinux_pidfd_reap(pidfd, &exit)
    }

    /// The thread hosts are started from. The kernel sends a host its
    /// PR_SET_PDEATHSIG when the *thread* that started it ends, and petald's
    /// loop thread ends before petald has let its hosts call their plugins'
    /// deinit; this one is never stopped, so it ends only with the process.
    private static let spawner = Spawner()

    private final class Spawner: Sendable {
        private let thread = try? WorkerThread(name: "petal-spawn")

        func spawn(_ executable: String, environment: [String]) throws(ProgramLauncher.Failure) -> ProgramLauncher.Spawned {
            guard let thread else { throw ProgramLauncher.Failure(description: "cannot start the thread that starts plugin hosts") }
            let done = DispatchSemaphore(value: 0)
            let outcome = Mutex<Result<ProgramLauncher.Spawned, ProgramLauncher.Failure>?>(nil)
            let submitted = thread.submit {
                let result = Result { () throws(ProgramLauncher.Failure) in
                    try ProgramLauncher.spawn([executable], environment: environment, directory: nil, output: nil,
                                              sharingStandardError: true)
                }
                outcome.withLock { $0 = result }
                done.signal()
            }
            guard submitted else { throw ProgramLauncher.Failure(description: "the thread that starts plugin hosts has stopped") }
            done.wait()
            return try outcome.withLock { $0! }.get()
        }
    }

    /// Sends SIGKILL, to this process only, even if its number has been reused since.
    func kill() {
        _ = clinux_pidfd_signal(pidfd, SIGKILL)
    }

    // Dropped only once reaped, or after the loop has ended: no source is left watching the descriptor.
    deinit {
        close(pidfd)
    }
}
