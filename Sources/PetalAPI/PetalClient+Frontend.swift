import DBus

/// The frontend's role name, `org.petal.Frontend1` (``PetalBus/frontendName``),
/// from a client's side: a program that draws petald's menus owns it, and
/// petalctl asks whether one does or could be started.
extension PetalClient {
    /// Who could draw petald's menus.
    public enum FrontendAvailability: Sendable, Equatable {
        /// A program owns the name: it draws them.
        case running
        /// Nobody owns it, but the bus has a service file to start one with.
        case activatable
        /// Nobody owns it, and nothing can start one.
        case absent
    }

    /// Asks the bus whether a program owns the name, and if none does,
    /// whether it could start one (`ListActivatableNames`); starts nothing.
    /// Callable from any thread; `completion` runs on the loop thread.
    public func frontendAvailability(
        then completion: @escaping @Sendable (Result<FrontendAvailability, DBusError>) -> Void
    ) {
        let connection = connection
        let name = PetalBus.frontendName.rawValue
        connection.call(BusDaemonInterface.nameHasOwner, on: .bus, at: .bus, name) { owned in
            switch owned {
            case .failure(let error): completion(.failure(error))
            case .success(true): completion(.success(.running))
            case .success(false):
                connection.call(BusDaemonInterface.listActivatableNames, on: .bus, at: .bus) { names in
                    completion(names.map { $0.contains(name) ? .activatable : .absent })
                }
            }
        }
    }

    /// Asks for the name, as a program that draws menus does: when another
    /// program owns it, this one waits in the name's queue and gets it when
    /// that one leaves, so the name has an owner while anything draws.
    /// Callable from any thread; `completion` runs on the loop thread.
    public func claimFrontendName(then completion: @escaping @Sendable (Result<NameRequestReply, DBusError>) -> Void) {
        connection.call(BusDaemonInterface.requestName, on: .bus, at: .bus, PetalBus.frontendName.rawValue, UInt32(0)) {
            reply in
            completion(
                reply.flatMap { code in
                    NameRequestReply(rawValue: code).map(Result.success)
                        ?? .failure(.failed("the bus answered RequestName with \(code), which is no RequestName reply"))
                })
        }
    }
}
