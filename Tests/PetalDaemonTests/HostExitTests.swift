import Glibc
import Testing

@testable import PetalDaemon

/// How petald says a plugin host ended, in the ActionFailed it answers and in its log.
struct HostExitTests {
    @Test(arguments: [
        (Int32(CLD_KILLED), SIGSEGV, "crashed (SIGSEGV)"),
        (Int32(CLD_DUMPED), SIGABRT, "crashed (SIGABRT)"),
        (Int32(CLD_KILLED), SIGBUS, "crashed (SIGBUS)"),
        (Int32(CLD_KILLED), SIGKILL, "was killed (SIGKILL)"),
        (Int32(CLD_KILLED), SIGTERM, "was killed (SIGTERM)"),
        (Int32(CLD_EXITED), 3, "exited with status 3"),
        (Int32(CLD_EXITED), 0, "exited with status 0"),
        (Int32(CLD_KILLED), 99, "crashed (signal 99)"),
    ])
    func eachEndIsSaidByName(code: Int32, status: Int32, said: String) {
        #expect(HostExit(code: code, status: status).description == said)
    }
}
