import DBus
import Glibc
import Linux
import PetalCore
import PetalPluginRuntime

/// Starts an isolated plugin's hosts: in a transient unit of the user's
/// systemd when petald runs under it (`SystemdLauncher+Hosts.swift`),
/// outside petald's sandbox; otherwise, or when systemd refuses the unit, as
/// petald's child inside it, as for launched programs. A host's environment
/// gives it the server's address and the one-time token it presents in
/// `Begin`. On the loop thread.
struct HostSpawner {
    /// `petal-plugin-host`'s path (``HostExecutable``).
    let executable: String
    /// Where hosts connect (``HostServer``).
    let address: String
    let systemd: SystemdLauncher
    let loop: EventLoop
    let clock: any MenuClock
    let log: Logger

    /// What a start tells the plugin it is for.
    struct Owner {
        /// Makes `host` the plugin's; again for the child that replaces a unit systemd refused.
        let adopt: (IsolationHost) -> Void
        /// Whether `host` is still the plugin's.
        let owns: (IsolationHost) -> Bool
        /// Takes back a unit systemd refused, before the child that replaces it is adopted.
        let release: (IsolationHost) -> Void
        /// No host could be started.
        let failed: (ProgramLauncher.Failure) -> Void
        /// A host has ended; on the loop, once for each.
        let ended: (HostProcess, HostExit) -> Void
    }

    /// Starts a host for plugin `name`, which is to present `token`.
    func start(plugin name: String, token: String, for owner: Owner) {
        if systemd.underSystemd {
            startUnit(plugin: name, token: token, for: owner)
        } else {
            startChild(token: token, for: owner)
        }
    }

    /// What every host's environment holds; a child's also names petald, its parent.
    private func environment(_ token: String) -> [String: String] {
        [
            HostProtocol.addressVariable: address, HostProtocol.tokenVariable: token,
            // A crash in the plugin ends the host at once: petald says how, and Swift's backtrace would take seconds.
            "SWIFT_BACKTRACE": "enable=no",
        ]
    }

    /// Starts the host as petald's child, inside petald's sandbox.
    private func startChild(token: String, for owner: Owner) {
        var environment = environment(token)
        environment[HostProtocol.parentVariable] = String(getpid())
        let process: HostProcess
        let started = clock.now
        do {
            // Held by the watch until the host is reaped: a plugin the loader refused lives until its host has gone.
            process = try HostProcess(executable: executable, environment: environment, loop: loop, ended: owner.ended)
        } catch {
            return owner.failed(error)
        }
        owner.adopt(IsolationHost(process: process, token: token, started: started))
    }

    /// Starts the host in a transient unit of the user's systemd, outside petald's sandbox;
    /// as petald's child when systemd refuses the unit, as for launched programs.
    private func startUnit(plugin name: String, token: String, for owner: Owner) {
        var environment = environment(token)
        let unitName = TransientUnit.hostName(plugin: name)
        environment[HostProtocol.unitVariable] = unitName
        // The manager supplies the session's environment; the unit adds the host's own variables.
        let unit = TransientUnit.host(
            plugin: name, executable: executable,
            environment: environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
            boundTo: SystemdLauncher.ownUnit, named: unitName)
        let process = HostProcess(unit: unit.name, systemd: systemd, loop: loop, ended: owner.ended)
        let host = IsolationHost(process: process, token: token, started: clock.now)
        owner.adopt(host)
        systemd.startHost(unit) { [self] outcome in
            guard owner.owns(host) else { return }
            switch outcome {
            case .started:
                break
            case .refused(let error):
                log.warning(
                    "systemd did not start \(unit.name) (\(error.name): \(error.message)); starting the host of plugin \(name) as petald's child, inside petald's sandbox"
                )
                owner.release(host)
                startChild(token: token, for: owner)
            case .failed(let reason), .unanswered(let reason):
                host.killedBecause = "could not be started: \(reason)"
                host.process.kill()
                host.process.finish(.signaled(SIGKILL, dumped: false))
            }
        }
    }
}
