import DBus
import Dispatch
import Glibc
import Linux
import PetalCore
import PetalJSON
import PetalPluginRuntime
import Synchronization

/// petald's side of one isolated plugin (SPEC §3, "Isolated plugins"): its
/// `petal-plugin-host` process, started at petald's start to learn its
/// actions and again on the next invocation after it died, with backoff;
/// its invocations, each an `Invoke` on the host's connection; and what
/// happens when the host dies (every invocation it ran answers
/// `ActionFailed` saying how, and 3 deaths within 10 minutes quarantine the
/// plugin) or stops answering (a ping unanswered for the action timeout
/// kills it).
///
/// Everything but ``startAndWait()`` and ``finish(log:)`` runs on the event loop thread.
final class IsolatedPlugin: @unchecked Sendable {
    /// Where a plugin stands, as `Plugins` reports it.
    enum Phase: Equatable {
        /// No host runs; the next invocation starts one.
        case idle
        case starting
        case running
        /// Its host crashed too often; the reason says so.
        case quarantined(String)
        /// It will not run in this petald (refused by its host or by petald); the status says how.
        case retired(PluginRecord.Status, String)
        /// petald is stopping.
        case stopping
    }

    /// How long a host may take from exec to `Ready` before it is killed.
    static let startLimit: Duration = .seconds(10)

    let path: String
    let builtIn: Bool
    private(set) var identity: PluginIdentity
    private(set) var name: String
    private(set) var version = ""
    private(set) var declaredActions: [(id: String, title: String, icon: String)] = []
    /// What the host's `petal_host` calls are carried out with, for every host of the plugin.
    let context: PluginContext?
    /// The action timeout: how long a ping may go unanswered.
    var actionTimeout: Duration = .seconds(20)
    /// Runs when ``record`` changes (a host started or died); set by the service.
    var onChange: (() -> Void)?
    private(set) var phase: Phase = .idle

    private let settings: String
    private let server: HostServer
    private let loop: EventLoop
    private let log: Logger
    private let quarantine: Quarantine
    private let executable: String
    /// Under systemd, hosts are started as transient units through it.
    private let launcher: SystemdLauncher
    /// petald's thread for this plugin's slow work: launching programs, writing the quarantine, checking its file.
    private let worker: WorkerThread
    private var window = CrashWindow()
    private let clock = MonotonicClock()
    private var host: Host?
    private var waiters: [(Result<Host, ActionError>) -> Void] = []
    private var nextInvocation: UInt64 = 1
    /// How its last host ended, for `Plugins`.
    private var lastEnd: String?

    init(
        file: PluginFile, name: String, builtIn: Bool, settings: JSONObject, server: HostServer, loop: EventLoop,
        quarantine: Quarantine, executable: String, launcher: SystemdLauncher, log: Logger, context: PluginContext
    ) throws(SystemCallError) {
        path = file.path
        identity = file.identity
        self.name = name
        self.builtIn = builtIn
        self.settings = JSONValue.object(settings).jsonText
        self.server = server
        self.loop = loop
        self.quarantine = quarantine
        self.executable = executable
        self.launcher = launcher
        self.log = log
        self.context = context
        worker = try WorkerThread(name: "petal-\(name)")
    }

    /// One host process and what petald knows of it.
    final class Host: @unchecked Sendable {
        let process: HostProcess
        let token: String
        var services: HostServices?
        var ready = false
        /// The invocations it runs, by petald's own number for them.
        var running: [UInt64: @Sendable (ActionOutcome) -> Void] = [:]
        var pinging = false
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
    }

    // MARK: Plugins

    /// The plugin's row in `Plugins`.
    var record: PluginRecord {
        var record = PluginRecord(name: name, version: version, path: path, status: .loaded, reason: "")
        switch phase {
        case .running, .starting:
            record.reason = host.flatMap { host in
                host.process.pid.map { "isolated, pid \($0)" + (host.ready ? "" : " (starting)") }
            } ?? "isolated, starting"
        case .idle:
            record.reason = "isolated, not running" + (lastEnd.map { " (its host \($0))" } ?? "") + "; it starts at the next invocation"
        case .quarantined(let reason):
            record.status = .quarantined
            record.reason = reason
        case .retired(let status, let reason):
            record.status = status
            record.reason = reason
        case .stopping:
            record.reason = "isolated, stopping"
        }
        return record
    }

    // MARK: Start-up

    /// Starts the host and waits until it is ready or has failed; from petald's
    /// start-up, off the loop. Returns nil when ready, or the refusal.
    func startAndWait() -> (status: PluginRecord.Status, reason: String)? {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<ActionError?>(nil)
        _ = loop.execute { [self] in
            ensureHost { result in
                if case .failure(let error) = result { outcome.withLock { $0 = error } }
                done.signal()
            }
        }
        done.wait()
        do {
            return try loop.performAndWait { [self] () -> (PluginRecord.Status, String)? in
                if case .retired(let status, let reason) = phase { return (status, reason) }
                return outcome.withLock { $0 }.map { (.failed, $0.message) }
            }
        } catch {
            return (.failed, "petald stopped while its host started")
        }
    }

    /// Takes the plugin out of service for this run of petald: the loader refused it.
    func retire(_ status: PluginRecord.Status, _ reason: String) {
        _ = loop.execute { [self] in
            phase = .retired(status, reason)
            if let host { host.services?.close() }
        }
    }

    // MARK: Hosts

    private func ensureHost(_ then: @escaping (Result<Host, ActionError>) -> Void) {
        switch phase {
        case .running:
            if let host, host.ready { return then(.success(host)) }
            waiters.append(then)
        case .starting:
            waiters.append(then)
        case .idle:
            waiters.append(then)
            phase = .starting
            let delay = window.restartDelay(at: clock.now)
            if delay > .zero {
                _ = loop.schedule(after: delay) { [self] in spawn() }
            } else {
                spawn()
            }
        case .quarantined(let reason):
            liftIfChanged { [self] lifted in
                lifted ? ensureHost(then) : then(.failure(.failed("plugin \(name) is quarantined: \(reason)")))
            }
        case .retired(_, let reason):
            then(.failure(.failed("plugin \(name) is not available: \(reason)")))
        case .stopping:
            then(.failure(.failed("plugin \(name) is stopping with petald")))
        }
    }

    private func spawn() {
        guard phase == .starting, host == nil else { return }
        let token = server.expect(self)
        if launcher.underSystemd {
            spawnUnit(token)
        } else {
            spawnChild(token)
        }
    }

    /// What every host's environment holds; a child's also names petald, its parent.
    private func environment(_ token: String) -> [String: String] {
        [HostProtocol.addressVariable: server.address, HostProtocol.tokenVariable: token,
         // A crash in the plugin ends the host at once: petald says how, and Swift's backtrace would take seconds.
         "SWIFT_BACKTRACE": "enable=no"]
    }

    /// Starts the host as petald's child, inside petald's sandbox.
    private func spawnChild(_ token: String) {
        var environment = environment(token)
        environment[HostProtocol.parentVariable] = String(getpid())
        let process: HostProcess
        let started = clock.now
        do {
            // Held by the watch until the host is reaped: a plugin the loader refused lives until its host has gone.
            process = try HostProcess(executable: executable, environment: environment, loop: loop) { [self] in
                hostEnded($0, $1)
            }
        } catch {
            server.forget(token)
            phase = .idle
            lastEnd = "could not be started: \(error.description)"
            log.error("plugin \(name): cannot start its host: \(error.description)")
            return failWaiters(.failed("plugin \(name) cannot run: \(error.description)"))
        }
        adopt(Host(process: process, token: token, started: started))
    }

    /// Starts the host in a transient unit of the user's systemd, outside petald's sandbox;
    /// as petald's child when systemd refuses the unit, as for launched programs.
    private func spawnUnit(_ token: String) {
        var environment = environment(token)
        let unitName = TransientUnit.hostName(plugin: name)
        environment[HostProtocol.unitVariable] = unitName
        // The manager supplies the session's environment; the unit adds the host's own variables.
        let unit = TransientUnit.host(
            plugin: name, executable: executable,
            environment: environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
            boundTo: SystemdLauncher.ownUnit, named: unitName)
        let process = HostProcess(unit: unit.name, systemd: launcher, loop: loop) { [self] in hostEnded($0, $1) }
        let host = Host(process: process, token: token, started: clock.now)
        adopt(host)
        launcher.startHost(unit) { [self] outcome in
            guard host === self.host else { return }
            switch outcome {
            case .started:
                break
            case .refused(let error):
                log.warning("systemd did not start \(unit.name) (\(error.name): \(error.message)); starting the host of plugin \(name) as petald's child, inside petald's sandbox")
                if let timer = host.startTimer { loop.cancel(timer) }
                self.host = nil
                spawnChild(token)
            case .failed(let reason), .unanswered(let reason):
                host.killedBecause = "could not be started: \(reason)"
                host.process.kill()
                host.process.finish(.signaled(SIGKILL, dumped: false))
            }
        }
    }

    /// Makes `host` the plugin's, and kills it if it is not ready in time.
    private func adopt(_ host: Host) {
        self.host = host
        host.startTimer = loop.schedule(after: Self.startLimit) { [weak host] in
            guard let host, !host.ready else { return }
            host.killedBecause = "did not start within \(Self.startLimit.secondsText), and was killed"
            host.process.kill()
            // A unit's process that never connected has no pidfd to report its end.
            if host.process.pid == nil { host.process.finish(.signaled(SIGKILL, dumped: false)) }
        }
        onChange?()
    }

    /// `Begin`: the host of `token` connected. Returns what it is to load.
    func hostBegan(_ services: HostServices) -> [DBusValue] {
        if let host {
            host.services = services
            if host.process.unit != nil, let pid = services.connection.peerProcessID { host.process.adopt(pid) }
            // A host that drops its connection without dying is made to.
            services.connection.onDisconnect { [weak self, weak host] in
                _ = self?.loop.schedule(after: .seconds(2)) { [weak self, weak host] in
                    guard let self, let host, host === self.host, !host.process.isEnding else { return }
                    host.killedBecause = "closed its connection to petald, and was killed"
                    host.process.kill()
                    if host.process.pid == nil { host.process.finish(.signaled(SIGKILL, dumped: false)) }
                }
            }
        }
        return [.string(path), .string(settings), .int64(identity.size), .int64(identity.modified)]
    }

    /// `Ready`: the host loaded the plugin and its init succeeded.
    func hostReady(
        _ services: HostServices, name: String, version: String, actions: [(id: String, title: String, icon: String)]
    ) throws(DBusError) {
        guard let host, host.services === services else { throw DBusError.failed("this host is no longer the plugin's") }
        guard phase != .stopping else { throw DBusError.failed("petald is stopping") }
        if declaredActions.isEmpty {
            // The context stays the one the host began with: what init subscribed to is in it.
            (self.name, self.version, declaredActions) = (name, version, actions)
        } else if name != self.name || actions.map(\.id) != declaredActions.map(\.id) {
            let reason = "its file now gives another name or other actions than when petald started; restart petald to load it"
            host.refusal = (.failed, reason)
            throw DBusError.failed(reason)
        }
        host.ready = true
        if let timer = host.startTimer { loop.cancel(timer) }
        let tenths = Int(((clock.now - host.started).configuredSeconds * 10_000).rounded())
        log.info("plugin \(name): its host, pid \(host.process.pid ?? 0)\(host.process.unit.map { " in \($0)" } ?? ""), is ready, \(tenths / 10).\(tenths % 10) ms after it was started")
        phase = .running
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter(.success(host)) }
        onChange?()
    }

    /// `Refused`: the host could not load the plugin, and exits.
    func hostRefused(_ services: HostServices, status: PluginRecord.Status, reason: String) {
        guard let host, host.services === services else { return }
        host.refusal = (status, reason)
    }

    private func hostEnded(_ process: HostProcess, _ exit: HostExit) {
        guard let host, host.process === process else { return }
        self.host = nil
        if let timer = host.startTimer { loop.cancel(timer) }
        server.forget(host.token)
        host.services?.close()
        let running = host.running
        host.running = [:]
        if phase == .stopping {
            return fail(running, waiting: true, with: .failed("plugin \(name) stopped with petald"))
        }
        if case .retired = phase { return fail(running, waiting: true, with: .failed("plugin \(name) is not available")) }
        if let refusal = host.refusal {
            phase = .retired(refusal.status, refusal.reason)
            log.warning("plugin \(name) (\(path)) is not loaded: \(refusal.reason)")
            fail(running, waiting: true, with: .failed("plugin \(name) is not available: \(refusal.reason)"))
            return onChange?() ?? ()
        }
        let cause = host.killedBecause ?? exit.description
        let what = "plugin \(name) \(cause)" + (host.ready ? "" : " while starting")
        lastEnd = cause
        log.error("\(what); its host was pid \(process.pid ?? 0)\(process.unit.map { " in \($0)" } ?? ""), for \(path)"
                  + (running.isEmpty ? "" : "; \(running.count) invocation\(running.count == 1 ? "" : "s") it ran answered ActionFailed"))
        if window.record(at: clock.now) {
            let reason = "its host ended \(window.limit) times within \(window.window.components.seconds / 60) minutes, the last time: \(cause); it stays off until the file changes or the quarantine is cleared (petalctl plugins --clear-quarantine)"
            phase = .quarantined(reason)
            let entry = Quarantine.Entry(identity: identity, reason: reason, name: name, version: version)
            let quarantine = quarantine
            worker.submit { quarantine.add(entry) }
        } else {
            phase = .idle
        }
        fail(running, waiting: true, with: .failed(what))
        onChange?()
    }

    private func fail(_ running: [UInt64: @Sendable (ActionOutcome) -> Void], waiting: Bool, with error: ActionError) {
        for finish in running.values { finish(.failure(error)) }
        if waiting { failWaiters(error) }
    }

    private func failWaiters(_ error: ActionError) {
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter(.failure(error)) }
    }

    /// Checks, off the loop, whether the quarantined file has been replaced;
    /// if it has and passes the loader's checks, the quarantine is lifted.
    private func liftIfChanged(_ then: @escaping (Bool) -> Void) {
        let path = path, known = identity, quarantine = quarantine, name = name
        let answer = UncheckedBox(then)
        let submitted = worker.submit { [self] in
            let file = try? PluginFile(path: path, user: getuid())
            let current = file.flatMap { $0.note == nil || $0.note?.name == name ? $0.identity : nil }
            let changed = current.map { $0 != known } ?? false
            if changed { quarantine.remove(path: path) }
            _ = loop.execute { [self] in
                let then = answer.value
                if changed, let current, case .quarantined = phase {
                    identity = current
                    window = CrashWindow()
                    lastEnd = nil
                    phase = .idle
                    log.notice("plugin \(name): \(path) has changed since it was quarantined; the quarantine is lifted")
                    onChange?()
                }
                then(changed)
            }
        }
        if !submitted { answer.value(false) }
    }

    // MARK: Invocations

    /// Runs `action` in the host, starting the host first if none runs.
    func start(
        _ action: String, params: ActionParams, finish: @escaping @Sendable (ActionOutcome) -> Void
    ) -> ActionCancellation {
        let invocation = PendingInvocation()
        ensureHost { [self] result in
            guard !invocation.cancelled else { return }
            switch result {
            case .failure(let error): finish(.failure(error))
            case .success(let host): invocation.cancel = invoke(action, params, on: host, finish: finish)
            }
        }
        return ActionCancellation {
            invocation.cancelled = true
            invocation.cancel?()
        }
    }

    /// What a cancellation finds: whether it came, and how to stop the invocation once started.
    private final class PendingInvocation: @unchecked Sendable {
        var cancelled = false
        var cancel: (() -> Void)?
    }

    private func invoke(
        _ action: String, _ params: ActionParams, on host: Host, finish: @escaping @Sendable (ActionOutcome) -> Void
    ) -> () -> Void {
        guard let connection = host.services?.connection, connection.isOpen else {
            finish(.failure(.failed("plugin \(name): its host has just closed its connection")))
            return {}
        }
        let number = nextInvocation
        nextInvocation += 1
        host.running[number] = finish
        let endpoint = ProviderEndpoint(name: name, busName: "", path: HostProtocol.pluginPath, noun: "plugin")
        let provider = ProviderAction(id: action, title: "", icon: "", endpoint: endpoint, connection: connection,
                                      callTimeout: actionTimeout + .seconds(5))
        let cancel = provider.start(params) { [weak host] outcome in
            guard let host, let finish = host.running.removeValue(forKey: number) else { return }
            // A host that is gone answers every call with an error: how it ended is the answer.
            if case .failure = outcome, !connection.isOpen {
                host.running[number] = finish
                return
            }
            finish(outcome)
        }
        return { [weak self, weak host] in
            cancel()
            guard let self, let host else { return }
            host.running.removeValue(forKey: number)
            ping(host)
        }
    }

    /// Asks the host's worker whether it is still there; kills the host when no answer comes within the action timeout.
    private func ping(_ host: Host) {
        guard !host.pinging, let connection = host.services?.connection, connection.isOpen else { return }
        host.pinging = true
        let message = Message.methodCall(destination: nil, path: HostProtocol.pluginPath,
                                         interface: HostProtocol.pluginInterface, member: HostProtocol.Plugin.ping)
        let limit = actionTimeout
        connection.sendWithReply(message, timeout: limit) { [weak self, weak host] result in
            guard let self, let host else { return }
            host.pinging = false
            guard case .failure(let error) = result, error.name == DBusError.Name.noReply, host === self.host,
                  connection.isOpen else { return }
            host.killedBecause = "stopped answering (no answer to a ping within \(limit.secondsText)), and was killed"
            log.warning("plugin \(name): its host, pid \(host.process.pid ?? 0), has not answered a ping within \(limit.secondsText); killing it")
            host.process.kill()
        }
    }

    /// Runs `work` on petald's thread for this plugin, off the loop (launching a program waits for systemd).
    func offLoop(_ work: @escaping @Sendable () -> Void) {
        worker.submit(work)
    }

    // MARK: Stopping

    /// petald is stopping: the host's connection is closed, so that it cancels
    /// what still runs, calls the plugin's deinit and exits. On the loop.
    func stop() {
        phase = .stopping
        failWaiters(.failed("plugin \(name) is stopping with petald"))
        guard let host else { return }
        if let services = host.services {
            services.close()
        } else {
            // It has not connected: there is no deinit to wait for.
            host.process.kill()
        }
    }

    /// Waits (until `deadline`, on the monotonic clock) for the host to exit, then kills it;
    /// after the loop has ended. Every host shares petald's one deadline.
    func finish(until deadline: Duration) {
        defer { worker.stop() }
        let grace = max(.zero, deadline - clock.now)
        guard let host, !host.process.waitForExit(within: grace) else { return }
        log.warning("plugin \(name): its host, pid \(host.process.pid ?? 0), had not exited \(grace.secondsText) after petald's stop; it was killed, and its deinit may not have run")
    }
}

/// An action of an isolated plugin.
struct IsolatedAction: Action {
    let plugin: IsolatedPlugin
    let id: String
    let title: String
    let icon: String

    func start(_ params: ActionParams, finish: @escaping @Sendable (ActionOutcome) -> Void) -> ActionCancellation {
        plugin.start(id, params: params, finish: finish)
    }
}
