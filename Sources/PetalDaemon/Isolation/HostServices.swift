import DBus
import DBusJSON
import Glibc
import Linux
import PetalJSON
import PetalPluginRuntime
import Synchronization

/// petald's side of one host connection: `org.petal.Petal1.IsolationHost`
/// (``HostProtocol/Services``), the `petal_host` table carried out by the
/// plugin's ``PluginContext``, as for a plugin inside petald.
///
/// Until the host says `Begin` with the token petald gave it, the connection
/// belongs to no plugin and every other call is refused. Launching a program
/// (which under systemd waits for systemd) and starting one run on the
/// plugin's own thread in petald, never on the loop. When the host goes, its
/// programs are stopped and its subscriptions ended: nothing outlives it.
///
/// Unchecked Sendable: confined to the event loop, but for its runs, which are behind a Mutex.
final class HostServices: @unchecked Sendable {
    let connection: DBusConnection
    private unowned let server: HostServer
    /// The plugin, once `Begin` named it; on the loop thread.
    private(set) weak var plugin: IsolatedPlugin?

    private struct Runs {
        /// The host's run ids, and petald's ids of the programs.
        var running: [UInt64: UInt64] = [:]
        /// Runs that ended before their start was recorded.
        var ended: Set<UInt64> = []
        var closed = false
    }

    private let runs = Mutex(Runs())
    /// The host's subscription ids, and the context's; on the loop thread.
    private var subscriptions: [UInt64: UInt64] = [:]

    init(connection: DBusConnection, server: HostServer) {
        self.connection = connection
        self.server = server
        connection.objectServer.register([interface], at: HostProtocol.servicesPath)
    }

    private func bound() throws(DBusError) -> (IsolatedPlugin, PluginContext) {
        guard let plugin, let context = plugin.context else {
            throw DBusError(DBusError.Name.accessDenied, "say Begin with the token petald gave you first")
        }
        return (plugin, context)
    }

    private var interface: DBusInterface {
        typealias Services = HostProtocol.Services
        return DBusInterface(
            HostProtocol.servicesInterface,
            methods: [
                Services.begin.serve { [self] _, token in
                    guard plugin == nil, let claimed = server.claim(token, by: self) else {
                        // After this handler: its interface, which holds this object, is unregistered then.
                        connection.loop.execute { [self] in close() }
                        throw DBusError(DBusError.Name.accessDenied, "no plugin host was started with this token")
                    }
                    plugin = claimed
                    return claimed.hostBegan(self)
                },
                Services.ready.serve { [self] _, name, version, actions in
                    let (plugin, _) = try bound()
                    try plugin.hostReady(self, name: name, version: version, actions: actions)
                },
                Services.refused.serve { [self] _, status, reason in
                    let (plugin, _) = try bound()
                    plugin.hostRefused(self, status: status, reason: reason)
                },
                Services.log.serve { [self] _, level, message, cut in
                    let (_, context) = try bound()
                    context.log(level: Int(level), message, alreadyCut: Int(cut))
                },
                Services.launch.serveLater { [self] reply, argv, options in
                    let (plugin, context) = try bound()
                    plugin.offLoop {
                        switch context.launch(ProgramRequest(argv: argv, options: options)) {
                        case .success(let started): reply.reply(JSONValue.object(started).jsonText)
                        case .failure(let failure): reply.fail(PetalError.make(.actionFailed, failure.description))
                        }
                    }
                },
                Services.startRun.serveLater { [self] reply, run, argv, options in
                    let (plugin, context) = try bound()
                    plugin.offLoop { [self] in
                        let program = context.run(ProgramRequest(argv: argv, options: options)) { [self] outcome in
                            runEnded(run, outcome)
                        }
                        let stopNow = runs.withLock { runs -> Bool in
                            if runs.ended.remove(run) != nil || program == 0 { return false }
                            if runs.closed { return true }
                            runs.running[run] = program
                            return false
                        }
                        if stopNow { context.stopRun(program) }
                        reply.reply(program != 0)
                    }
                },
                Services.stopRun.serve { [self] _, run in
                    let (plugin, context) = try bound()
                    // Behind the StartRun it follows, which records the program on that same thread.
                    plugin.offLoop { [self] in
                        if let program = runs.withLock({ $0.running[run] }) { context.stopRun(program) }
                    }
                },
                Services.callMethod.serveLater {
                    [self] reply, destination, path, interface, method, signature, args, timeout in
                    let (_, context) = try bound()
                    let message = try PluginCall.message(
                        destination: destination, path: path, interface: interface,
                        method: method, signature: signature, args: args)
                    context.callMethod(message, timeout: timeout) { result in
                        switch result {
                        case .success(let json): reply.reply(json)
                        case .failure(let error): reply.fail(error)
                        }
                    }
                },
                Services.subscribe.serve { [self] _, id, sender, path, interface, member in
                    let (_, context) = try bound()
                    func field(_ text: String) -> String? { text.isEmpty ? nil : text }
                    guard subscriptions[id] == nil,
                        let filter = try? SignalFilter(
                            sender: field(sender), path: field(path), interface: field(interface), member: field(member)
                        )
                    else { return }
                    let host = connection
                    subscriptions[id] = context.subscribe(filter.rule) { message in
                        Self.forward(message, as: id, to: host)
                    }
                },
                Services.unsubscribe.serve { [self] _, id in
                    let (_, context) = try bound()
                    if let token = subscriptions.removeValue(forKey: id) { context.unsubscribe(token) }
                },
            ])
    }

    private func runEnded(_ run: UInt64, _ outcome: Result<JSONObject, ProgramLauncher.Failure>) {
        let known = runs.withLock { runs -> Bool in
            if runs.running.removeValue(forKey: run) != nil { return true }
            runs.ended.insert(run)
            return !runs.closed
        }
        guard known else { return }
        let finished = HostProtocol.Plugin.runFinished
        switch outcome {
        case .success(let result):
            try? connection.send(
                finished, on: nil, at: HostProtocol.pluginPath, run, JSONValue.object(result).jsonText, "", "")
        case .failure(let failure):
            try? connection.send(
                finished, on: nil, at: HostProtocol.pluginPath, run, "",
                PetalError.Name.actionFailed.rawValue, failure.description)
        }
    }

    private static func forward(_ message: Message, as id: UInt64, to host: DBusConnection) {
        try? host.send(
            HostProtocol.Plugin.signal, on: nil, at: HostProtocol.pluginPath, id, message.sender ?? "",
            message.path ?? "", message.interface ?? "", message.member ?? "",
            PluginCall.argumentsJSON(message))
    }

    /// The host is gone: its programs are stopped and its subscriptions ended. On the loop thread.
    func close() {
        connection.close()
        // The served interface holds this object: unregistered, both can go.
        connection.objectServer.unregister(HostProtocol.servicesPath)
        let programs = runs.withLock { runs -> [UInt64] in
            runs.closed = true
            defer { runs.running.removeAll() }
            return Array(runs.running.values)
        }
        if let context = plugin?.context {
            for program in programs { context.stopRun(program) }
            for token in subscriptions.values { context.unsubscribe(token) }
        } else {
            for program in programs { ProgramRunner.stop(program) }
        }
        subscriptions.removeAll()
    }
}
