import DBus
import Linux
import PetalAPI
import PetalCore

/// Whether a program draws petald's menus, which it says by owning
/// `org.petal.Frontend1` (``PetalBus/frontendName``; petal-overlay does),
/// and what follows from it (docs/dbus-api.md, "A frontend on demand"):
///
/// - when a menu opens and nobody owns the name, the bus is asked to start
///   the program its service file names (`StartServiceByName`), never waited
///   for, one request at a time; a failure is logged once, not at each opening;
/// - a call answered only once someone chooses (`Choose`, `ChooseFrom`) is
///   ``require(_:within:onFailure:)``d: when nobody owns the name ``patience``
///   after it came, and it is still unanswered, it fails with `NoFrontend`.
///
/// The owner is followed from the bus's `NameOwnerChanged`. Without a bus
/// (in-process tests, `petald --introspect`) nothing could draw and nothing
/// waits: a frontend counts as present.
///
/// Unchecked Sendable: confined to its scheduler's thread (the event loop),
/// where every entry point and every answer of the bus runs.
final class FrontendPresence: @unchecked Sendable {
    /// How long a call that needs a frontend waits for one to own the name.
    static let patience: Duration = .seconds(2)

    /// Who owns the name, as last heard.
    enum Owner: Equatable {
        /// Not known yet: the bus has not answered.
        case unknown
        case present
        case absent
    }

    /// A call waiting for a frontend, and its deadline's timer.
    private final class Requirement {
        let isAnswered: () -> Bool
        let fail: (DBusError) -> Void
        let onFailure: () -> Void
        var timer: ScheduledTimer?

        init(_ call: some PendingCall, onFailure: @escaping () -> Void) {
            isAnswered = { call.isAnswered }
            fail = { call.fail($0) }
            self.onFailure = onFailure
        }
    }

    private let bus: (any FrontendBus)?
    private let scheduler: any Scheduler
    private let log: Logger
    /// Who owns the name, as last heard.
    private(set) var owner: Owner
    /// Whether a `StartServiceByName` is waiting for its answer.
    private(set) var isStarting = false
    /// The error name of the last failure to start one, logged in full once;
    /// forgotten when a frontend comes.
    private var lastFailure: String?
    /// When a failed start may be asked again; nil when nothing failed since a frontend was last seen.
    private var retryAt: Duration?
    private var waiting: [Requirement] = []

    /// Follows the name on `bus`; with none, a frontend is always present.
    init(bus: (any FrontendBus)?, scheduler: any Scheduler, log: Logger) {
        self.bus = bus
        self.scheduler = scheduler
        self.log = log
        owner = bus == nil ? .present : .unknown
    }

    /// Starts following the name's owner. Call on the scheduler's thread.
    func start() {
        bus?.follow { [unowned self] owned in ownerChanged(to: owned ? .present : .absent) }
    }

    /// A menu opened: when nobody is known to own the name, the bus is asked to start a frontend.
    func menuOpened() {
        if owner != .present { startFrontend() }
    }

    /// Makes `call` need a frontend: unless one owns the name by `limit` from
    /// now, or `call` has been answered by then, it fails with `NoFrontend`
    /// and `onFailure` runs. Nothing happens when a frontend owns it now.
    func require(_ call: some PendingCall, within limit: Duration = patience, onFailure: @escaping () -> Void = {}) {
        guard owner != .present else { return }
        startFrontend()
        waiting.removeAll { $0.isAnswered() }
        let requirement = Requirement(call, onFailure: onFailure)
        requirement.timer = scheduler.schedule(after: limit) { [unowned self, weak requirement] in
            guard let requirement else { return }
            waiting.removeAll { $0 === requirement }
            guard owner != .present, !requirement.isAnswered() else { return }
            requirement.fail(PetalError.make(.noFrontend, PetalBus.noFrontendMessage))
            requirement.onFailure()
        }
        waiting.append(requirement)
    }

    private func ownerChanged(to now: Owner) {
        guard now != owner else { return }
        let before = owner
        owner = now
        switch now {
        case .present:
            lastFailure = nil
            retryAt = nil
            log.info("a program that draws menus owns \(PetalBus.frontendName)")
            for requirement in waiting { if let timer = requirement.timer { scheduler.cancel(timer) } }
            waiting = []
        case .absent where before == .present:
            log.info(
                "nobody owns \(PetalBus.frontendName) any more; the next menu to open asks the bus to start a program that draws menus"
            )
        case .absent, .unknown:
            log.debug("nobody owns \(PetalBus.frontendName)")
        }
    }

    /// Sends `StartServiceByName` unless one is under way.
    private func startFrontend() {
        guard let bus, !isStarting else { return }
        // A bus that could not start one (no service file, say) is not asked at every opening:
        // each asking is a round trip on the way of every Toggle.
        if let retryAt, scheduler.clock.now < retryAt { return }
        isStarting = true
        bus.start { [unowned self] outcome in
            isStarting = false
            if case .failure(let error) = outcome {
                retryAt = scheduler.clock.now + Self.retryAfterFailure
                startFailed(error)
            }
        }
    }

    /// How long after a failed start petald asks the bus again.
    static let retryAfterFailure = Duration.seconds(10)

    /// Logs a failure to start a frontend: in full the first time, and again
    /// only when it fails differently or after a frontend has come and gone.
    private func startFailed(_ error: DBusError) {
        let repeated = lastFailure == error.name
        lastFailure = error.name
        guard !repeated else {
            return log.debug("the bus could not start \(PetalBus.frontendName) again: \(error.name)")
        }
        if error.name == DBusError.Name.serviceUnknown {
            log.info(
                "no program draws menus: nobody owns \(PetalBus.frontendName) and the bus has no service file to start one (make install puts petal-overlay's); menus open undrawn and Choose answers NoFrontend"
            )
        } else {
            log.warning(
                "the bus could not start a program that draws menus (\(PetalBus.frontendName)): \(error.name): \(error.message)"
            )
        }
    }
}
