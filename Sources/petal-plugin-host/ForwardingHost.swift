import DBus
import Glibc
import Linux
import PetalJSON
import PetalPluginABI
import PetalPluginRuntime
import Synchronization
import TextEscaping

/// The `petal_host` table of a plugin inside `petal-plugin-host`: every
/// function is forwarded to petald over the host's connection
/// (``HostProtocol/Services``), which carries it out as for a plugin in
/// petald. Outcomes come back as calls on the host's own object
/// (`RunFinished`, `Signal`), handled by ``callbackMethods``.
///
/// A function that returns a value petald must give (launch's result,
/// start_run's "started") waits for petald's answer, except on the host's
/// bus thread, where reply and signal handlers run and no call may wait.
///
/// Unchecked Sendable: its mutable state is behind a Mutex; the C table it builds lives as long as the process.
final class ForwardingHost: @unchecked Sendable {
    private let link: PetaldLink
    private let settings: UnsafeMutablePointer<CChar>
    /// The table handed to `init`; never freed, since plugins may keep the pointer.
    private(set) var table: UnsafeMutablePointer<petal_host>!

    private enum Handler {
        case arguments(petal_signal_fn, UnsafeMutableRawPointer?)
        case origin(petal_signal_from_fn, UnsafeMutableRawPointer?)
    }

    private struct State {
        var runs: [UInt64: UncheckedSendable<(petal_complete_fn, UnsafeMutableRawPointer?)>] = [:]
        var subscriptions: [UInt64: UncheckedSendable<Handler>] = [:]
    }

    private let state = Mutex(State())
    private let nextID = Atomic<UInt64>(1)

    init(connection: DBusConnection, settings: String) {
        link = PetaldLink(connection: connection)
        self.settings = strdup(settings)
        table = makeTable()
    }

    // MARK: The table

    private func makeTable() -> UnsafeMutablePointer<petal_host> {
        let table = UnsafeMutablePointer<petal_host>.allocate(capacity: 1)
        table.initialize(
            to: petal_host(
                struct_size: UInt32(MemoryLayout<petal_host>.size),
                abi_major: UInt16(PETAL_PLUGIN_ABI_MAJOR), abi_minor: UInt16(PETAL_PLUGIN_ABI_MINOR),
                context: Unmanaged.passRetained(self).toOpaque(), settings_json: UnsafePointer(settings),
                log: { context, level, message in
                    ForwardingHost.from(context).log(level, message)
                },
                launch: { context, argv, options, out, size in
                    ForwardingHost.from(context).launch(argv, options, out, size)
                },
                run: { context, argv, options, complete, completionContext in
                    _ = ForwardingHost.from(context).run(
                        argv, options, complete!, completionContext, waitForStart: false)
                },
                call_method: {
                    context, destination, path, interface, method, signature, args, timeout, reply, replyContext in
                    ForwardingHost.from(context).callMethod(
                        [destination, path, interface, method, signature], args, timeout, reply!, replyContext)
                },
                subscribe_signal: { context, sender, path, interface, member, handler, signalContext in
                    ForwardingHost.from(context).subscribe(
                        [sender, path, interface, member], .arguments(handler!, signalContext))
                },
                unsubscribe_signal: { context, id in
                    ForwardingHost.from(context).unsubscribe(id)
                },
                start_run: { context, argv, options, complete, completionContext in
                    ForwardingHost.from(context).run(argv, options, complete!, completionContext, waitForStart: true)
                },
                stop_run: { context, run in
                    ForwardingHost.from(context).link.tell(HostProtocol.Services.stopRun, run)
                },
                subscribe_signal_from: { context, sender, path, interface, member, handler, signalContext in
                    ForwardingHost.from(context).subscribe(
                        [sender, path, interface, member], .origin(handler!, signalContext))
                }))
        return table
    }

    private static func from(_ raw: UnsafeMutableRawPointer?) -> ForwardingHost {
        Unmanaged<ForwardingHost>.fromOpaque(raw!).takeUnretainedValue()
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private func log(_ level: petal_log_level, _ message: UnsafePointer<CChar>?) {
        // No more than a line keeps crosses to petald, which escapes it.
        var text = ""
        var cut = 0
        if let message {
            let length = strlen(message)
            let kept = min(length, LogText.maximumBytes)
            text = String(cString: message, limit: kept)
            cut = length - kept
        }
        link.tell(HostProtocol.Services.log, UInt32(level.rawValue), text, UInt32(clamping: cut))
    }

    private static func argv(_ raw: UnsafePointer<UnsafePointer<CChar>?>?) -> [String] {
        var argv: [String] = []
        var cursor = raw
        while let pointer = cursor, let entry = pointer.pointee {
            argv.append(String(cString: entry))
            cursor = pointer + 1
        }
        return argv
    }

    private func launch(
        _ argv: UnsafePointer<UnsafePointer<CChar>?>?, _ options: UnsafePointer<CChar>?,
        _ out: UnsafeMutablePointer<CChar>?, _ size: Int
    ) -> Int32 {
        let (argv, options) = (Self.argv(argv), Self.text(options))
        guard !link.onBusThread else {
            // As petald does on its bus thread: started without waiting; a failure is only logged, by petald.
            link.ask(HostProtocol.Services.launch, argv, options) { _ in }
            copyCString("{}", into: out, size: size)
            return 0
        }
        switch link.askAndWait(HostProtocol.Services.launch, argv, options) {
        case .success(let started):
            copyCString(started, into: out, size: size)
            return 0
        case .failure(let error):
            copyCString(error.message, into: out, size: size)
            return -1
        }
    }

    private func run(
        _ argv: UnsafePointer<UnsafePointer<CChar>?>?, _ options: UnsafePointer<CChar>?,
        _ complete: petal_complete_fn, _ completionContext: UnsafeMutableRawPointer?, waitForStart: Bool
    ) -> UInt64 {
        let id = nextID.add(1, ordering: .relaxed).oldValue
        state.withLock { $0.runs[id] = UncheckedSendable((complete, completionContext)) }
        let (argv, options) = (Self.argv(argv), Self.text(options))
        if waitForStart && !link.onBusThread {
            switch link.askAndWait(HostProtocol.Services.startRun, id, argv, options) {
            case .success(let started):
                // A program that did not start has had its RunFinished already, which came first.
                return started ? id : 0
            case .failure(let error):
                finishRun(
                    id, result: nil, error: "ActionFailed",
                    message: "petald did not start the program: \(error.message)")
                return 0
            }
        }
        link.ask(HostProtocol.Services.startRun, id, argv, options) { [self] reply in
            if case .failure(let error) = reply {
                finishRun(
                    id, result: nil, error: "ActionFailed",
                    message: "petald did not start the program: \(error.message)")
            }
        }
        return id
    }

    /// Completes run `id` once; a second outcome for it is dropped.
    private func finishRun(_ id: UInt64, result: String?, error: String?, message: String?) {
        guard let callback = state.withLock({ $0.runs.removeValue(forKey: id) }) else { return }
        let (complete, context) = callback.value
        complete(context, result, error, message)
    }

    private func callMethod(
        _ fields: [UnsafePointer<CChar>?], _ args: UnsafePointer<CChar>?, _ timeout: Int32,
        _ reply: petal_reply_fn, _ replyContext: UnsafeMutableRawPointer?
    ) {
        let answer = UncheckedSendable((reply, replyContext))
        let texts = fields.map(Self.text)
        // Args NULL is "no arguments"; "" would be JSON that does not parse.
        let arguments = args.map { String(cString: $0) } ?? "[]"
        // petald's own call ends at the plugin's timeout; this one waits a little longer for its answer.
        let limit =
            (timeout > 0 ? Duration.milliseconds(Int64(timeout)) : DBusConnection.defaultCallTimeout) + .seconds(5)
        link.ask(
            HostProtocol.Services.callMethod, texts[0], texts[1], texts[2], texts[3], texts[4], arguments, timeout,
            timeout: limit
        ) { result in
            let (reply, context) = answer.value
            switch result {
            case .success(let json): reply(context, json, nil, nil)
            case .failure(let error): reply(context, nil, error.name, error.message)
            }
        }
    }

    private func subscribe(_ fields: [UnsafePointer<CChar>?], _ handler: Handler) -> UInt64 {
        let texts = fields.map { $0.map { String(cString: $0) } }
        // Checked here, as petald checks them, so that a bad field answers 0 at once.
        guard (try? SignalFilter(sender: texts[0], path: texts[1], interface: texts[2], member: texts[3])) != nil
        else { return 0 }
        let id = nextID.add(1, ordering: .relaxed).oldValue
        state.withLock { $0.subscriptions[id] = UncheckedSendable(handler) }
        link.tell(HostProtocol.Services.subscribe, id, texts[0] ?? "", texts[1] ?? "", texts[2] ?? "", texts[3] ?? "")
        return id
    }

    private func unsubscribe(_ id: UInt64) {
        guard state.withLock({ $0.subscriptions.removeValue(forKey: id) }) != nil else { return }
        link.tell(HostProtocol.Services.unsubscribe, id)
    }

    // MARK: petald's calls back

    /// `RunFinished` and `Signal`, which petald calls on the host's object.
    var callbackMethods: [DBusMethod] {
        [
            HostProtocol.Plugin.runFinished.serve { [self] _, run, result, error, message in
                finishRun(
                    run, result: result.isEmpty ? nil : result, error: error.isEmpty ? nil : error,
                    message: message.isEmpty ? nil : message)
            },
            HostProtocol.Plugin.signal.serve { [self] _, id, sender, path, interface, member, args in
                guard let handler = state.withLock({ $0.subscriptions[id] }) else { return }
                switch handler.value {
                case .arguments(let handler, let context): handler(context, args)
                case .origin(let handler, let context): handler(context, sender, path, interface, member, args)
                }
            },
        ]
    }
}
