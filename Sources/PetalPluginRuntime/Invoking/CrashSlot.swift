import CLinux
import Glibc
import Linux

/// A plugin's place in crash attribution. The thread that calls into a
/// plugin's code is marked with its slot (``inControl(_:)``: a thread-local
/// variable, no system call), and the slot holds the record that the crash
/// handler (`CLinux/crash.c`) writes when a fatal signal comes inside that
/// code. petald's `Quarantine` gives slots out and reads what the handler
/// wrote at the next start; a plugin host has none (-1), since a crash there
/// ends only the host, which petald sees.
package struct CrashSlot: Sendable {
    /// The slot's number in the crash handler's table; -1 for none (the table is full).
    package let raw: Int32

    package init(raw: Int32) {
        self.raw = raw
    }

    /// Takes a slot in the crash handler's table whose record is `record`,
    /// one line naming the plugin; a slot of -1 when the table is full.
    package static func register(record: String) -> CrashSlot {
        CrashSlot(raw: record.withCString { clinux_plugin_register($0, strlen($0)) })
    }

    /// Replaces the slot's record, once the plugin's table has named it.
    package func relabel(record: String) {
        guard raw >= 0 else { return }
        record.withCString { clinux_plugin_relabel(raw, $0, strlen($0)) }
    }

    /// Records the executable segments of the library `handle` as this slot's
    /// code, so that a crash on a thread the plugin started itself is blamed on it.
    package func addCode(of handle: UnsafeMutableRawPointer, log: Logger) {
        guard raw >= 0, clinux_plugin_add_code(raw, handle) > 0 else {
            return log.debug(
                "no code ranges recorded for crash slot \(raw); a crash on a thread of its own will not be blamed on it"
            )
        }
    }

    /// Runs `body` with the calling thread marked as running this plugin's
    /// code, as around every call into the plugin; the mark it had is
    /// restored after, so calls nest.
    package func inControl<T>(_ body: () throws -> T) rethrows -> T {
        let previous = clinux_plugin_enter(raw)
        defer { clinux_plugin_leave(previous) }
        return try body()
    }
}
