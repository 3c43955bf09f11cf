import DBus
import Glibc
import Linux
import PetalJSON
import PetalPluginABI
import TextEscaping

/// What the functions of a plugin's `petal_host` table do, in Swift: petald's
/// `PluginContext` carries each out, for a plugin inside petald (through
/// ``PetalHostTable``) and for an isolated one (through the calls its host
/// forwards). All but ``log(level:_:alreadyCut:)`` may be called from any thread.
package protocol PetalHostServices: AnyObject, Sendable {
    /// Writes the plugin's log line at syslog `level`; `alreadyCut` counts the bytes the caller did not pass.
    func log(level: Int, _ message: String, alreadyCut: Int)
    /// Starts a program outside petald's sandbox: `{"unit": …}` or `{"pid": …}`, or the reason it did not start.
    func launch(_ request: ProgramRequest) -> Result<JSONObject, ProgramFailure>
    /// Runs a program to completion; returns its id for ``stopRun(_:)``, or 0 if it did not
    /// start (`completion` has then had the failure).
    @discardableResult
    func run(_ request: ProgramRequest, completion: @escaping @Sendable (Result<JSONObject, ProgramFailure>) -> Void)
        -> UInt64
    /// Ends a program ``run(_:completion:)`` started, with its process group.
    func stopRun(_ run: UInt64)
    /// Sends `message` and passes on the reply's arguments as a JSON array, or the error; `timeout` ≤ 0 means 25 s.
    func callMethod(_ message: Message, timeout: Int32, reply: @escaping @Sendable (Result<String, DBusError>) -> Void)
    /// Delivers the signals `rule` selects to `deliver`, on the bus thread; returns the id for ``unsubscribe(_:)``, or 0.
    func subscribe(_ rule: MatchRule, deliver: @escaping @Sendable (Message) -> Void) -> UInt64
    /// Ends a subscription ``subscribe(_:deliver:)`` made.
    func unsubscribe(_ id: UInt64)
}

/// The `petal_host` table handed to the `init` of a plugin loaded into
/// petald: its C functions turn each call into a call of ``PetalHostServices``,
/// and call the plugin's completions, replies and signal handlers with the
/// thread marked by its crash slot. Lives as long as the process: plugins
/// may keep the table's pointer.
///
/// Unchecked Sendable: its table is built once, before the plugin's init, and only read after.
package final class PetalHostTable: @unchecked Sendable {
    private let services: any PetalHostServices
    /// Marks the thread around the calls back into the plugin's code.
    private let slot: CrashSlot
    private let settings: UnsafeMutablePointer<CChar>
    /// The table handed to `init`; never freed.
    package private(set) var table: UnsafeMutablePointer<petal_host>!

    /// A table whose functions `services` carries out, with `settings` as its `settings_json`.
    package init(services: any PetalHostServices, settings: JSONObject, slot: CrashSlot) {
        self.services = services
        self.slot = slot
        self.settings = strdup(JSONValue.object(settings).jsonText)
        table = Self.makeTable(context: Unmanaged.passRetained(self).toOpaque(), settings: self.settings)
    }

    private static func from(_ raw: UnsafeMutableRawPointer?) -> PetalHostTable {
        Unmanaged<PetalHostTable>.fromOpaque(raw!).takeUnretainedValue()
    }

    private static func makeTable(context: UnsafeMutableRawPointer, settings: UnsafeMutablePointer<CChar>)
        -> UnsafeMutablePointer<petal_host>
    {
        let table = UnsafeMutablePointer<petal_host>.allocate(capacity: 1)
        table.initialize(
            to: petal_host(
                struct_size: UInt32(MemoryLayout<petal_host>.size),
                abi_major: UInt16(PETAL_PLUGIN_ABI_MAJOR), abi_minor: UInt16(PETAL_PLUGIN_ABI_MINOR),
                context: context, settings_json: UnsafePointer(settings),
                log: { context, level, message in
                    // Read no more than a line keeps, so a huge message costs no more.
                    let text =
                        message.map { message in
                            let length = strlen(message)
                            let kept = min(length, LogText.maximumBytes)
                            return (String(cString: message, limit: kept), length - kept)
                        } ?? ("", 0)
                    PetalHostTable.from(context).services.log(level: Int(level.rawValue), text.0, alreadyCut: text.1)
                },
                launch: { context, argv, options, out, size in
                    PetalHostTable.from(context).launch(argv, options, out, size)
                },
                run: { context, argv, options, complete, completionContext in
                    PetalHostTable.from(context).run(argv, options, complete!, completionContext)
                },
                call_method: {
                    context, destination, path, interface, method, signature, args, timeout, reply, replyContext in
                    PetalHostTable.from(context).callMethod(
                        destination: destination, path: path, interface: interface, method: method,
                        signature: signature, args: args, timeout: timeout, reply: reply!, replyContext: replyContext)
                },
                subscribe_signal: { context, sender, path, interface, member, handler, signalContext in
                    let target = UncheckedSendable((handler!, signalContext))
                    let plugin = PetalHostTable.from(context)
                    let slot = plugin.slot
                    return plugin.subscribe(sender, path, interface, member) { message in
                        let (handler, context) = target.value
                        let arguments = PluginCall.argumentsJSON(message)
                        slot.inControl { handler(context, arguments) }
                    }
                },
                unsubscribe_signal: { context, id in
                    PetalHostTable.from(context).services.unsubscribe(id)
                },
                start_run: { context, argv, options, complete, completionContext in
                    PetalHostTable.from(context).run(argv, options, complete!, completionContext)
                },
                stop_run: { context, run in
                    PetalHostTable.from(context).services.stopRun(run)
                },
                subscribe_signal_from: { context, sender, path, interface, member, handler, signalContext in
                    let target = UncheckedSendable((handler!, signalContext))
                    let plugin = PetalHostTable.from(context)
                    let slot = plugin.slot
                    return plugin.subscribe(sender, path, interface, member) { message in
                        let (handler, context) = target.value
                        let origin = [message.sender, message.path, message.interface, message.member].map {
                            strdup($0 ?? "")
                        }
                        defer { for field in origin { free(field) } }
                        let arguments = PluginCall.argumentsJSON(message)
                        slot.inControl { handler(context, origin[0], origin[1], origin[2], origin[3], arguments) }
                    }
                }))
        return table
    }

    // MARK: Programs, for the C table

    private func launch(
        _ argv: UnsafePointer<UnsafePointer<CChar>?>?, _ options: UnsafePointer<CChar>?,
        _ out: UnsafeMutablePointer<CChar>?, _ size: Int
    ) -> Int32 {
        switch services.launch(ProgramRequest(argv: argv, options: options)) {
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
        let callback = UncheckedSendable((complete, completionContext))
        let slot = self.slot
        return services.run(ProgramRequest(argv: argv, options: options)) { outcome in
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
        let answer = UncheckedSendable((reply, replyContext))
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
            services.callMethod(message, timeout: timeout, reply: deliver)
        } catch {
            deliver(.failure(error))
        }
    }

    /// Subscribes `deliver` to the signals the C fields select, for `subscribe_signal`
    /// and `subscribe_signal_from`; returns the id for `unsubscribe_signal`, or 0.
    private func subscribe(
        _ sender: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?, _ interface: UnsafePointer<CChar>?,
        _ member: UnsafePointer<CChar>?, deliver: @escaping @Sendable (Message) -> Void
    ) -> UInt64 {
        func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        guard
            let rule = try? SignalFilter(
                sender: text(sender), path: text(path), interface: text(interface),
                member: text(member)
            ).rule
        else { return 0 }
        return services.subscribe(rule, deliver: deliver)
    }
}
