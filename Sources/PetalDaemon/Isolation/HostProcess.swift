import CLinux
import DBus
import Dispatch
import Glibc
import Linux
import Synchronization

/// A `petal-plugin-host` process, watched on the event loop through a pidfd:
/// either petald's child (reaped there, with no thread waiting for it and no
/// SIGCHLD handler), or the process of a transient systemd unit, known once
/// it connects (``adopt(_:)``), whose end systemd reports.
final class HostProcess {
    /// Its pid: a child's from the start, a unit's once it has connected.
    private(set) var pid: pid_t?
    /// The transient unit it runs in, or nil for petald's child.
    let unit: String?
    private var pidfd: Int32 = -1
    private let loop: EventLoop
    private var source: EventLoop.SourceID?
    private let ended: (HostProcess, HostExit) -> Void
    private let systemd: SystemdLauncher?
    private var hasEnded = false

    /// Starts `executable` as petald's child with `environment`, stdin and stdout on
    /// /dev/null and petald's stderr; `ended` runs on the loop once, when it has exited. On the loop thread.
    init(
        executable: String, environment: [String: String], loop: EventLoop,
        ended: @escaping (HostProcess, HostExit) -> Void
    ) throws(ProgramLauncher.Failure) {
        precondition(loop.inEventLoop, "HostProcess.init called off the loop thread")
        let spawned = try Self.spawner.spawn(executable, environment: ProgramLauncher.environment(adding: environment))
        self.loop = loop
        self.ended = ended
        unit = nil
        systemd = nil
        do {
            try watch(spawned.pid)
        } catch {
            // Without a pidfd it cannot be watched: stop it now rather than leave it unwatched.
            Glibc.kill(spawned.pid, SIGKILL)
            var status: Int32 = 0
            _ = try? systemCall("waitpid") { waitpid(spawned.pid, &status, 0) }
            throw ProgramLauncher.Failure(
                description: "cannot watch \(executable): pidfd_open: \(error.reason)")
        }
    }

    /// A host systemd starts in `unit`; petald learns its pid when it connects. On the loop thread.
    init(unit: String, systemd: SystemdLauncher, loop: EventLoop, ended: @escaping (HostProcess, HostExit) -> Void) {
        self.unit = unit
        self.systemd = systemd
        self.loop = loop
        self.ended = ended
    }

    /// The unit's process connected as `pid`: watched from now on.
    func adopt(_ pid: pid_t) {
        guard unit != nil, self.pid == nil, !hasEnded else { return }
        do {
            try watch(pid)
        } catch {
            // It is gone already, or cannot be watched: ended, as far as petald can tell.
            finish(.signaled(SIGKILL, dumped: false))
        }
    }

    private func watch(_ pid: pid_t) throws(SystemCallError) {
        pidfd = try systemCall("pidfd_open") { clinux_pidfd_open(pid) }
        self.pid = pid
        source = loop.addSource(fd: pidfd, events: .readable) { [unowned self] _ in exited() }
    }

    private func exited() {
        guard let unit, let systemd else {
            var exit = clinux_exit()
            switch clinux_pidfd_reap(pidfd, &exit) {
            case 1: return finish(HostExit(code: exit.code, status: exit.status))
            case 0: return  // not waitable yet: the watch fires again
            default: return finish(.signaled(SIGKILL, dumped: false))  // cannot be reaped: gone, for petald
            }
        }
        if let source { loop.removeSource(source) }
        source = nil
        isEnding = true
        systemd.exit(ofHost: unit) { [self] exit in
            finish(exit ?? .signaled(SIGKILL, dumped: false))
        }
    }

    /// Whether it has exited and petald is learning how (from systemd).
    private(set) var isEnding = false

    /// Reports the end once.
    func finish(_ exit: HostExit) {
        guard !hasEnded else { return }
        hasEnded = true
        if let source { loop.removeSource(source) }
        source = nil
        ended(self, exit)
    }

    /// Waits up to `limit` for the process to exit, then kills it, and reaps it
    /// (a child); for petald's last moments, once its loop has ended. Returns
    /// whether it exited by itself.
    @discardableResult
    func waitForExit(within limit: Duration) -> Bool {
        guard pidfd >= 0 else {
            kill()
            return false
        }
        var entry = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: Int64((limit.configuredSeconds * 1000).rounded(.up)))
        let exited = (try? systemCall("poll") { poll(&entry, 1, milliseconds) }) == 1
        if !exited { kill() }
        guard unit == nil else { return exited }
        var exit = clinux_exit()
        var again = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
        _ = try? systemCall("poll") { poll(&again, 1, 1000) }
        _ = clinux_pidfd_reap(pidfd, &exit)
        return exited
    }

    /// The thread hosts are started from. The kernel sends a host its
    /// PR_SET_PDEATHSIG when the *thread* that started it ends, and petald's
    /// loop thread ends before petald has let its hosts call their plugins'
    /// deinit; this one is never stopped, so it ends only with the process.
    private static let spawner = Spawner()

    private final class Spawner: Sendable {
        private let thread = try? WorkerThread(name: "petal-spawn")

        func spawn(_ executable: String, environment: [String]) throws(ProgramLauncher.Failure)
            -> ProgramLauncher.Spawned
        {
            guard let thread else {
                throw ProgramLauncher.Failure(description: "cannot start the thread that starts plugin hosts")
            }
            let outcome = Handoff<Result<ProgramLauncher.Spawned, ProgramLauncher.Failure>>()
            let submitted = thread.submit {
                outcome.put(
                    Result { () throws(ProgramLauncher.Failure) in
                        try ProgramLauncher.spawn(
                            [executable], environment: environment, directory: nil, output: nil,
                            sharingStandardError: true)
                    })
            }
            guard submitted else {
                throw ProgramLauncher.Failure(description: "the thread that starts plugin hosts has stopped")
            }
            return try outcome.take().get()
        }
    }

    /// Sends SIGKILL, to this process only, even if its number has been reused
    /// since; to a unit's processes through systemd while its pid is unknown.
    func kill() {
        if pidfd >= 0 {
            _ = clinux_pidfd_signal(pidfd, SIGKILL)
        } else if let unit, let systemd {
            systemd.kill(host: unit)
        }
    }

    // Dropped only once reaped, or after the loop has ended: no source is left watching the descriptor.
    deinit {
        if pidfd >= 0 { close(pidfd) }
    }
}
