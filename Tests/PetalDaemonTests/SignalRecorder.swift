import DBus
import Synchronization
import TestSupport

/// A signal the daemon emitted, decoded when it arrived.
struct BusSignal: Sendable, CustomStringConvertible {
    let path: String
    let interface: String
    let member: String
    let arguments: [DBusValue]

    init(_ message: Message) {
        path = message.path ?? ""
        interface = message.interface ?? ""
        member = message.member ?? ""
        arguments = (try? message.arguments()) ?? []
    }

    /// For `PropertiesChanged`: the changed properties with their new values.
    var changedProperties: [String: DBusValue] {
        member == "PropertiesChanged" && arguments.count == 3 ? arguments[1].entries : [:]
    }

    /// For `StateChanged`: `[state, previous]`.
    var stateChange: [String] { member == "StateChanged" ? arguments.compactMap(\.stringValue) : [] }

    var description: String { "\(path) \(member)\(arguments)" }
}

/// Records every signal the daemon emits from `/org/petal/Petal1` (or that
/// `rule` matches), from the moment it is created, so tests can wait for one with a deadline or check
/// what was (and was not) emitted before a reply arrived.
///
/// The client handles incoming messages in order on its loop, so every signal
/// the daemon sent before a reply is recorded by the time the reply is returned.
final class SignalRecorder: Sendable {
    private let recorded: Recorded
    private let token: SignalSubscriptionToken

    /// Starts recording on `connection` (the daemon's client by default).
    init(
        _ daemon: RunningDaemon, on connection: DBusConnection? = nil,
        rule: MatchRule = MatchRule(path: RunningDaemon.path)
    ) async throws {
        let recorded = Recorded()
        token = try await (connection ?? daemon.client).subscribe(rule) { message in
            recorded.append(BusSignal(message))
        }
        self.recorded = recorded
    }

    /// Everything recorded so far, in arrival order.
    var all: [BusSignal] { recorded.all }

    /// How many signals have been recorded; pass it as `since` to look only at later ones.
    var mark: Int { recorded.all.count }

    /// The recorded signals named `member`, from index `since` on.
    func signals(_ member: String, since: Int = 0) -> [BusSignal] {
        recorded.all.dropFirst(since).filter { $0.member == member }
    }

    /// The `StateChanged` signals from `since` on, each as `[state, previous]`.
    func stateChanges(since: Int = 0) -> [[String]] {
        signals("StateChanged", since: since).map(\.stateChange)
    }

    /// Waits until a signal named `member` satisfying `predicate` has arrived
    /// (at index `since` or later) and returns the first one.
    ///
    /// - Throws: `TestSetupError` listing what did arrive, when `limit` passes first.
    @discardableResult
    func wait(
        for member: String, since: Int = 0, within limit: Duration = .patience,
        where predicate: (BusSignal) -> Bool = { _ in true }
    ) async throws -> BusSignal {
        let deadline = ContinuousClock.now + limit
        while true {
            if let found = signals(member, since: since).first(where: predicate) { return found }
            guard ContinuousClock.now < deadline else {
                throw TestSetupError("no \(member) signal arrived within \(limit); recorded: \(all.dropFirst(since))")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Stops recording.
    func cancel() { token.cancel() }

    deinit { token.cancel() }
}

/// The recorder's storage, shared with the handler on the client's loop thread.
private final class Recorded: Sendable {
    private let signals = Mutex<[BusSignal]>([])
    func append(_ signal: BusSignal) { signals.withLock { $0.append(signal) } }
    var all: [BusSignal] { signals.withLock { $0 } }
}
