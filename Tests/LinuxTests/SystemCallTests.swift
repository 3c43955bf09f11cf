import Glibc
import Testing

@testable import Linux

@Suite struct SystemCallTests {
    @Test func aFailedCallNamesItselfThePathAndTheReason() {
        #expect(throws: SystemCallError(call: "open", path: "/nonexistent/x", errno: ENOENT)) {
            try systemCall("open", path: "/nonexistent/x") { open("/nonexistent/x", O_RDONLY) }
        }
        let error = SystemCallError(call: "open", path: "/nonexistent/x", errno: ENOENT)
        #expect(error.description == "open /nonexistent/x failed: No such file or directory (errno 2)")
        #expect(SystemCallError(call: "eventfd", errno: EMFILE).description.hasPrefix("eventfd failed: "))
    }

    @Test func aCallInterruptedBySignalIsRetried() throws {
        var attempts = 0
        let result = try systemCall("read") { () -> Int in
            attempts += 1
            if attempts < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7 && attempts == 3)
    }

    @Test func threadNamesAreCutToFifteenBytesNeverInsideACharacter() {
        #expect(threadName("petal-run") == "petal-run")
        #expect(threadName("a-very-long-thread-name") == "a-very-long-thr")
        // 14 ASCII bytes then a 2-byte character: the character does not fit, and is left out whole.
        #expect(threadName("abcdefghijklmné") == "abcdefghijklmn")
        #expect(threadName("ééééééééé").utf8.count == 14)
    }

    @Test func aThreadRunsItsBody() async throws {
        let done = Done()
        try startThread(name: "petal-test") { done.signal() }
        #expect(await done.wait())
    }
}

/// A one-shot signal from a thread to a test.
final class Done: @unchecked Sendable {
    private var semaphore = sem_t()
    init() { sem_init(&semaphore, 0, 0) }
    func signal() { sem_post(&semaphore) }
    func wait() async -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_sec += 5
        return sem_timedwait(&semaphore, &deadline) == 0
    }
}
