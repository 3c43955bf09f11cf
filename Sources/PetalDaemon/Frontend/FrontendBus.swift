import DBus
import PetalAPI

/// What ``FrontendPresence`` asks of the bus about `org.petal.Frontend1`
/// (``PetalBus/frontendName``): a seam, so that in-process tests say who owns
/// the name and how starting it ends. Called on the service's scheduler,
/// whose thread the closures run on too.
protocol FrontendBus: AnyObject {
    /// Follows the name's owner: `changed` gets whether it has one, first as
    /// the bus answers now, then at each change, in the order the bus saw them.
    func follow(_ changed: @escaping @Sendable (_ owned: Bool) -> Void)
    /// Asks the bus to start the program its service file names for the
    /// name; `completion` gets the bus's answer, which may take as long as
    /// the program takes to own the name.
    func start(_ completion: @escaping @Sendable (Result<Void, DBusError>) -> Void)
}

/// ``FrontendBus`` on petald's own connection, with the bus daemon's
/// `NameOwnerChanged`, `NameHasOwner` and `StartServiceByName`.
final class BusFrontend: FrontendBus {
    /// How long the bus may take to start a frontend before the request
    /// counts as failed: a session bus gives activation up to 120 s, but a
    /// menu that waits that long has long been given up on; another opening
    /// asks again (the bus joins it to an activation still under way).
    static let startTimeout: Duration = .seconds(25)

    private let connection: DBusConnection
    private var subscription: SignalSubscriptionToken?

    /// Asks `connection`'s bus.
    init(connection: DBusConnection) {
        self.connection = connection
    }

    deinit { subscription?.cancel() }

    func follow(_ changed: @escaping @Sendable (_ owned: Bool) -> Void) {
        let name = PetalBus.frontendName.rawValue
        // The rule reaches the bus before the question, so every change after its answer is signalled.
        subscription = connection.subscribeWithoutWaiting(
            BusDaemonInterface.nameOwnerChanged, sender: .bus, path: .bus, arguments: [0: name]
        ) { _, _, owner in
            changed(!owner.isEmpty)
        }
        connection.callOnLoop(BusDaemonInterface.nameHasOwner, on: .bus, at: .bus, name) { reply in
            if case .success(let owned) = reply { changed(owned) }
        }
    }

    func start(_ completion: @escaping @Sendable (Result<Void, DBusError>) -> Void) {
        connection.callOnLoop(
            BusDaemonInterface.startServiceByName, on: .bus, at: .bus, PetalBus.frontendName.rawValue, UInt32(0),
            timeout: Self.startTimeout
        ) { reply in
            completion(reply.map { _ in () })
        }
    }
}
