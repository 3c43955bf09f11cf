import DBus
import PetalAPI
import PetalCommandLine

/// petalctl's exit statuses (petalctl(1)).
public enum ExitStatus: Int32, Sendable {
    /// It worked.
    case success = 0
    /// petald answered with an error.
    case daemonError = 1
    /// The command line was wrong.
    case usage = 2
    /// petald could not be reached.
    case unreachable = 3
    /// `choose`: no program draws menus (petald answered `NoFrontend`).
    case noFrontend = 4
    /// `choose --lines`/`dmenu`: a row chosen with `--kb-custom-1` … `--kb-custom-19` (as rofi exits).
    case customKey1 = 10
    case customKey2, customKey3, customKey4, customKey5, customKey6, customKey7, customKey8
    case customKey9, customKey10, customKey11, customKey12, customKey13, customKey14, customKey15, customKey16
    case customKey17, customKey18, customKey19
    /// `choose`: its `--timeout` passed with nothing chosen (as `timeout(1)` exits).
    case timedOut = 124

    /// `choose`: nothing was chosen (the menu closed, or `--lines` read no line).
    static let nothingChosen = ExitStatus.daemonError

    /// The status of a row chosen with `--kb-custom-N`: 10 + N − 1, as rofi's.
    static func customKey(_ number: Int) -> ExitStatus {
        ExitStatus(rawValue: Int32(9 + min(max(number, 1), 19))) ?? .customKey1
    }
}

/// A failure petalctl reports: what to print and how to exit.
struct ControlFailure: Error {
    let status: ExitStatus
    let message: String
    /// petald's own error, printed as it came (`name: message`); anything
    /// else is petalctl's and printed after `petalctl: `.
    var isDaemonAnswer = false

    /// D-Bus errors that mean no petald answered, as opposed to petald refusing.
    static let unreachableErrors: Set<String> = [
        DBusError.Name.serviceUnknown, DBusError.Name.nameHasNoOwner, DBusError.Name.disconnected,
    ]

    /// D-Bus errors that mean petald is there but did not answer in time (also status 3).
    static let silentErrors: Set<String> = [
        DBusError.Name.noReply, DBusError.Name.timeout, "org.freedesktop.DBus.Error.TimedOut",
    ]

    /// Classifies an error from a call: petald's own answers are status 1,
    /// a missing or silent daemon status 3 with a hint how to start it.
    static func from(_ error: any Error, bus: BusAddress) -> ControlFailure {
        if let error = error as? ControlFailure { return error }
        if let error = error as? UsageError { return ControlFailure(status: .usage, message: error.description) }
        if let error = error as? OutputError { return ControlFailure(status: .daemonError, message: error.message) }
        if let error = error as? DBusError {
            if silentErrors.contains(error.name) {
                return ControlFailure(
                    status: .unreachable,
                    message: """
                        petald did not answer (\(error.name): \(error.message)).
                        It may be busy or stuck; see: journalctl --user -u petald
                        """)
            }
            if unreachableErrors.contains(error.name) || error.name.hasPrefix("org.freedesktop.DBus.Error.Spawn.") {
                return unreachable("\(error.name): \(error.message)", bus: bus)
            }
            if error.name == PetalBus.ErrorName.noFrontend.errorName {
                return ControlFailure(
                    status: .noFrontend, message: "\(error.name): \(error.message)", isDaemonAnswer: true)
            }
            return ControlFailure(
                status: .daemonError, message: "\(error.name): \(error.message)", isDaemonAnswer: true)
        }
        if let error = error as? DBusConnectionError {
            return unreachable(error.message, bus: bus)
        }
        return ControlFailure(status: .daemonError, message: "\(error)")
    }

    static func unreachable(_ reason: String, bus: BusAddress) -> ControlFailure {
        ControlFailure(
            status: .unreachable,
            message: """
                petald is not reachable on \(bus) (\(reason)).
                Start it with: systemctl --user start petald
                (or from a Petal checkout: make run)
                """)
    }
}
