import Glibc
import PetalCore

/// Timing lines on stderr for `make bench`, when `PETAL_OVERLAY_TRACE` is set:
/// `trace frame MICROSECONDS SPREAD` after each frame is painted and
/// `trace state MICROSECONDS STATE` when a `StateChanged` arrives, in
/// CLOCK_MONOTONIC microseconds, the clock a benchmark reads too.
struct FrameTrace {
    static func fromEnvironment() -> FrameTrace? {
        getenv("PETAL_OVERLAY_TRACE") == nil ? nil : FrameTrace()
    }

    func frame(at time: Double, spread: Double) {
        OverlayLog.standardError("trace frame \(Int64(time * 1e6)) \(spread)\n")
    }

    func state(_ state: MenuState, at time: Double) {
        OverlayLog.standardError("trace state \(Int64(time * 1e6)) \(state.rawValue)\n")
    }
}
