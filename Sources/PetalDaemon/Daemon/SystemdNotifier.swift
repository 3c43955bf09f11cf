import DBus
import Glibc
import Linux
import PetalPluginRuntime

/// The sd_notify protocol, spoken without libsystemd: datagrams of
/// `KEY=value` lines to the socket in `$NOTIFY_SOCKET` (a path, or an
/// abstract name written with a leading `@`).
///
/// Without `NOTIFY_SOCKET` (not started by systemd with `Type=notify`) every
/// call does nothing.
///
/// Unchecked Sendable: its address is set in init and only read after; sendto is thread-safe.
final class SystemdNotifier: @unchecked Sendable {
    private let socketFD: Int32
    private var address = sockaddr_un()
    private var addressLength: socklen_t = 0
    /// Half of `$WATCHDOG_USEC`, when the watchdog is meant for this process.
    let watchdogInterval: Duration?

    /// Reads the environment; `log` hears about an unusable socket.
    init(environment: (String) -> String? = PluginSearchPath.processEnvironment, log: Logger) {
        watchdogInterval = Self.watchdogInterval(environment: environment)
        guard let path = environment("NOTIFY_SOCKET"), !path.isEmpty,
            path.hasPrefix("/") || path.hasPrefix("@"), path.utf8.count < MemoryLayout.size(ofValue: address.sun_path)
        else {
            socketFD = -1
            return
        }
        do {
            socketFD = try systemCall("socket") {
                socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            }
        } catch {
            socketFD = -1
            log.warning("cannot create a socket for NOTIFY_SOCKET: \(error.reason)")
        }
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        addressLength = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes.first == 0 ? 0 : 1))
    }

    deinit { if socketFD >= 0 { close(socketFD) } }

    /// Whether a service manager is listening.
    var isActive: Bool { socketFD >= 0 }

    /// Sends `lines` as one datagram; returns whether it was sent.
    @discardableResult
    func notify(_ lines: String...) -> Bool {
        guard socketFD >= 0 else { return false }
        let text = lines.joined(separator: "\n")
        let sent = try? systemCall("sendto") {
            text.utf8CString.withUnsafeBufferPointer { buffer in
                withUnsafePointer(to: &address) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        sendto(socketFD, buffer.baseAddress, buffer.count - 1, Int32(MSG_NOSIGNAL), $0, addressLength)
                    }
                }
            }
        }
        return sent != nil
    }

    /// `MONOTONIC_USEC=…`, which systemd asks for with `RELOADING=1`.
    static func monotonicLine() -> String {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return "MONOTONIC_USEC=\(UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000)"
    }

    /// Pings `WATCHDOG=1` from `loop`'s own thread every ``watchdogInterval``,
    /// so a wedged loop stops the pings and systemd restarts the service.
    func startWatchdog(on loop: EventLoop) {
        guard isActive, let interval = watchdogInterval else { return }
        loop.execute { [self] in ping(every: interval, on: loop) }
    }

    private func ping(every interval: Duration, on loop: EventLoop) {
        notify("WATCHDOG=1")
        loop.schedule(after: interval) { [self] in ping(every: interval, on: loop) }
    }

    /// Half of `WATCHDOG_USEC`, if set and meant for this process (`WATCHDOG_PID` absent or ours).
    static func watchdogInterval(environment: (String) -> String?) -> Duration? {
        guard let text = environment("WATCHDOG_USEC"), let usec = UInt64(text), usec > 0 else { return nil }
        if let pid = environment("WATCHDOG_PID"), Int32(pid) != getpid() { return nil }
        return .microseconds(Int64(usec / 2))
    }
}
