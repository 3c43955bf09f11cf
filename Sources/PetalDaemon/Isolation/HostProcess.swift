import CLinux
import DBus
import Glibc
import Linux

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
        // Spawned from the loop thread, which lives as long as petald: the host's
        // PR_SET_PDEATHSIG fires when the thread that started it ends.
        let spawned = try ProgramLauncher.spawn(
            [executable], environment: ProgramLauncher.environment(adding: environment), directory: nil,
            output: nil, sharingStandardError: true)
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

    /// Sends SIGKILL, to this process only, even if its number has been reused since.
    func kill() {
        _ = clinux_pidfd_signal(pidfd, SIGKILL)
    }

    // Dropped only once reaped, or after the loop has ended: no source is left watching the descriptor.
    deinit {
        close(pidfd)
    }
}
