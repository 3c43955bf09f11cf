import DBus
import Linux
import PetalAPI
import PetalContextCore
import PetalCore

/// Keeps petald's `Context` property what the desktop shows: follows petald
/// on the bus (NameOwnerChanged of `org.petal.Petal1`) and calls `SetContext`
/// as ``ContextPublication`` says: only changes, one call in flight, then the
/// latest, and everything again whenever petald appears.
///
/// Calls go to petald's unique name, never its well-known one: a petald
/// that is not running is not started for a context (D-Bus activation), and
/// a call in flight when petald restarts fails rather than reach the new
/// one, which is then sent the context as it appears.
///
/// Confined to the connection's loop thread: every method runs there.
///
/// Unchecked Sendable: confined to the connection's loop thread.
final class PetaldPublisher: @unchecked Sendable {
    private let connection: DBusConnection
    private let source: String
    private let log: Logger
    private var publication = ContextPublication()
    private var ownerWatch: SignalSubscriptionToken?
    /// The error last logged for a refused call, so a petald that keeps
    /// refusing is said once, not at every focus change.
    private var lastRefusal: String?

    init(connection: DBusConnection, source: String, log: Logger) {
        self.connection = connection
        self.source = source
        self.log = log
    }

    /// Starts following petald; call on the loop thread.
    func start() {
        precondition(connection.loop.inEventLoop, "PetaldPublisher runs on its connection's loop thread")
        ownerWatch = PetalClient(connection: connection).followPetald { [self] owner in ownerChanged(to: owner) }
        // Asked after the rule is sent: the bus reads both in order, so an owner that comes later is a signal.
        connection.callOnLoop(BusDaemonInterface.getNameOwner, on: .bus, at: .bus, PetalBus.name.rawValue) {
            [self] result in
            guard case .success(let owner) = result else {
                log.info("petald is not on the bus yet; its context will be set when it starts")
                return
            }
            ownerChanged(to: owner)
        }
    }

    /// The desktop shows `context` now.
    func desktopChanged(to context: DesktopContext) {
        log.debug("the desktop shows \(context.logLine)")
        send(publication.desktopChanged(to: context))
    }

    private func ownerChanged(to owner: String) {
        if owner.isEmpty {
            guard publication.petald != nil else { return }
            log.info("petald left the bus; its context goes with it")
            publication.petaldLeft()
        } else if owner != publication.petald {
            log.info("petald is on the bus (\(owner)); setting its context")
            lastRefusal = nil
            send(publication.petaldAppeared(as: owner))
        }
    }

    private func send(_ step: ContextPublication.Send?) {
        guard let step else { return }
        let destination: BusName
        do {
            destination = try BusName(step.petald)
        } catch {
            log.error("the bus named petald \"\(step.petald)\", which is no bus name: \(error)")
            return send(publication.callFinished(accepted: false))
        }
        let context = step.context.said(by: source).dictionary
        connection.callOnLoop(PetalBus.Menus.setContext, on: destination, at: PetalBus.path, context) { [self] result in
            switch result {
            case .success:
                log.debug("set petald's context: \(step.context.logLine)")
                lastRefusal = nil
                send(publication.callFinished(accepted: true))
            case .failure(let error):
                if publication.petald == step.petald { report(error) }
                send(publication.callFinished(accepted: false))
            }
        }
    }

    private func report(_ error: DBusError) {
        guard error.name != lastRefusal else { return }
        lastRefusal = error.name
        if error.name == DBusError.Name.unknownMethod || error.name == DBusError.Name.unknownInterface {
            log.warning(
                "petald does not serve \(PetalBus.Menus.interface).SetContext: it is older than petal-context. Menus cannot follow the context until petald is updated (\(error.name))"
            )
        } else {
            log.warning(
                "petald refused the context: \(error.message) (\(error.name)); it is sent again at the next change")
        }
    }
}
