import DBus

/// The menu a command acts on when none is named (docs/dbus-api.md, "The
/// open menu"): the open chain's, else `main`, so that `back`, `close` and
/// `activate` reach the menu a person is looking at.
extension PetalClient {
    /// The client of the menu a command without a menu acts on: the innermost
    /// open menu (`ActiveMenu`), or the top-level menu of its chain when
    /// `outermost` (found through `Parent`); `main` when every menu is
    /// collapsed, or from a petald without named menus.
    public func openMenu(outermost: Bool, then completion: @escaping @Sendable (Result<PetalClient, DBusError>) -> Void)
    {
        let main = menu(named: PetalBus.mainMenu)
        root.get(PetalBus.Menus.activeMenu) { result in
            switch result {
            case .failure(let error) where Self.lacksNamedMenus(error):
                completion(.success(main))
            case .failure(let error):
                completion(.failure(error))
            case .success(let path) where path == .root:
                completion(.success(main))
            case .success(let path):
                guard outermost else { return completion(.success(menu(at: path))) }
                climb(from: path, steps: 0, then: completion)
            }
        }
    }

    /// The client of the menu called `name` when one is given, else of ``openMenu(outermost:then:)``'s.
    public func menuToActOn(
        named name: String?, outermost: Bool = false,
        then completion: @escaping @Sendable (Result<PetalClient, DBusError>) -> Void
    ) {
        guard let name else { return openMenu(outermost: outermost, then: completion) }
        completion(.success(menu(named: name)))
    }

    /// The async form of ``menuToActOn(named:outermost:then:)``.
    public func menuToActOn(named name: String?, outermost: Bool = false) async throws -> PetalClient {
        try await withCheckedThrowingContinuation { continuation in
            menuToActOn(named: name, outermost: outermost) { continuation.resume(with: $0) }
        }
    }

    /// Follows `Parent` up from the menu at `path` to the top of its chain
    /// (at most ``MenuLimits``' chain length of steps, in case menus change meanwhile).
    private func climb(
        from path: ObjectPath, steps: Int, then completion: @escaping @Sendable (Result<PetalClient, DBusError>) -> Void
    ) {
        menu(at: path).menu.get(PetalBus.Menu.parent) { result in
            switch result {
            case .success(let parent) where parent != .root && steps < 16:
                climb(from: parent, steps: steps + 1, then: completion)
            case .success, .failure:
                // An ad-hoc menu may go while it is read: the last menu found is as good as any.
                completion(.success(menu(at: path)))
            }
        }
    }

    /// Whether `error` says petald serves no `org.petal.Petal1.Menus` (a v2 petald).
    static func lacksNamedMenus(_ error: DBusError) -> Bool {
        [DBusError.Name.unknownInterface, DBusError.Name.unknownProperty, DBusError.Name.unknownMethod]
            .contains(error.name)
    }
}
