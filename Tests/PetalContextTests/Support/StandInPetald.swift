import DBus
import Foundation
import PetalAPI
import Synchronization
import TestSupport

/// A stand-in for petald on a private bus, for as long as petald does not
/// serve `SetContext` itself: it owns `org.petal.Petal1` and serves
/// `org.petal.Petal1.Menus.SetContext` from the declaration petald will
/// serve, recording every call with the time it came.
final class StandInPetald: @unchecked Sendable {
    /// One `SetContext` as it came.
    struct Call: Sendable, CustomStringConvertible {
        /// Its `a{sv}`, every value a string (anything else is recorded as its description).
        let context: [String: String]
        /// The caller's unique name.
        let sender: String
        /// When it came, in `CLOCK_MONOTONIC` nanoseconds.
        let receivedAt: UInt64

        var app: String? { context["app"] }
        var description: String {
            context.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
    }

    let bus: PrivateBus
    /// The calls, in a box of their own that the method's handler holds.
    private final class Recorded: Sendable {
        let calls = Mutex<[Call]>([])
    }

    private let recorded = Recorded()
    private let current = Mutex<DBusConnection?>(nil)

    /// Starts on `bus` and waits until it owns the name.
    init(bus: PrivateBus) async throws {
        self.bus = bus
        try await appear()
    }

    /// Every call so far, oldest first.
    var calls: [Call] { recorded.calls.withLock { $0 } }

    /// Its unique name while it runs.
    var uniqueName: String? { current.withLock { $0?.uniqueName } }

    /// Connects anew and owns the name, as a restarted petald does.
    func appear() async throws {
        let connection = try DBusConnection.connect(to: .address(bus.address))
        let interface = DBusInterface(
            PetalBus.Menus.interface,
            methods: [
                PetalBus.Menus.setContext.serve { [recorded] call, context in
                    var values: [String: String] = [:]
                    for (key, value) in context.entries { values[key] = value.stringValue ?? "\(value)" }
                    let now = Self.monotonicNow()
                    recorded.calls.withLock { $0.append(Call(context: values, sender: call.sender, receivedAt: now)) }
                }
            ])
        try await connection.loop.perform { connection.objectServer.register([interface], at: PetalBus.path) }
        let reply = try await connection.requestName(PetalBus.name, flags: [.doNotQueue])
        guard reply == .primaryOwner else {
            throw TestSetupError("the stand-in petald could not own \(PetalBus.name): \(reply)")
        }
        current.withLock { $0 = connection }
    }

    /// Leaves the bus, as a petald that stops does.
    func leave() {
        current.withLock { connection in
            connection?.close()
            connection = nil
        }
    }

    /// Waits for a call after the first `skipping` that satisfies `predicate`, and returns it.
    ///
    /// - Throws: ``TestSetupError`` listing every call, once `limit` passes.
    @discardableResult
    func waitForCall(
        skipping: Int = 0, within limit: Duration = .seconds(10), where predicate: (Call) -> Bool
    ) async throws -> Call {
        let deadline = ContinuousClock.now + limit
        while true {
            if let call = calls.dropFirst(skipping).first(where: predicate) { return call }
            guard ContinuousClock.now < deadline else {
                throw TestSetupError(
                    "no SetContext as expected within \(limit); the calls were:\n"
                        + calls.map(\.description).joined(separator: "\n"))
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Waits for a call after the first `skipping` whose app is `app`.
    @discardableResult
    func waitForApp(_ app: String, skipping: Int = 0, within limit: Duration = .seconds(10)) async throws -> Call {
        try await waitForCall(skipping: skipping, within: limit) { $0.app == app }
    }

    /// `CLOCK_MONOTONIC` now, in nanoseconds: the clock other processes' timestamps share.
    static func monotonicNow() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    deinit { leave() }
}
