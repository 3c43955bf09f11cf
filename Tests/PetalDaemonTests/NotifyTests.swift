import DBus
import Foundation
import TestSupport
import Testing

/// petald(8): petald speaks sd_notify itself — READY=1 once the name is owned,
/// RELOADING=1/READY=1 around a reload, STOPPING=1, and WATCHDOG=1 at half
/// of WATCHDOG_USEC — checked against a datagram socket bound by the test,
/// as systemd's would be.
@Suite struct NotifyTests {
    @Test func readyReloadingWatchdogAndStopping() async throws {
        let socket = try NotifySocket()
        let daemon = try await RunningDaemon(environment: [
            "NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "200000",
        ])
        defer { daemon.stop() }
        // RunningDaemon returns once the name is owned; READY=1 follows that.
        let ready = try await socket.next { $0.contains("READY=1") }
        #expect(ready.contains("STATUS="), "\(ready)")
        #expect(ready.contains("MAINPID=\(daemon.process.processIdentifier)"), "\(ready)")

        let first = socket.received.count
        try await Task.sleep(for: .seconds(1))
        let pings = socket.received.dropFirst(first).filter { $0 == "WATCHDOG=1" }.count
        // Every 100 ms for a second: allow for a loaded machine, but not for silence or a storm.
        #expect((3...15).contains(pings), "\(pings) watchdog pings in one second at a 100 ms cadence")

        kill(daemon.process.processIdentifier, SIGHUP)
        let reloading = try await socket.next { $0.contains("RELOADING=1") }
        #expect(reloading.contains("MONOTONIC_USEC="), "\(reloading)")
        _ = try await socket.next(after: reloading) { $0.contains("READY=1") }

        #expect(daemon.stop() == 0)
        _ = try await socket.next { $0.contains("STOPPING=1") }
    }

    @Test func watchdogMeantForAnotherProcessIsIgnored() async throws {
        let socket = try NotifySocket()
        let daemon = try await RunningDaemon(environment: [
            "NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "100000", "WATCHDOG_PID": "1",
        ])
        defer { daemon.stop() }
        _ = try await socket.next { $0.contains("READY=1") }
        try await Task.sleep(for: .milliseconds(500))
        #expect(!socket.received.contains("WATCHDOG=1"))
    }
}

/// A bound AF_UNIX datagram socket collecting what the daemon sends.
final class NotifySocket: @unchecked Sendable {
    let path: String
    private let fd: Int32
    private let lock = NSLock()
    private var messages: [String] = []

    init() throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString.prefix(8))").path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard fd >= 0, bound == 0 else { throw TestSetupError("cannot bind \(path): errno \(errno)") }
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// Everything received so far, one entry per datagram.
    var received: [String] {
        drain()
        return lock.withLock { messages }
    }

    /// Waits for a datagram satisfying `predicate` (after `previous`, if given).
    func next(after previous: String? = nil, where predicate: @escaping (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let all = received
            let start = previous.flatMap { all.lastIndex(of: $0) }.map { $0 + 1 } ?? 0
            if let found = all[start...].first(where: predicate) { return found }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestSetupError("no matching notification within 20 s; received: \(received)")
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            let text = String(decoding: buffer[..<count], as: UTF8.self)
            lock.withLock { messages.append(text) }
        }
    }
}
