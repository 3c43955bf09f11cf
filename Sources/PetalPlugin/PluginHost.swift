import Dispatch
import Glibc
import PetalJSON
import PetalPluginABI
import Synchronization

/// What the daemon offers a Swift plugin: logging, programs, D-Bus and settings.
///
/// All methods are thread-safe. Programs started here run outside the daemon's
/// sandbox (under systemd, in a transient unit of their own).
///
/// Unchecked Sendable: the daemon's host table is thread-safe and lives as long as the process.
public struct PluginHost: @unchecked Sendable {
    /// The daemon's table; read by this file and ``PluginHost+Signals.swift``.
    let table: UnsafePointer<petal_host>

    init(_ table: UnsafePointer<petal_host>) { self.table = table }

    /// The plugin's settings: `plugins.settings.<name>` of the configuration.
    public var settings: JSONObject {
        guard let raw = table.pointee.settings_json,
            case .object(let object)? = try? JSONValue.parse(String(cString: raw))
        else { return [:] }
        return object
    }

    /// Writes a line to the daemon's log.
    public func log(_ level: LogLevel, _ message: String) {
        table.pointee.log(table.pointee.context, petal_log_level(level.rawValue), message)
    }

    /// Starts `argv` (looked up on PATH, never through a shell) and does not
    /// wait for it to end; returns `{"unit": "name"}` when the user's systemd
    /// started it as a transient service, `{"pid": N}` when the daemon spawned it.
    ///
    /// Under systemd the host's `launch` waits for the unit to start, so the
    /// call runs on a thread of its own rather than one of Swift's few
    /// cooperative threads, which other actions need meanwhile. A
    /// ``SynchronousPlugin`` calls the synchronous form instead, on its worker.
    ///
    /// - Throws: ``PluginError/failed(_:)`` saying why it could not start.
    public func launch(
        _ argv: [String], environment: [String: String] = [:], directory: String? = nil
    ) async throws -> JSONObject {
        try await withCheckedThrowingContinuation { continuation in
            Self.blockingCalls.async {
                continuation.resume(
                    with: Result { try launchNow(argv, environment: environment, directory: directory) })
            }
        }
    }

    /// The synchronous form of ``launch(_:environment:directory:)``, for a
    /// ``SynchronousPlugin``'s `perform`: blocks the calling thread, the
    /// plugin's worker, until the program has started (under systemd, for the
    /// round trip to it: milliseconds, at most about 16 s). Never call it on
    /// one of Swift's cooperative threads; in an async context, `await` picks
    /// the async form.
    ///
    /// - Throws: ``PluginError/failed(_:)`` saying why it could not start.
    public func launch(
        _ argv: [String], environment: [String: String] = [:], directory: String? = nil
    ) throws -> JSONObject {
        try launchNow(argv, environment: environment, directory: directory)
    }

    /// Host calls that may block. A queue of our own targets libdispatch's
    /// overcommitting pool, which adds a thread when one blocks.
    private static let blockingCalls = DispatchQueue(label: "petal.plugin.blocking-host-calls", attributes: .concurrent)

    private func launchNow(_ argv: [String], environment: [String: String], directory: String?) throws -> JSONObject {
        var buffer = [CChar](repeating: 0, count: 1024)
        let options = Self.options(environment: environment, directory: directory, extra: [:])
        let status = withCStrings(argv) { arguments in
            table.pointee.launch(table.pointee.context, arguments, options, &buffer, buffer.count)
        }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard status == 0 else { throw PluginError.failed(text) }
        if case .object(let object)? = try? JSONValue.parse(text) { return object }
        return [:]
    }

    /// Runs `argv` to completion: returns `{"status", "stdout", "stderr"}` with capped tails.
    ///
    /// Cancelling the task (as the daemon does when the invocation times out
    /// or petald stops) ends the program with its whole process group; the
    /// result then has `"cancelled": true`. A daemon older than ABI 1.1 cannot
    /// stop it, and the program runs to its own end or `timeout`.
    public func run(
        _ argv: [String], environment: [String: String] = [:], directory: String? = nil,
        timeout: Double? = nil, outputLimit: Int? = nil
    ) async throws -> JSONObject {
        var extra: JSONObject = [:]
        if let timeout { extra["timeout"] = .double(timeout) }
        if let outputLimit { extra["output_limit"] = .int(Int64(outputLimit)) }
        let options = Self.options(environment: environment, directory: directory, extra: extra)
        guard hasStoppableRuns, let startRun = table.pointee.start_run, let stopRun = table.pointee.stop_run else {
            return try await withCompletion { complete, context in
                withCStrings(argv) { arguments in
                    table.pointee.run(table.pointee.context, arguments, options, complete, context)
                }
            }
        }
        let run = StoppableRun()
        let host = UncheckedHostTable(table)
        return try await withTaskCancellationHandler {
            try await withCompletion { complete, context in
                let id = withCStrings(argv) { arguments in
                    startRun(host.table.pointee.context, arguments, options, complete, context)
                }
                if run.started(id) { stopRun(host.table.pointee.context, id) }
            }
        } onCancel: {
            if let id = run.cancel() { stopRun(host.table.pointee.context, id) }
        }
    }

    /// Whether the daemon's table has `start_run` and `stop_run` (ABI 1.1).
    private var hasStoppableRuns: Bool {
        let end = MemoryLayout<petal_host>.offset(of: \petal_host.stop_run)! + MemoryLayout<UnsafeRawPointer?>.size
        return Int(table.pointee.struct_size) >= end
    }

    /// Calls a D-Bus method on the daemon's connection; `arguments` is a JSON
    /// array matching `signature`, with each variant written as `[signature, value]`.
    /// Returns the reply's arguments as a JSON array.
    public func callMethod(
        destination: String, path: String, interface: String, method: String,
        signature: String, arguments: [JSONValue], timeoutMilliseconds: Int32 = -1
    ) async throws -> [JSONValue] {
        let box = ReplyBox()
        let json = JSONValue.array(arguments).jsonText
        return try await withCheckedThrowingContinuation { continuation in
            box.continuation = continuation
            let context = Unmanaged.passRetained(box).toOpaque()
            table.pointee.call_method(
                table.pointee.context, destination, path, interface, method, signature, json, timeoutMilliseconds,
                { context, reply, errorName, message in
                    let box = Unmanaged<ReplyBox>.fromOpaque(context!).takeRetainedValue()
                    if let errorName {
                        box.continuation?.resume(
                            throwing: DBusCallError(
                                name: String(cString: errorName), message: message.map { String(cString: $0) } ?? ""))
                    } else {
                        let text = reply.map { String(cString: $0) } ?? "[]"
                        box.continuation?.resume(returning: (try? JSONValue.parse(text))?.arrayValue ?? [])
                    }
                }, context)
        }
    }

    private static func options(environment: [String: String], directory: String?, extra: JSONObject) -> String {
        var options = extra
        if !environment.isEmpty {
            options["env"] = .object(
                JSONObject(environment.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }))
        }
        if let directory { options["cwd"] = .string(directory) }
        return JSONValue.object(options).jsonText
    }
}

/// Log priorities, as syslog numbers them.
public enum LogLevel: UInt32, Sendable {
    case error = 3
    case warning = 4
    case notice = 5
    case info = 6
    case debug = 7
}

/// An error reply to ``PluginHost/callMethod(destination:path:interface:method:signature:arguments:timeoutMilliseconds:)``.
public struct DBusCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The D-Bus error name.
    public let name: String
    /// Its message.
    public let message: String

    /// An error reply named `name` saying `message`; for tests of a plugin's error handling.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(message)" }
}

/// Unchecked Sendable: its continuation is resumed once, by the one reply the daemon delivers.
private final class ReplyBox: @unchecked Sendable {
    var continuation: CheckedContinuation<[JSONValue], any Error>?
}

/// Calls `body` with a NULL-terminated C array of `strings`.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// The program of one ``PluginHost/run(_:environment:directory:timeout:outputLimit:)``,
/// whose cancellation can come before `start_run` has returned its id.
private final class StoppableRun: Sendable {
    private let state = Mutex<(id: UInt64, cancelled: Bool)>((0, false))

    /// Records the id; returns true when the run was cancelled meanwhile and must be stopped now.
    func started(_ id: UInt64) -> Bool {
        state.withLock {
            $0.id = id
            return $0.cancelled && id != 0
        }
    }

    /// Marks the run cancelled; returns its id when it has one to stop.
    func cancel() -> UInt64? {
        state.withLock {
            $0.cancelled = true
            return $0.id == 0 ? nil : $0.id
        }
    }
}

/// The daemon's host table, which is valid and thread-safe for the life of the process.
///
/// Unchecked Sendable: the daemon's table is valid and thread-safe for the life of the process.
private struct UncheckedHostTable: @unchecked Sendable {
    let table: UnsafePointer<petal_host>
    init(_ table: UnsafePointer<petal_host>) { self.table = table }
}
