import DBus
import Dispatch
import Glibc
import Linux
import PetalAPI
import PetalCore
import PetalJSON
import PetalPluginRuntime
import Synchronization

/// petald's side of one isolated plugin (docs/plugins.md, "In petald,
/// isolated, or a provider?"): where it stands, its current host, and the
/// invocations waiting for one. A host is started at petald's start, to learn
/// the plugin's actions, and again on the next invocation after it died
/// (``HostSpawner``, with the delay ``HostDeaths`` gives); each invocation is
/// an `Invoke` on its connection (``IsolationHost``). When a host dies, every
/// invocation it ran answers `ActionFailed` saying how, and 3 deaths within
/// 10 minutes quarantine the plugin (``HostDeaths``); a host that stops
/// answering a ping for the action timeout is killed.
///
/// Everything but ``startAndWait()`` and ``finish(until:)`` runs on the event loop thread.
///
/// Unchecked Sendable: confined to the event loop, but for startAndWait and finish, which hop to it.
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
    /// What the host's `petal_host` calls are carried out with, for every host of the plugin.
    let context: PluginContext?
    /// The action timeout: how long a ping may go unanswered; set by the service, from the configuration.
    var actionTimeout: Duration = .seconds(20)
    /// Runs when ``record`` changes (a host started or died); set by the service.
    var onChange: (() -> Void)?

    let settings: String
    let server: HostServer
    private let spawner: HostSpawner
    let loop: EventLoop
    let clock: any MenuClock
    let log: Logger
    /// petald's thread for this plugin's slow work: launching programs, writing the quarantine, checking its file.
    private let worker: WorkerThread
    let deaths: HostDeaths

    // The loop thread's state, changed here, in IsolatedPlugin+HostEvents.swift and in IsolatedAction.swift.
    private(set) var identity: PluginIdentity
    var name: String
    var version = ""
    var declaredActions: [ProviderActionRow] = []
    var phase: Phase = .idle
    var host: IsolationHost?
    var waiters: [(Result<IsolationHost, ActionError>) -> Void] = []
    /// How its last host ended, for `Plugins`.
    var lastEnd: String?

    /// The plugin in `file`, whose hosts `spawner` starts and `server` admits;
    /// `loop` is petald's event loop and `clock` its monotonic clock.
    init(
        file: PluginFile, name: String, builtIn: Bool, settings: JSONObject, server: HostServer, spawner: HostSpawner,
        loop: EventLoop, clock: any MenuClock, quarantine: Quarantine, log: Logger, context: PluginContext
    ) throws(SystemCallError) {
        path = file.path
        identity = file.identity
        self.name = name
        self.builtIn = builtIn
        self.settings = JSONValue.object(settings).jsonText
        self.server = server
        self.spawner = spawner
        self.loop = loop
        self.clock = clock
        self.log = log
        self.context = context
        worker = try WorkerThread(name: "petal-\(name)")
        deaths = HostDeaths(quarantine: quarantine, worker: worker, loop: loop, clock: clock)
    }

    // MARK: Plugins

    /// The plugin's row in `Plugins`.
    var record: PluginRecord {
        var record = PluginRecord(name: name, version: version, path: path, status: .loaded, reason: "")
        switch phase {
        case .running, .starting:
            record.reason =
                host.flatMap { host in
                    host.process.pid.map { "isolated, pid \($0)" + (host.ready ? "" : " (starting)") }
                } ?? "isolated, starting"
        case .idle:
            record.reason =
                "isolated, not running" + (lastEnd.map { " (its host \($0))" } ?? "")
                + "; it starts at the next invocation"
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
        let outcome = Handoff<ActionError?>()
        let started = loop.execute { [self] in
            ensureHost { result in
                if case .failure(let error) = result { outcome.put(error) } else { outcome.put(nil) }
            }
        }
        guard started else { return (.failed, "petald stopped while its host started") }
        let failure = outcome.take()
        do {
            return try loop.performAndWait { [self] () -> (PluginRecord.Status, String)? in
                if case .retired(let status, let reason) = phase { return (status, reason) }
                return failure.map { (.failed, $0.message) }
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

    func ensureHost(_ then: @escaping (Result<IsolationHost, ActionError>) -> Void) {
        switch phase {
        case .running:
            if let host, host.ready { return then(.success(host)) }
            waiters.append(then)
        case .starting:
            waiters.append(then)
        case .idle:
            waiters.append(then)
            phase = .starting
            let delay = deaths.restartDelay
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
        spawner.start(
            plugin: name, token: token,
            for: HostSpawner.Owner(
                adopt: { [self] host in adopt(host) },
                owns: { [self] host in host === self.host },
                release: { [self] host in
                    if let timer = host.startTimer { loop.cancel(timer) }
                    self.host = nil
                },
                failed: { [self] error in
                    server.forget(token)
                    phase = .idle
                    lastEnd = "could not be started: \(error.description)"
                    log.error("plugin \(name): cannot start its host: \(error.description)")
                    failWaiters(.failed("plugin \(name) cannot run: \(error.description)"))
                },
                ended: { [self] in hostEnded($0, $1) }))
    }

    /// Makes `host` the plugin's, and kills it if it is not ready in time.
    private func adopt(_ host: IsolationHost) {
        self.host = host
        host.startTimer = loop.schedule(after: Self.startLimit) { [weak host] in
            guard let host, !host.ready else { return }
            host.kill(because: "did not start within \(Self.startLimit.secondsText), and was killed")
        }
        onChange?()
    }

    // MARK: Failures and the quarantine

    func fail(_ running: [UInt64: @Sendable (ActionOutcome) -> Void], waiting: Bool, with error: ActionError) {
        for finish in running.values { finish(.failure(error)) }
        if waiting { failWaiters(error) }
    }

    func failWaiters(_ error: ActionError) {
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter(.failure(error)) }
    }

    /// Lifts the quarantine if the plugin's file has been replaced and passes
    /// the loader's checks; `then` says whether it was lifted.
    private func liftIfChanged(_ then: @escaping (Bool) -> Void) {
        deaths.fileChanged(path: path, known: identity, name: name) { [self] current in
            if let current, case .quarantined = phase {
                identity = current
                deaths.forget()
                lastEnd = nil
                phase = .idle
                log.notice("plugin \(name): \(path) has changed since it was quarantined; the quarantine is lifted")
                onChange?()
            }
            then(current != nil)
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
        log.warning(
            "plugin \(name): its host, pid \(host.process.pid ?? 0), had not exited \(grace.secondsText) after petald's stop; it was killed, and its deinit may not have run"
        )
    }
}
