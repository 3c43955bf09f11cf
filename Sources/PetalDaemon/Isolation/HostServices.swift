import DBus
import DBusJSON
import Glibc
import Linux
import PetalJSON
import PetalPluginRuntime
import Synchronization

/// petald's side of one host connection: `org.petal.Petal1.PluginHost`
/// (``HostProtocol/Services``), the `petal_host` table carried out by the
/// plugin's ``PluginContext``, as for a plugin inside petald.
///
/// Until the host says `Begin` with the token petald gave it, the connection
/// belongs to no plugin and every other call is refused. Launching a program
/// (which under systemd waits for systemd) and starting one run on the
/// plugin's own thread in petald, never on the loop. When the host goes, its
/// programs are stopped and its subscriptions ended: nothing outlives it.
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
        typealias S = HostProtocol.Services
        return DBusInterface(HostProtocol.servicesInterface, methods: [
            DBusMethod(S.begin, in: DBusIn("token", String.self), out: [
                DBusArgument("path", .string), DBusArgument("settings", .string),
                DBusArgument("size", .int64), DBusArgument("modified", .int64),
            ]) { [self] _, token in
                guard plugin == nil, let claimed = server.claim(token, by: self) else {
                    // After this handler: its interface, which holds this object, is unregistered then.
                    connection.loop.execute { [self] in close() }
                    throw DBusError(DBusError.Name.accessDenied, "no plugin host was started with this token")
                }
                plugin = claimed
                return .values(claimed.hostBegan(self))
            },
            DBusMethod(S.ready, dynamic: [
                DBusArgument("name", .string), DBusArgument("version", .string),
                DBusArgument("actions", .array(.structure([.string, .string, .string]))),
            ]) { [self] _, values in
                let (plugin, _) = try bound()
                try plugin.hostReady(self, name: values[0].stringValue ?? "", version: values[1].stringValue ?? "",
                                     actions: Self.actionRows(values[2]))
                return .values([])
            },
            DBusMethod(S.refused, in: DBusIn("status", String.self), DBusIn("reason", String.self)) { [self] _, status, reason in
                let (plugin, _) = try bound()
                plugin.hostRefused(self, status: PluginRecord.Status(rawValue: status) ?? .failed, reason: reason)
                return .values([])
            },
            DBusMethod(S.log, in: DBusIn("level", UInt32.self), DBusIn("message", String.self),
                       DBusIn("cut", UInt32.self)) { [self] _, level, message, cut in
                let (_, context) = try bound()
                context.log(level: Int(level), message, alreadyCut: Int(cut))
                return .values([])
            },
            DBusMethod(S.launch, in: DBusIn("argv", [String].self), DBusIn("options", String.self),
                       out: [DBusArgument("started", .string)]) { [self] call, argv, options in
                let (plugin, context) = try bound()
                plugin.offLoop {
                    switch context.launch(ProgramRequest(argv: argv, options: options)) {
                    case .success(let started): _ = call.reply([.string(JSONValue.object(started).jsonText)])
                    case .failure(let failure): _ = call.fail(PetalError.make(.actionFailed, failure.description))
                    }
                }
                return .later
            },
            DBusMethod(S.startRun, in: DBusIn("run", UInt64.self), DBusIn("argv", [String].self),
                       DBusIn("options", String.self), out: [DBusArgument("started", .boolean)]) { [self] call, run, argv, options in
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
                    _ = call.reply([.boolean(program != 0)])
                }
                return .later
            },
            DBusMethod(S.stopRun, in: DBusIn("run", UInt64.self)) { [self] _, run in
                let (plugin, context) = try bound()
                // Behind the StartRun it follows, which records the program on that same thread.
                plugin.offLoop { [self] in
                    if let program = runs.withLock({ $0.running[run] }) { context.stopRun(program) }
                }
                return .values([])
            },
            DBusMethod(S.callMethod, in: DBusIn("destination", String.self), DBusIn("path", String.self),
                       DBusIn("interface", String.self), DBusIn("method", String.self), DBusIn("signature", String.self),
                       DBusIn("args", String.self), DBusIn("timeout", Int32.self),
                       out: [DBusArgument("reply", .string)]) { [self] call, destination, path, interface, method, signature, args, timeout in
                let (_, context) = try bound()
                let message = try PluginCall.message(destination: destination, path: path, interface: interface,
                                                     method: method, signature: signature, args: args)
                context.callMethod(message, timeout: timeout) { result in
                    switch result {
                    case .success(let json): _ = call.reply([.string(json)])
                    case .failure(let error): _ = call.fail(error)
                    }
                }
                return .later
            },
            DBusMethod(S.subscribe, in: DBusIn("subscription", UInt64.self), DBusIn("sender", String.self),
                       DBusIn("path", String.self), DBusIn("interface", String.self),
                       DBusIn("member", String.self)) { [self] _, id, sender, path, interface, member in
                let (_, context) = try bound()
                func field(_ text: String) -> String? { text.isEmpty ? nil : text }
                guard subscriptions[id] == nil, let filter = try? SignalFilter(
                    sender: field(sender), path: field(path), interface: field(interface), member: field(member))
                else { return .values([]) }
                let host = connection
                subscriptions[id] = context.subscribe(filter.rule) { message in
                    Self.forward(message, as: id, to: host)
                }
                return .values([])
            },
            DBusMethod(S.unsubscribe, in: DBusIn("subscription", UInt64.self)) { [self] _, id in
                let (_, context) = try bound()
                if let token = subscriptions.removeValue(forKey: id) { context.unsubscribe(token) }
                return .values([])
            },
        ])
    }

    private static func actionRows(_ value: DBusValue) -> [(id: String, title: String, icon: String)] {
        guard case .array(_, let rows) = value else { return [] }
        return rows.compactMap { row in
            guard case .structure(let fields) = row, fields.count == 3 else { return nil }
            return (fields[0].stringValue ?? "", fields[1].stringValue ?? "", fields[2].stringValue ?? "")
        }
    }

    private func runEnded(_ run: UInt64, _ outcome: Result<JSONObject, ProgramLauncher.Failure>) {
        let known = runs.withLock { runs -> Bool in
            if runs.running.removeValue(forKey: run) != nil { return true }
            runs.ended.insert(run)
            return !runs.closed
        }
        guard known else { return }
        let values: [DBusValue]
        switch outcome {
        case .success(let result): values = [.uint64(run), .string(JSONValue.object(result).jsonText), .string(""), .string("")]
        case .failure(let failure): values = [.uint64(run), .string(""), .string("ActionFailed"), .string(failure.description)]
        }
        Self.call(HostProtocol.Plugin.runFinished, values, on: connection)
    }

    private static func forward(_ message: Message, as id: UInt64, to host: DBusConnection) {
        let arguments = PluginCall.argumentsJSON(message)
        call(HostProtocol.Plugin.signal, [.uint64(id), .string(message.sender ?? ""), .string(message.path ?? ""),
                                          .string(message.interface ?? ""), .string(message.member ?? ""),
                                          .string(arguments)], on: host)
    }

    /// Calls `member` of the host's plugin interface without waiting for an answer.
    private static func call(_ member: MemberName, _ values: [DBusValue], on host: DBusConnection) {
        let message = Message.methodCall(destination: nil, path: HostProtocol.pluginPath,
                                         interface: HostProtocol.pluginInterface, member: member)
        message.noReplyExpected = true
        guard (try? message.append(values)) != nil else { return }
        host.send(message)
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
