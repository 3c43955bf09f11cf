import Glibc
import Linux
import PetalCore

/// Timing lines on stderr for `make bench`, when `PETAL_OVERLAY_TRACE` is set:
/// `trace frame MICROSECONDS SPREAD PATH` after each frame is painted and
/// `trace state MICROSECONDS STATE PATH` when a `StateChanged` arrives, and
/// `trace key MICROSECONDS PATH` when a list window gets a key press, and
/// `trace highlight MICROSECONDS ITEM PATH` when a circle menu's highlight
/// changes (ITEM `-` for none), in
/// CLOCK_MONOTONIC microseconds, the clock a benchmark reads too. PATH is the
/// object path of the window's menu, since every open menu has a window.
struct FrameTrace {
    let path: String

    static func fromEnvironment(path: String) -> FrameTrace? {
        getenv("PETAL_OVERLAY_TRACE") == nil ? nil : FrameTrace(path: path)
    }

    func frame(at time: Double, spread: Double) {
        writeToStandardError("trace frame \(Int64(time * 1e6)) \(spread) \(path)\n")
    }

    func key(at time: Double) {
        writeToStandardError("trace key \(Int64(time * 1e6)) \(path)\n")
    }

    func highlight(_ item: String, at time: Double) {
        writeToStandardError("trace highlight \(Int64(time * 1e6)) \(item.isEmpty ? "-" : item) \(path)\n")
    }

    func state(_ state: MenuState, at time: Double) {
        writeToStandardError("trace state \(Int64(time * 1e6)) \(state.rawValue) \(path)\n")
    }
}
