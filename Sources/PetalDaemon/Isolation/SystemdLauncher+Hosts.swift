import DBus
import Glibc

/// Plugin hosts as transient units of the user's systemd (docs/plugins.md,
/// "In petald, isolated, or a provider?"): started with `StartTransientUnit`, as launched
/// programs are, so that they run outside petald's sandbox; how one ended is
/// read from its unit (`ExecMainCode`, `ExecMainStatus`), since a process
/// that is not petald's child cannot be reaped by petald.
extension SystemdLauncher {
    /// The systemd unit petald itself runs in (`petald.service`), from its
    /// cgroup; nil when it runs in none (a terminal, a test).
    static var ownUnit: String? {
        guard let text = Quarantine.read("/proc/self/cgroup") else { return nil }
        // cgroup v2: "0::/user.slice/user-1000.slice/user@1000.service/app.slice/petald.service"
        let path = text.split(separator: "\n").first { $0.hasPrefix("0::") }.map { $0.dropFirst(3) } ?? ""
        guard let last = path.split(separator: "/").last, last.hasSuffix(".service"), !last.hasPrefix("user@")
        else { return nil }
        return String(last)
    }

    /// Starts `unit`, a plugin host's; `completion` runs on the loop with the outcome. Loop thread only.
    func startHost(_ unit: TransientUnit, completion: @escaping (TransientOutcome) -> Void) {
        guard let connection else { return completion(.refused(.failed("petald has no bus connection"))) }
        start(unit, on: connection, completion: completion)
    }

    /// How the host of `unit` ended, once systemd has seen it end: asked
    /// again every 50 ms for up to 2 s, as systemd learns of the exit at
    /// about the time petald does. A unit systemd has already collected
    /// ended well (a failed one stays, and is reset here once read). Loop thread only.
    func exit(ofHost unit: String, completion: @escaping (HostExit?) -> Void) {
        guard let connection else { return completion(nil) }
        ask(unit, on: connection, tries: 40, completion: completion)
    }

    private func ask(
        _ unit: String, on connection: DBusConnection, tries: Int, completion: @escaping (HostExit?) -> Void
    ) {
        typealias Systemd = SystemdInterface
        connection.callOnLoop(Systemd.getUnit, on: Systemd.bus, at: Systemd.path, unit, timeout: Self.callTimeout) {
            [self] reply in
            let object: ObjectPath
            switch reply {
            case .success(let path): object = path
            // Collected: a host that ended well (or one systemd no longer knows).
            case .failure(let error) where error.name == Systemd.noSuchUnit: return completion(.exited(0))
            case .failure: return completion(nil)
            }
            connection.callOnLoop(
                PropertiesInterface.getAll, on: Systemd.bus, at: object, Systemd.service.rawValue,
                timeout: Self.callTimeout
            ) { [self] reply in
                let values = (try? reply.get()).map { DBusPropertyValues($0, from: Systemd.bus.rawValue) }
                guard let code = try? values?.value(Systemd.execMainCode), code != 0,
                    let status = try? values?.value(Systemd.execMainStatus)
                else {
                    guard tries > 1 else {
                        resetFailed(unit, on: connection)
                        return completion(nil)
                    }
                    _ = connection.loop.schedule(after: .milliseconds(50)) { [self] in
                        ask(unit, on: connection, tries: tries - 1, completion: completion)
                    }
                    return
                }
                resetFailed(unit, on: connection)
                completion(HostExit(code: code, status: status))
            }
        }
    }

    private func resetFailed(_ unit: String, on connection: DBusConnection) {
        try? connection.send(
            SystemdInterface.resetFailedUnit, on: SystemdInterface.bus, at: SystemdInterface.path, unit)
    }

    /// Sends SIGKILL to every process of `unit`: for a host whose process petald does not know yet.
    func kill(host unit: String) {
        try? connection?.send(
            SystemdInterface.killUnit, on: SystemdInterface.bus, at: SystemdInterface.path, unit, "all",
            SIGKILL)
    }
}
