import PetalJSON
import PetalPlugin
import Synchronization

/// Takes screenshots through xdg-desktop-portal's `org.freedesktop.portal.Screenshot`:
/// the call returns a request object, and the answer comes later as that
/// request's `Response(u response, a{sv} results)` signal.
///
/// As the portal's documentation asks of clients, the answer taken is the
/// Response emitted on the request object the call returned, by the
/// connection that owns the portal's name: any other Response (another
/// request's, or one sent by another connection) is ignored. Responses that
/// come before the call's reply are kept until it says which request is ours.
/// Requests are made one at a time.
final class ScreenshotPortal: Sendable {
    static let service = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Screenshot"
    static let requestInterface = "org.freedesktop.portal.Request"
    /// Errors that mean there is no portal, or none with a Screenshot backend.
    static let absent: Set<String> = [
        "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
        "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownInterface",
        "org.freedesktop.DBus.Error.UnknownObject",
    ]

    private let host: PluginHost
    private let busy = Mutex(false)

    init(host: PluginHost) { self.host = host }

    /// Takes a screenshot; returns its URI, or nil when the portal is not on the bus.
    ///
    /// - Throws: ``PluginError/failed(_:)`` when the user cancelled, the portal
    ///   failed, or another screenshot is being taken; `CancellationError` when
    ///   the daemon gave up waiting.
    func take(interactive: Bool) async throws -> String? {
        guard
            busy.withLock({ wasBusy in
                defer { wasBusy = true }
                return !wasBusy
            })
        else {
            throw PluginError.failed("a screenshot is already being taken; try again when it is done")
        }
        defer { busy.withLock { $0 = false } }

        guard let portal = try await owner() else { return nil }
        let responses = ResponseBox()
        // Subscribed before the call, so that a Response sent before its reply is not missed.
        let subscription = try host.subscribeWithOrigin(
            sender: portal, interface: Self.requestInterface, member: "Response"
        ) { responses.deliver($0) }
        defer { subscription.cancel() }
        let token = "petal\(UInt64.random(in: 0...UInt64.max))"
        let options: JSONValue = ["handle_token": ["s", .string(token)], "interactive": ["b", .bool(interactive)]]
        let handle: String
        do {
            let reply = try await host.callMethod(
                destination: Self.service, path: Self.path, interface: Self.interface, method: "Screenshot",
                signature: "sa{sv}", arguments: ["", options])
            guard let path = reply.first?.stringValue, path.hasPrefix("/") else {
                throw PluginError.failed(
                    "the screenshot portal (\(Self.service)) answered Screenshot with \(JSONValue.array(reply)), not the object path of a request"
                )
            }
            handle = path
        } catch let error as DBusCallError {
            if Self.absent.contains(error.name) { return nil }
            throw PluginError.failed("the screenshot portal (\(Self.service)) failed: \(error.name): \(error.message)")
        }
        let arguments: [JSONValue]
        do {
            arguments = try await responses.wait(for: handle, from: portal)
        } catch {
            close(handle)
            throw error
        }
        return try Self.uri(fromResponse: arguments)
    }

    /// The unique name of the connection that owns the portal's name, whose
    /// Responses alone are taken; nil when nobody owns it.
    private func owner() async throws -> String? {
        do {
            let reply = try await host.callMethod(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                method: "GetNameOwner", signature: "s", arguments: [.string(Self.service)])
            return reply.first?.stringValue
        } catch let error as DBusCallError {
            if Self.absent.contains(error.name) { return nil }
            throw PluginError.failed(
                "cannot ask the bus which connection owns \(Self.service): \(error.name): \(error.message)")
        }
    }

    /// Whether `signal` is the Response to the request at `handle`: emitted on
    /// that object, by the portal's connection `portal`.
    static func isResponse(_ signal: ReceivedSignal, to handle: String, from portal: String) -> Bool {
        signal.path == handle && signal.sender == portal
            && signal.interface == requestInterface && signal.member == "Response"
    }

    /// The URI in a `Response`'s arguments.
    ///
    /// - Throws: ``PluginError/failed(_:)`` for a cancelled (1) or failed (2) request.
    static func uri(fromResponse arguments: [JSONValue]) throws -> String {
        switch arguments.first?.int64Value {
        case 0:
            guard let uri = arguments.dropFirst().first?["uri"]?.stringValue, !uri.isEmpty else {
                throw PluginError.failed(
                    "the screenshot portal reported success but gave no uri: \(JSONValue.array(arguments))")
            }
            return uri
        case 1:
            throw PluginError.failed("the screenshot was cancelled by the user")
        default:
            throw PluginError.failed(
                "the screenshot portal ended the request without a screenshot (response \(arguments.first ?? .null)); is a portal backend for this desktop installed?"
            )
        }
    }

    /// Asks the portal to drop a request nobody waits for any more, so its dialog goes away.
    private func close(_ handle: String) {
        guard handle.hasPrefix("/") else { return }
        let host = host
        Task {
            _ = try? await host.callMethod(
                destination: Self.service, path: handle, interface: Self.requestInterface, method: "Close",
                signature: "", arguments: [])
        }
    }
}

/// Collects the Responses the subscription delivers until the call's reply
/// says which request is ours, then holds ours until the request waits for it.
private final class ResponseBox: Sendable {
    private struct State {
        /// Responses that came before the request's path was known, at most ``earlyLimit``.
        var early: [ReceivedSignal] = []
        /// The request's path and the portal's connection, once the call has answered.
        var expected: (handle: String, portal: String)?
        var arguments: [JSONValue]?
        var waiter: CheckedContinuation<[JSONValue], any Error>?
        var cancelled = false
    }
    private let state = Mutex(State())
    /// The subscription takes only the portal's Responses, so a few are plenty.
    private static let earlyLimit = 16

    /// Called with each delivered signal: keeps ours, or every one while ours is not yet known.
    func deliver(_ signal: ReceivedSignal) {
        let waiter = state.withLock { state -> CheckedContinuation<[JSONValue], any Error>? in
            guard state.arguments == nil else { return nil }
            guard let expected = state.expected else {
                if state.early.count < Self.earlyLimit { state.early.append(signal) }
                return nil
            }
            guard ScreenshotPortal.isResponse(signal, to: expected.handle, from: expected.portal) else { return nil }
            state.arguments = signal.arguments
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: signal.arguments)
    }

    /// The arguments of the Response to the request at `handle` from `portal`, once
    /// it has come (perhaps already); throws `CancellationError` when the task is cancelled.
    func wait(for handle: String, from portal: String) async throws -> [JSONValue] {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let outcome = state.withLock { state -> Result<[JSONValue], any Error>? in
                    if state.expected == nil {
                        state.expected = (handle, portal)
                        state.arguments =
                            state.early.first { ScreenshotPortal.isResponse($0, to: handle, from: portal) }?.arguments
                        state.early = []
                    }
                    if let arguments = state.arguments { return .success(arguments) }
                    if state.cancelled { return .failure(CancellationError()) }
                    state.waiter = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.cancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
