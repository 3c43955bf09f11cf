import CGtk
import Glibc

/// SIGTERM and SIGINT end the main loop cleanly, through GLib's own
/// signal source, so no handler code runs inside the signal.
enum SignalHandlers {
    @MainActor
    static func quitOnTermination() {
        for signal in [SIGTERM, SIGINT] {
            _ = g_unix_signal_add(
                signal,
                { _ in
                    MainActor.assumeIsolated { OverlayMain.quit(status: 0) }
                    return PETAL_FALSE
                }, nil)
        }
    }
}
