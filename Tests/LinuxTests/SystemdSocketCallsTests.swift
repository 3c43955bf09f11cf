import CDBusArchive
import Glibc
import Testing

/// `sd_listen_fds` and `sd_is_socket` as petald and petalctl carry them for
/// libdbus's archive (Sources/CDBusArchive): what their manual pages say.
/// Serialized: they read and change the process's environment.
@Suite(.serialized) struct SystemdSocketCallsTests {
    private func withListenEnvironment(pid: String?, fds: String?, _ body: () -> Void) {
        for (name, value) in [("LISTEN_PID", pid), ("LISTEN_FDS", fds)] {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        body()
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
    }

    @Test func noSocketsWithoutTheEnvironment() {
        withListenEnvironment(pid: nil, fds: nil) { #expect(sd_listen_fds(0) == 0) }
    }

    @Test func socketsMeantForAnotherProcessAreNotThisOnes() {
        withListenEnvironment(pid: "\(getpid() + 1)", fds: "2") { #expect(sd_listen_fds(0) == 0) }
    }

    @Test func aMalformedEnvironmentIsInvalid() {
        withListenEnvironment(pid: "12x", fds: "1") { #expect(sd_listen_fds(0) == -EINVAL) }
        withListenEnvironment(pid: "\(getpid())", fds: "-1") { #expect(sd_listen_fds(0) == -EINVAL) }
    }

    /// Whatever the test process has at fd 3 (it must not be replaced: it is another
    /// test's), the answer is right: counted and marked close-on-exec, or EBADF.
    @Test func socketsFromFdThreeAreCountedMarkedCloseOnExecAndTheEnvironmentUnset() {
        let open = fcntl(3, F_GETFD) >= 0
        withListenEnvironment(pid: "\(getpid())", fds: "1") {
            if open {
                #expect(sd_listen_fds(1) == 1)
                #expect(fcntl(3, F_GETFD) & FD_CLOEXEC != 0)
            } else {
                #expect(sd_listen_fds(1) == -EBADF)
            }
            #expect(getenv("LISTEN_PID") == nil && getenv("LISTEN_FDS") == nil)
        }
    }

    @Test func aStreamSocketPairIsAConnectedUnixStreamSocket() {
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { for fd in pair { close(fd) } }
        let stream = Int32(SOCK_STREAM.rawValue)
        #expect(sd_is_socket(pair[0], AF_UNIX, stream, 0) == 1)
        #expect(sd_is_socket(pair[0], 0, 0, -1) == 1)
        #expect(sd_is_socket(pair[0], AF_UNIX, stream, 1) == 0, "not listening")
        #expect(sd_is_socket(pair[0], AF_UNIX, Int32(SOCK_DGRAM.rawValue), -1) == 0)
        #expect(sd_is_socket(pair[0], AF_INET, 0, -1) == 0)
    }

    @Test func aListeningSocketListensAndAPipeIsNoSocket() {
        // An unbound TCP socket that listens is given a port of its own: no address to pick.
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listening) }
        #expect(listen(listening, 1) == 0)
        #expect(sd_is_socket(listening, AF_INET, 0, 1) == 1)
        #expect(sd_is_socket(listening, AF_UNIX, 0, 1) == 0)
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { for fd in ends { close(fd) } }
        #expect(sd_is_socket(ends[0], 0, 0, -1) == 0)
        #expect(sd_is_socket(-1, 0, 0, -1) == -EBADF)
    }
}
