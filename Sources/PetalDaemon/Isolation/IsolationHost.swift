import DBus
import Glibc
import Linux
import PetalPluginRuntime

/// One `petal-plugin-host` process of an isolated plugin, what petald knows
/// of it, and the calls petald makes on its connection: each invocation an
/// `Invoke` of the provider interface, and a `Ping` when one ended without
/// its result. On the loop thread.
///
/// Unchecked Sendable: confined to the event loop thread.
final class IsolationHost: @unchecked Sendable {
    let process: HostProcess
    let token: String
    var services: HostServices?
    var ready = false
    /// The invocations it runs, by its own number for them.
    var running: [UInt64: @Sendable (ActionOutcome) -> Void] = [:]
    private var pinging = false
    private var nextInvocation: UInt64 = 1
    /// Why petald killed it, when it did.
    var killedBecause: String?
    /// Why it could not load the plugin, when it said so.
    var refusal: (status: PluginRecord.Status, reason: String)?
    var startTimer: EventLoop.TimerID?
    /// When it was started, to say how long it took to be ready.
    let started: Duration

    init(process: HostProcess, token: String, started: Duration) {
        self.process = process
        self.token = token
        self.started = started
    }

    /// Kills it, saying why in the log line of its end. A unit's process that
    /// never connected has no pidfd to report its end: it is reported now.
    func kill(because reason: String) {
        killedBecause = reason
        process.kill()
        if process.pid == nil { process.finish(.signaled(SIGKILL, dumped: false)) }
    }

    /// Runs `action` of plugin `name`, its call ending after `callTimeout`;
    /// returns what cancels it, which then runs `cancelled`.
    func invoke(
        _ action: String, _ params: ActionParams, plugin name: String, callTimeout: Duration,
        finish: @escaping @Sendable (ActionOutcome) -> Void, cancelled: @escaping () -> Void
    ) -> () -> Void {
        guard let connection = services?.connection, connection.isOpen else {
            finish(.failure(.failed("plugin \(name): its host has just closed its connection")))
            return {}
        }
        let number = nextInvocation
        nextInvocation += 1
        running[number] = finish
        let endpoint = ProviderEndpoint(name: name, busName: "", path: HostProtocol.pluginPath, noun: "plugin")
        let provider = ProviderAction(
            id: action, title: "", icon: "", endpoint: endpoint, connection: connection,
            callTimeout: callTimeout)
        let cancel = provider.start(params) { [weak self] outcome in
            guard let self, let finish = running.removeValue(forKey: number) else { return }
            // A host that is gone answers every call with an error: how it ended is the answer.
            if case .failure = outcome, !connection.isOpen {
                running[number] = finish
                return
            }
            finish(outcome)
        }
        return { [weak self] in
            cancel()
            guard let self else { return }
            running.removeValue(forKey: number)
            cancelled()
        }
    }

    /// Asks the host's worker whether it is still there; kills the host when
    /// no answer comes within `timeout` and it is still the plugin's.
    func ping(plugin name: String, timeout: Duration, log: Logger, stillCurrent: @escaping (IsolationHost) -> Bool) {
        guard !pinging, let connection = services?.connection, connection.isOpen else { return }
        pinging = true
        connection.callOnLoop(HostProtocol.Plugin.ping, on: nil, at: HostProtocol.pluginPath, timeout: timeout) {
            [weak self] result in
            guard let self else { return }
            pinging = false
            guard case .failure(let error) = result, error.name == DBusError.Name.noReply, stillCurrent(self),
                connection.isOpen
            else { return }
            killedBecause = "stopped answering (no answer to a ping within \(timeout.secondsText)), and was killed"
            log.warning(
                "plugin \(name): its host, pid \(process.pid ?? 0), has not answered a ping within \(timeout.secondsText); killing it"
            )
            process.kill()
        }
    }
}
