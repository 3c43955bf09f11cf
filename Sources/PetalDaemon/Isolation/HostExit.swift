import CLinux
import Glibc

/// How a plugin host process ended, as waitid reported it, and how petald
/// says so: `crashed (SIGSEGV)`, `exited with status 3`.
enum HostExit: Equatable, Sendable, CustomStringConvertible {
    /// It called exit, with this status.
    case exited(Int32)
    /// A signal ended it; `dumped` when it left a core.
    case signaled(Int32, dumped: Bool)

    /// From waitid's `si_code` and `si_status`.
    init(code: Int32, status: Int32) {
        switch code {
        case Int32(CLD_EXITED): self = .exited(status)
        case Int32(CLD_DUMPED): self = .signaled(status, dumped: true)
        default: self = .signaled(status, dumped: false)
        }
    }

    /// The signal's name, `SIGSEGV`, or `signal 42` for one without a name.
    static func signalName(_ number: Int32) -> String {
        clinux_signal_abbreviation(number).map { "SIG" + String(cString: $0) } ?? "signal \(number)"
    }

    /// What happened, after "plugin NAME ": `crashed (SIGSEGV)`, `was killed (SIGKILL)`, `exited with status 3`.
    var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signaled(let signal, _) where [SIGKILL, SIGTERM, SIGINT, SIGHUP].contains(signal):
            "was killed (\(Self.signalName(signal)))"
        case .signaled(let signal, _): "crashed (\(Self.signalName(signal)))"
        }
    }
}
