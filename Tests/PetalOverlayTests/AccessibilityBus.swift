import Foundation
import TestSupport

/// An accessibility bus for one test, as a desktop session has one:
/// at-spi2-core's bus launcher on a private session bus of its own starts
/// the accessibility bus, and the bus starts the registry
/// (`at-spi2-registryd`) when the first client asks for it.
final class AccessibilityBus: @unchecked Sendable {
    /// The session bus the launcher serves `org.a11y.Bus` on.
    let session: PrivateBus
    let launcher: BackgroundProcess
    /// The accessibility bus's address, as `org.a11y.Bus.GetAddress` gives it.
    let address: String

    /// Starts the launcher with its files in `directory`; returns once it gives the bus's address.
    init(in directory: URL, within limit: Duration = .seconds(20)) async throws {
        session = try PrivateBus()
        // The launcher puts the bus's socket in $XDG_RUNTIME_DIR/at-spi: one folder per test, so
        // that tests in parallel do not share a bus. No DISPLAY: it would mark the X root window.
        let runtime = directory.appendingPathComponent("at-spi-runtime")
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            launcher = try BackgroundProcess(
                "/usr/libexec/at-spi-bus-launcher", arguments: ["--launch-immediately"],
                environment: BackgroundProcess.environment(adding: [
                    "DBUS_SESSION_BUS_ADDRESS": session.address, "XDG_RUNTIME_DIR": runtime.path,
                    "HOME": directory.path,
                ]),
                logFile: directory.appendingPathComponent("at-spi-bus-launcher.log"), diesWithTests: true)
        } catch {
            session.stop()
            throw error
        }
        let deadline = ContinuousClock.now + limit
        var last = ""
        while true {
            let call = try await ExternalCommand.running([
                "gdbus", "call", "--address", session.address, "--dest", "org.a11y.Bus", "--object-path",
                "/org/a11y/bus", "--method", "org.a11y.Bus.GetAddress",
            ])
            // gdbus prints ('unix:path=…,guid=…',)
            let parts = call.output.split(separator: "'")
            if call.status == 0, parts.count >= 2, parts[1].hasPrefix("unix:") {
                address = String(parts[1])
                return
            }
            last = call.summary
            guard ContinuousClock.now < deadline, launcher.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        launcher.stop()
        session.stop()
        throw TestSetupError("the accessibility bus did not start: \(last)\nlauncher's log:\n\(launcher.log)")
    }

    /// What a client of this bus needs in its environment: the session bus
    /// to ask for the accessibility bus, and the address itself, so that no
    /// accessibility bus of the machine's session is found instead.
    var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": session.address, "AT_SPI_BUS_ADDRESS": address]
    }

    /// Stops the launcher, which stops the bus it started, then the session bus.
    func stop() {
        _ = launcher.stop()
        session.stop()
    }
}
