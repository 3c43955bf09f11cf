import DBus
import PetalAPI
import PetalPluginRuntime

/// What a host tells petald about the plugin (`Begin`, `Ready` and `Refused`,
/// through ``HostServices``) and how it ends (from ``HostProcess``): the
/// transitions these make in the plugin's phase, on the loop thread.
extension IsolatedPlugin {
    /// `Begin`: the host of `token` connected. Returns what it is to load.
    func hostBegan(_ services: HostServices) -> HostAssignment {
        if let host {
            host.services = services
            if host.process.unit != nil, let pid = services.connection.peerProcessID { host.process.adopt(pid) }
            // A host that drops its connection without dying is made to.
            services.connection.onDisconnect { [weak self, weak host] in
                _ = self?.loop.schedule(after: .seconds(2)) { [weak self, weak host] in
                    guard let self, let host, host === self.host, !host.process.isEnding else { return }
                    host.kill(because: "closed its connection to petald, and was killed")
                }
            }
        }
        return HostAssignment(path: path, settings: settings, size: identity.size, modified: identity.modified)
    }

    /// `Ready`: the host loaded the plugin and its init succeeded.
    func hostReady(
        _ services: HostServices, name: String, version: String, actions: [ProviderActionRow]
    ) throws(DBusError) {
        guard let host, host.services === services else {
            throw DBusError.failed("this host is no longer the plugin's")
        }
        guard phase != .stopping else { throw DBusError.failed("petald is stopping") }
        if declaredActions.isEmpty {
            // The context stays the one the host began with: what init subscribed to is in it.
            (self.name, self.version, declaredActions) = (name, version, actions)
        } else if name != self.name || actions.map(\.id) != declaredActions.map(\.id) {
            let reason =
                "its file now gives another name or other actions than when petald started; restart petald to load it"
            host.refusal = (.failed, reason)
            throw DBusError.failed(reason)
        }
        host.ready = true
        if let timer = host.startTimer { loop.cancel(timer) }
        let tenths = Int(((clock.now - host.started).configuredSeconds * 10_000).rounded())
        log.info(
            "plugin \(name): its host, pid \(host.process.pid ?? 0)\(host.process.unit.map { " in \($0)" } ?? ""), is ready, \(tenths / 10).\(tenths % 10) ms after it was started"
        )
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

    /// The host's process has ended: what it ran fails saying how, and its death is counted.
    func hostEnded(_ process: HostProcess, _ exit: HostExit) {
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
        if case .retired = phase {
            return fail(running, waiting: true, with: .failed("plugin \(name) is not available"))
        }
        if let refusal = host.refusal {
            phase = .retired(refusal.status, refusal.reason)
            log.warning("plugin \(name) (\(path)) is not loaded: \(refusal.reason)")
            fail(running, waiting: true, with: .failed("plugin \(name) is not available: \(refusal.reason)"))
            return onChange?() ?? ()
        }
        let cause = host.killedBecause ?? exit.description
        let what = "plugin \(name) \(cause)" + (host.ready ? "" : " while starting")
        lastEnd = cause
        log.error(
            "\(what); its host was pid \(process.pid ?? 0)\(process.unit.map { " in \($0)" } ?? ""), for \(path)"
                + (running.isEmpty
                    ? "" : "; \(running.count) invocation\(running.count == 1 ? "" : "s") it ran answered ActionFailed")
        )
        if let reason = deaths.record(cause: cause, identity: identity, name: name, version: version) {
            phase = .quarantined(reason)
        } else {
            phase = .idle
        }
        fail(running, waiting: true, with: .failed(what))
        onChange?()
    }
}
