import DBus
import PetalCore

/// What petald says of any of its menus, as a client following all of them hears it.
public enum EveryMenuEvent: Sendable {
    /// `StateChanged` of the menu at the path.
    case stateChanged(ObjectPath, state: MenuState)
    /// `PropertiesChanged` of the object at the path (a menu or an item).
    case propertiesChanged(ObjectPath, interface: String, changed: DBusVariantDictionary, invalidated: [String])
    /// `InterfacesAdded` from the root: an object came (an ad-hoc menu, its items, a reload's).
    case interfacesAdded(ObjectPath, ObjectManagerInterface.InterfacesAndProperties)
    /// `InterfacesRemoved` from the root: an object went.
    case interfacesRemoved(ObjectPath, [String])
    /// petald took its name (started, or restarted).
    case appeared
    /// petald left the bus.
    case vanished
}

/// Following and reading every menu at once, for a client that draws them
/// all (the overlay), in the callback forms: `handler` and `completion` run
/// on the connection's loop thread.
extension PetalClient {
    /// Follows every menu and item object of petald from now on, across its
    /// restarts. The rules reach the bus before any call sent after this returns.
    public func followEveryMenu(_ handler: @escaping @Sendable (EveryMenuEvent) -> Void) {
        let connection = self.connection
        let below = Self.path
        func follow<each Argument: DBusArgumentValue>(
            _ signal: DBusSignalDeclaration<repeat each Argument>, path: ObjectPath? = nil,
            namespace: ObjectPath? = nil, _ event: @escaping @Sendable (ObjectPath, repeat each Argument) -> Void
        ) {
            let rule = signal.rule(sender: Self.name, path: path, pathNamespace: namespace)
            _ = connection.subscribeWithoutWaiting(rule) { message in
                guard let raw = message.path, let path = try? ObjectPath(raw),
                    let arguments = signal.decode(message)
                else { return }
                event(path, repeat each arguments)
            }
        }
        follow(PetalBus.Menu.stateChanged, namespace: below) { path, state, _ in
            handler(.stateChanged(path, state: state))
        }
        follow(PropertiesInterface.propertiesChanged, namespace: below) { path, interface, changed, invalidated in
            handler(.propertiesChanged(path, interface: interface, changed: changed, invalidated: invalidated))
        }
        follow(ObjectManagerInterface.interfacesAdded, path: below) { _, object, interfaces in
            handler(.interfacesAdded(object, interfaces))
        }
        follow(ObjectManagerInterface.interfacesRemoved, path: below) { _, object, interfaces in
            handler(.interfacesRemoved(object, interfaces))
        }
        followPetald { owner in handler(owner.isEmpty ? .vanished : .appeared) }
    }

    /// Reads every menu petald serves now: `main`'s properties, then every
    /// object below it, in two calls whatever the number of menus.
    public func readEveryMenu(then completion: @escaping @Sendable (Result<MenuMirror, DBusError>) -> Void) {
        let main = DBusProxy(
            connection: connection, destination: Self.name, path: Self.path, interface: PetalBus.Menu.interface)
        let root = root
        main.call(PropertiesInterface.getAll, PetalBus.Menu.interface.rawValue) { properties in
            switch properties {
            case .failure(let error):
                completion(.failure(error))
            case .success(let properties):
                root.call(ObjectManagerInterface.getManagedObjects) { objects in
                    completion(
                        objects.map { objects in
                            var mirror = MenuMirror()
                            mirror.reset(main: properties, objects: objects)
                            return mirror
                        })
                }
            }
        }
    }

    /// Reads the Menu properties of the menu at `path` again (one of them
    /// was announced changed without its value).
    public func readMenuProperties(
        at path: ObjectPath, then completion: @escaping @Sendable (Result<DBusVariantDictionary, DBusError>) -> Void
    ) {
        let menu = DBusProxy(
            connection: connection, destination: Self.name, path: path, interface: PetalBus.Menu.interface)
        menu.call(PropertiesInterface.getAll, PetalBus.Menu.interface.rawValue, then: completion)
    }
}
