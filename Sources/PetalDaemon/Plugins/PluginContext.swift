import DBus
import DBusJSON
import Linux
import PetalJSON
import PetalPluginABI
import PetalPluginRuntime
import TextEscaping

/// What one plugin's `petal_host` calls do in petald: its log lines, the
/// programs it launches and runs (through the launcher, under systemd
/// outside petald's sandbox), its D-Bus calls and signals on petald's bus
/// connection. A plugin inside petald reaches these through its
/// ``PetalHostTable``; an isolated one through the calls its host forwards
/// (``HostServices``). Lives as long as the process.
///
/// Unchecked Sendable: its table is built once before init; the calls it serves are thread-safe or hop to the loop.
final class PluginContext: PetalHostServices, @unchecked Sendable {
    let name: String
    let log: Logger
    let connection: DBusConnection?
    let launcher: SystemdLauncher
    /// The table handed to `init` of a plugin inside petald.
    private(set) var table: UnsafeMutablePointer<petal_host>!

    /// The context of plugin `name`, whose table gives it `settings` and marks its calls back with `slot`.
    init(
        name: String, settings: JSONObject, log: Logger, connection: DBusConnection?, launcher: SystemdLauncher,
        slot: CrashSlot
    ) {
        self.name = name
        self.log = log
        self.connection = connection
        self.launcher = launcher
        table = PetalHostTable(services: self, settings: settings, slot: slot).table
    }

    /// Writes the plugin's log line at syslog `level`, escaped, after "plugin NAME: ".
    /// `alreadyCut` counts the bytes of the message the caller did not pass.
    func log(level: Int, _ message: String, alreadyCut: Int = 0) {
        let text = LogText.escaped(message, alreadyCut: alreadyCut)
        log.log(Logger.Level(rawValue: level) ?? .info, "plugin \(LogText.escaped(name)): \(text)")
    }

    /// Starts a program outside petald's sandbox: `{"unit": …}` or `{"pid": …}`, or the reason it did not start.
    func launch(_ request: ProgramRequest) -> Result<JSONObject, ProgramFailure> {
        do {
            let started = try launcher.launch(
                request.argv, extraEnvironment: request.environment,
                directory: request.directory, plugin: name)
            let place = started["unit"]?.stringValue.map { " as \($0)" } ?? ""
            log.info("plugin \(name) started \(request.argv.joined(separator: " "))\(place)")
            return .success(started)
        } catch {
            return .failure(error)
        }
    }

    /// Runs a program to completion for the plugin; returns its id for ``stopRun(_:)``, or 0
    /// if it did not start (`completion` has then had the failure).
    @discardableResult
    func run(
        _ request: ProgramRequest, completion: @escaping @Sendable (Result<JSONObject, ProgramFailure>) -> Void
    ) -> UInt64 {
        ProgramRunner.run(
            request.argv, extraEnvironment: request.environment, directory: request.directory,
            timeout: request.timeout, outputLimit: request.outputLimit, completion: completion)
    }

    /// Ends a program ``run(_:completion:)`` started, with its process group.
    func stopRun(_ run: UInt64) {
        ProgramRunner.stop(run)
    }

    /// Sends `message` on petald's bus connection and passes on the reply's
    /// arguments as a JSON array, or the error; `timeout` ≤ 0 means 25 s.
    func callMethod(_ message: Message, timeout: Int32, reply: @escaping @Sendable (Result<String, DBusError>) -> Void)
    {
        guard let connection else { return reply(.failure(.failed("petald has no bus connection"))) }
        let limit: Duration = timeout > 0 ? .milliseconds(Int64(timeout)) : DBusConnection.defaultCallTimeout
        connection.loop.execute {
            connection.sendWithReply(message, timeout: limit) { result in
                reply(
                    result.map { message in
                        let values = (try? message.argumentsWithoutDescriptors()) ?? []
                        return JSONValue.array(values.map(DBusJSON.json)).jsonText
                    })
            }
        }
    }

    private var subscriptions: [UInt64: SignalSubscriptionToken] = [:]
    private var nextSubscription: UInt64 = 1

    /// Delivers the signals `rule` selects to `deliver`, on the bus thread; returns the id for ``unsubscribe(_:)``, or 0.
    func subscribe(_ rule: MatchRule, deliver: @escaping @Sendable (Message) -> Void) -> UInt64 {
        guard let connection else { return 0 }
        let token = connection.subscribeWithoutWaiting(rule, handler: deliver)
        return
            (try? connection.loop.performAndWait { [self] in
                let id = nextSubscription
                nextSubscription += 1
                subscriptions[id] = token
                return id
            }) ?? 0
    }

    /// Ends a subscription ``subscribe(_:deliver:)`` made.
    func unsubscribe(_ id: UInt64) {
        guard let connection else { return }
        connection.loop.execute { [self] in subscriptions.removeValue(forKey: id)?.cancel() }
    }
}
