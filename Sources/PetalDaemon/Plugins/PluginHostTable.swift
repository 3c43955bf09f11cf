import DBus
import DBusJSON
import Glibc
import PetalCore
import PetalJSON
import PetalPluginABI
import PetalPluginRuntime
import TextEscaping

/// What one plugin's `petal_host` table serves: its name for the log, its
/// settings, the bus connection for its D-Bus calls, the launcher for its
/// programs. Lives as long as the process.
final class PluginContext: @unchecked Sendable {
    let name: String
    let log: Logger
    let connection: DBusConnection?
    let launcher: SystemdLauncher
    /// Marks the thread around the host's calls back into the plugin's code.
    let slot: CrashSlot
    let settings: UnsafeMutablePointer<CChar>
    /// The table handed to `init`; never freed, since plugins may keep the pointer.
    private(set) var table: UnsafeMutablePointer<petal_host>!

    init(
        name: String, settings: JSONObject, log: Logger, connection: DBusConnection?, launcher: SystemdLauncher,
        slot: CrashSlot
    ) {
        self.name = name
        self.slot = slot
        self.log = log
        self.connection = connection
        self.launcher = launcher
        self.settings = strdup(JSONValue.object(settings).jsonText)
        table = Self.makeTable(context: Unmanaged.passRetained(self).toOpaque(), settings: self.settings)
    }

    static func from(_ raw: UnsafeMutableRawPointer?) -> PluginContext {
        Unmanaged<PluginContext>.fromOpaque(raw!).takeUnretainedValue()
    }

    private static func makeTable(context: UnsafeMutableRawPointer, settings: UnsafeMutablePointer<CChar>) -> UnsafeMutablePointer<petal_host> {
        let table = UnsafeMutablePointer<petal_host>.allocate(capacity: 1)
        table.initialize(to: petal_host(
            struct_size: UInt32(MemoryLayout<petal_host>.size),
            abi_major: UInt16(PETAL_PLUGIN_ABI_MAJOR), abi_minor: UInt16(PETAL_PLUGIN_ABI_MINOR),
            context: context, settings_json: UnsafePointer(settings),
            log: { context, level, message in
                // Read no more than a line keeps, so a huge message costs no more.
                let text = message.map { message in
                    let length = strlen(message)
                    let kept = min(length, LogText.maximumBytes)
                    return (String(cString: message, limit: kept), length - kept)
                } ?? ("", 0)
                PluginContext.from(context).log(level: Int(level.rawValue), text.0, alreadyCut: text.1)
            },
            launch: { context, argv, options, out, size in
                PluginContext.from(context).launch(argv, options, out, size)
            },
            run: { context, argv, options, complete, completionContext in
                PluginContext.from(context).run(argv, options, complete!, completionContext)
            },
            call_method: { context, destination, path, interface, method, signature, args, timeout, reply, replyContext in
                PluginContext.from(context).callMethod(
                    destination: destination, path: path, interface: interface, method: method,
                    signature: signature, args: args, timeout: timeout, reply: reply!, replyContext: replyContext)
            },
            subscribe_signal: { context, sender, path, interface, member, handler, signalContext in
                let target = UncheckedBox((handler!, signalContext))
                let plugin = PluginContext.from(context)
                let slot = plugin.slot
                return plugin.subscribe(sender, path, interface, member) { message in
                    let (handler, context) = target.value
                    let arguments = PluginContext.argumentsJSON(message)
                    slot.inControl { handler(context, arguments) }
                }
            },
            unsubscribe_signal: { context, id in
                PluginContext.from(context).unsubscribe(id)
            },
            start_run: { context, argv, options, complete, completionContext in
                PluginContext.from(context).run(argv, options, complete!, completionContext)
            },
            stop_run: { _, run in
                ProgramRunner.stop(run)
            },
            subscribe_signal_from: { context, sender, path, interface, member, handler, signalContext in
                let target = UncheckedBox((handler!, signalContext))
                let plugin = PluginContext.from(context)
                let slot = plugin.slot
                return plugin.subscribe(sender, path, interface, member) { message in
                    let (handler, context) = target.value
                    let origin = [message.sender, message.path, message.interface, message.member].map { strdup($0 ?? "") }
                    defer { origin.forEach { free($0) } }
                    let arguments = PluginContext.argumentsJSON(message)
                    slot.inControl { handler(context, origin[0], origin[1], origin[2], origin[3], arguments) }
                }
            }))
        return table
    }

    // MARK: The host's services, in Swift (an isolated plugin's host forwards its calls to these)

    /// Writes the plugin's log line at syslog `level`, escaped, after "plugin NAME: ".
    /// `alreadyCut` counts the bytes of the message the caller did not pass.
    func log(level: Int, _ message: String, alreadyCut: Int = 0) {
        let text = LogText.escaped(message, alreadyCut: alreadyCut)
        log.log(Logger.Level(rawValue: level) ?? .info, "plugin \(LogText.escaped(name)): \(text)")
    }

    /// Starts a program outside petald's sandbox: `{"unit": …}` or `{"pid": …}`, or the reason it did not start.
    func launch(_ request: ProgramRequest) -> Result<JSONObject, ProgramLauncher.Failure> {
        do {
            let started = try launcher.launch(request.argv, extraEnvironment: request.environment,
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
        _ request: ProgramRequest, completion: @escaping @Sendable (Result<JSONObject, ProgramLauncher.Failure>) -> Void
    ) -> UInt64 {
        ProgramRunner.run(request.argv, extraEnvironment: request.environment, directory: request.directory,
                          timeout: request.timeout, outputLimit: request.outputLimit, completion: completion)
    }

    /// Ends a program ``run(_:completion:)`` started, with its process group.
    func stopRun(_ run: UInt64) {
        ProgramRunner.stop(run)
    }

    /// Sends `message` on petald's bus connection and passes on the reply's
    /// arguments as a JSON array, or the error; `timeout` ≤ 0 means 25 s.
    func callMethod(_ message: Message, timeout: Int32, reply: @escaping @Sendable (Result<String, DBusError>) -> Void) {
        guard let connection else { return reply(.failure(.failed("petald has no bus connection"))) }
        let limit: Duration = timeout > 0 ? .milliseconds(Int64(timeout)) : DBusConnection.defaultCallTimeout
        connection.loop.execute {
            connection.sendWithReply(message, timeout: limit) { result in
                reply(result.map { message in
                    let values = (try? message.argumentsWithoutDescriptors()) ?? []
                    return JSONValue.array(values.map(DBusJSON.json)).jsonText
                })
            }
        }
    }

    // MARK: Programs, for the C table

    private func launch(
        _ argv: UnsafePointer<UnsafePointer<CChar>?>?, _ options: UnsafePointer<CChar>?,
        _ out: UnsafeMutablePointer<CChar>?, _ size: Int
    ) -> Int32 {
        switch launch(ProgramRequest(argv: argv, options: options)) {
        case .success(let started):
            write(JSONValue.object(started).jsonText, to: out, size: size)
            return 0
        case .failure(let error):
            write(error.description, to: out, size: size)
            return -1
        }
    }

    /// Runs a program for the plugin and returns its id for `stop_run`, or 0 if it did not start.
    @discardableResult
    private func run(
        _ argv: UnsafePointer<UnsafePointer<CChar>?>?, _ options: UnsafePointer<CChar>?,
        _ complete: petal_complete_fn, _ completionContext: UnsafeMutableRawPointer?
    ) -> UInt64 {
        let callback = UncheckedBox((complete, completionContext))
        let slot = self.slot
        return run(ProgramRequest(argv: argv, options: options)) { outcome in
            let (complete, context) = callback.value
            slot.inControl {
                switch outcome {
                case .success(let result): complete(context, JSONValue.object(result).jsonText, nil, nil)
                case .failure(let failure): complete(context, nil, "ActionFailed", failure.description)
                }
            }
        }
    }

    private func write(_ text: String, to out: UnsafeMutablePointer<CChar>?, size: Int) {
        copyCString(text, into: out, size: size)
    }

    // MARK: D-Bus

    private func callMethod(
        destination: UnsafePointer<CChar>?, path: UnsafePointer<CChar>?, interface: UnsafePointer<CChar>?,
        method: UnsafePointer<CChar>?, signature: UnsafePointer<CChar>?, args: UnsafePointer<CChar>?,
        timeout: Int32, reply: petal_reply_fn, replyContext: UnsafeMutableRawPointer?
    ) {
        let answer = UncheckedBox((reply, replyContext))
        let slot = self.slot
        let deliver: @Sendable (Result<String, DBusError>) -> Void = { result in
            let (reply, context) = answer.value
            switch result {
            case .success(let json): slot.inControl { reply(context, json, nil, nil) }
            case .failure(let error): slot.inControl { reply(context, nil, error.name, error.message) }
            }
        }
        func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        do {
            let message = try PluginCall.message(
                destination: text(destination) ?? "", path: text(path) ?? "", interface: text(interface) ?? "",
                method: text(method) ?? "", signature: text(signature) ?? "", args: text(args))
            callMethod(message, timeout: timeout, reply: deliver)
        } catch {
            deliver(.failure(error))
        }
    }

    private var subscriptions: [UInt64: SignalSubscriptionToken] = [:]
    private var nextSubscription: UInt64 = 1

    /// Subscribes `deliver` to the signals the C fields select, for `subscribe_signal`
    /// and `subscribe_signal_from`; returns the id for `unsubscribe_signal`, or 0.
    private func subscribe(
        _ sender: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?, _ interface: UnsafePointer<CChar>?,
        _ member: UnsafePointer<CChar>?, deliver: @escaping @Sendable (Message) -> Void
    ) -> UInt64 {
        func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        guard let rule = try? SignalFilter(sender: text(sender), path: text(path), interface: text(interface),
                                           member: text(member)).rule
        else { return 0 }
        return subscribe(rule, deliver: deliver)
    }

    /// Delivers the signals `rule` selects to `deliver`, on the bus thread; returns the id for ``unsubscribe(_:)``, or 0.
    func subscribe(_ rule: MatchRule, deliver: @escaping @Sendable (Message) -> Void) -> UInt64 {
        guard let connection else { return 0 }
        let token = connection.subscribeWithoutWaiting(rule, handler: deliver)
        return (try? connection.loop.performAndWait { [self] in
            let id = nextSubscription
            nextSubscription += 1
            subscriptions[id] = token
            return id
        }) ?? 0
    }

    /// A signal's arguments as the JSON array its handler gets.
    static func argumentsJSON(_ message: Message) -> String {
        let values = (try? message.argumentsWithoutDescriptors()) ?? []
        return JSONValue.array(values.map(DBusJSON.json)).jsonText
    }

    /// Ends a subscription ``subscribe(_:deliver:)`` made.
    func unsubscribe(_ id: UInt64) {
        guard let connection else { return }
        connection.loop.execute { [self] in subscriptions.removeValue(forKey: id)?.cancel() }
    }
}

/// The arguments of `launch` and `run`: the argv, and what the options object says.
struct ProgramRequest: Sendable {
    var argv: [String] = []
    var environment: [String: String] = [:]
    var directory: String?
    var timeout: Double?
    var outputLimit: Int?

    init(argv raw: UnsafePointer<UnsafePointer<CChar>?>?, options: UnsafePointer<CChar>?) {
        var argv: [String] = []
        var cursor = raw
        while let pointer = cursor, let entry = pointer.pointee {
            argv.append(String(cString: entry))
            cursor = pointer + 1
        }
        self.init(argv: argv, options: options.map { String(cString: $0) })
    }

    /// `argv`, with `options` the JSON text of the options object (nil or anything else: none).
    init(argv: [String], options: String?) {
        self.argv = argv
        guard let options, case .object(let object)? = try? JSONValue.parse(options) else { return }
        if case .object(let variables)? = object["env"] {
            for (name, value) in variables { if let text = value.stringValue { environment[name] = text } }
        }
        directory = object["cwd"]?.stringValue
        timeout = object["timeout"]?.doubleValue
        outputLimit = object["output_limit"]?.int64Value.map { Int($0) }
    }
}

/// Builds the message for `petal_host.call_method` from its arguments; `args` nil means none.
enum PluginCall {
    static func message(
        destination: String, path: String, interface: String, method: String, signature: String, args: String?
    ) throws(DBusError) -> Message {
        let types: [DBusType]
        let arguments: JSONValue
        let message: Message
        do {
            message = Message.methodCall(
                destination: try BusName(destination), path: try ObjectPath(path),
                interface: try InterfaceName(interface), member: try MemberName(method))
            types = try DBusSignature(signature).types
            arguments = try args.map { try JSONValue.parse($0) } ?? .array([])
        } catch {
            throw DBusError.invalidArgs("call_method: \(error)")
        }
        guard case .array(let values) = arguments, values.count == types.count else {
            throw DBusError.invalidArgs(
                "call_method: args_json must be an array of \(types.count) values for signature \"\(signature)\"")
        }
        var converted: [DBusValue] = []
        for (value, type) in zip(values, types) { converted.append(try DBusJSON.value(value, as: type)) }
        do {
            try message.append(converted)
        } catch {
            throw DBusError.invalidArgs("call_method: \(error)")
        }
        return message
    }
}
