import CLinux
import DBus
import Glibc
import Linux

/// Delivers SIGHUP, SIGTERM and SIGINT to the event loop through a signalfd,
/// so their handlers run as ordinary loop callbacks rather than in signal context.
enum SignalWatcher {
    /// The signals the daemon handles.
    static let handled = [SIGHUP, SIGTERM, SIGINT]

    /// Blocks the handled signals in the calling thread and every thread it
    /// starts afterwards; call first thing in `main`, before any thread exists.
    static func blockHandledSignals() {
        var mask = signalMask()
        pthread_sigmask(SIG_BLOCK, &mask, nil)
    }

    /// Watches for the handled signals on `loop`; call on the loop thread.
    static func watch(on loop: EventLoop, _ handler: @escaping (Int32) -> Void) throws(SystemCallError) {
        var mask = signalMask()
        let fd = try systemCall("signalfd") { clinux_signalfd(&mask) }
        loop.addSource(fd: fd, events: .readable) { _ in
            while case let signal = clinux_read_signal(fd), signal != 0 {
                handler(signal)
            }
        }
    }

    private static func signalMask() -> sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in handled { sigaddset(&mask, signal) }
        return mask
    }
}
