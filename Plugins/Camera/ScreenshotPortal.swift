import PetalJSON
import PetalPlugin
import Synchronization

/// Takes screenshots through xdg-desktop-portal's `org.freedesktop.portal.Screenshot`:
/// the call returns a request object, and the answer comes later as that
/// request's `Response(u response, a{sv} results)` signal.
///
/// The host's signal callback carries a signal's arguments but not its path,
/// so Responses cannot be told apart by request. Requests are therefore made
/// one at a time, and the first Response after subscribing is this request's
/// (xdg-desktop-portal sends each Response to its caller alone).
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
        guard busy.withLock({ wasBusy in defer { wasBusy = true }; return !wasBusy }) else {
            throw PluginError.failed("a screenshot is already being taken; try again when it is done")
        }
        defer { busy.withLock { $0 = false } }

        let response = ResponseBox()
        let subscription = host.subscribe(
            sender: Self.service, interface: Self.requestInterface, member: "Response") { response.deliver($0) }
        defer { subscription.cancel() }
        let token = "petal\(UInt64.random(in: 0...UInt64.max))"
        let options: JSONValue = ["handle_token": ["s", .string(token)], "interactive": ["b", .bool(interactive)]]
        let handle: String
        do {
            let reply = try await host.callMethod(
                destination: Self.service, path: Self.path, interface: Self.interface, method: "Screenshot",
                signature: "sa{sv}", arguments: ["", options])
            handle = reply.first?.stringValue ?? ""
        } catch let error as DBusCallError {
            if Self.absent.contains(error.name) { return nil }
            throw PluginError.failed("the screenshot portal (\(Self.service)) failed: \(error.name): \(error.message)")
        }
        let arguments: [JSONValue]
        do {
            arguments = try await response.wait()
        } catch {
            close(handle)
            throw error
        }
        return try Self.uri(fromResponse: arguments)
    }

    /// The URI in a `Response`'s arguments.
    ///
    /// - Throws: ``PluginError/failed(_:)`` for a cancelled (1) or failed (2) request.
    static func uri(fromResponse arguments: [JSONValue]) throws -> String {
        switch arguments.first?.int64Value {
        case 0:
            guard let uri = arguments.dropFirst().first?["uri"]?.stringValue, !uri.isEmpty else {
                throw PluginError.failed("the screenshot portal reported success but gave no uri: \(JSONValue.array(arguments))")
            }
            return uri
        case 1:
            throw PluginError.failed("the screenshot was cancelled by the user")
        default:
            throw PluginError.failed(
                "the screenshot portal ended the request without a screenshot (response \(arguments.first ?? .null)); is a portal backend for this desktop installed?")
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

/// Holds the first Response until the request waits for it.
private final class ResponseBox: Sendable {
    private struct State {
        var arguments: [JSONValue]?
        var waiter: CheckedContinuation<[JSONValue], any Error>?
        var cancelled = false
    }
    private let state = Mutex(State())

    /// Called with each matching signal's arguments; keeps the first.
    func deliver(_ arguments: [JSONValue]) {
        let waiter = state.withLock { state -> CheckedContinuation<[JSONValue], any Error>? in
            guard state.arguments == nil else { return nil }
            state.arguments = arguments
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: arguments)
    }

    /// The first Response's arguments, once it has come; throws `CancellationError` when the task is cancelled.
    func wait() async throws -> [JSONValue] {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let outcome = state.withLock { state -> Result<[JSONValue], any Error>? in
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
