import DBus
import PetalAPI
import PetalCore

/// `RegisterProvider` and `UnregisterProvider` (SPEC §3, "Action providers
/// over D-Bus"): a provider's actions are listed, run and timed like a
/// plugin's, until it unregisters or its connection leaves the bus.
extension MenuService {
    /// At most this many providers may be registered at once.
    static let maximumProviders = 64
    private static let getAll: MemberName = "GetAll"
    private static let properties: InterfaceName = "org.freedesktop.DBus.Properties"

    /// Reads the provider's `Name` and `Actions` from the caller's object at
    /// `path`, and answers once its actions are listed, or `InvalidProvider`.
    func registerProvider(_ path: ObjectPath, call: any PendingCall) throws(DBusError) -> MethodReply {
        guard let connection = server?.connection else { throw DBusError.failed("the menu is not being served") }
        guard !stopping else { throw PetalError.make(.busy, "petald is stopping and takes no new providers") }
        guard !providers.isKnown(call.sender, at: path) else {
            throw PetalError.make(.invalidProvider,
                "\(call.sender) has already registered (or is registering) a provider at \(path); unregister it first")
        }
        guard providers.count < Self.maximumProviders else {
            throw PetalError.make(.invalidProvider, "\(Self.maximumProviders) providers are registered, the most petald keeps")
        }
        let request: Message
        do {
            request = Message.methodCall(destination: try BusName(call.sender), path: path,
                                         interface: Self.properties, member: Self.getAll)
            try request.append([.string(PetalBus.providerInterface.rawValue)])
        } catch {
            throw DBusError.failed("cannot ask \(call.sender) for its properties: \(error)")
        }
        let sender = call.sender
        providers.startRegistering(sender, at: path)
        connection.sendWithReply(request, timeout: .seconds(5)) { [unowned self] reply in
            providers.finishRegistering(sender, at: path)
            do throws(DBusError) {
                let description = try ProviderDescription(
                    properties: try Self.providerProperties(reply, of: sender, at: path), owner: owner(of:))
                guard !stopping else { throw PetalError.make(.busy, "petald is stopping and takes no new providers") }
                addProvider(description, at: ProviderEndpoint(name: description.name, sender: sender, path: path),
                            connection: connection)
                call.reply([])
            } catch {
                log.warning("refused the action provider of \(sender) at \(path): \(error.message)")
                call.fail(error)
            }
        }
        return .later
    }

    /// Removes the provider the caller registered at `path`, or `UnknownProvider`.
    func unregisterProvider(_ path: ObjectPath, call: any PendingCall) throws(DBusError) -> MethodReply {
        guard let name = providers.name(registeredBy: call.sender, at: path) else {
            throw PetalError.make(.unknownProvider,
                "\(call.sender) has registered no provider at \(path); the Plugins property lists providers as dbus:<unique name><path>")
        }
        removeProvider(name, why: "unregistered")
        return .values([])
    }

    /// Removes every provider of `sender`, a connection that has left the bus.
    func dropProviders(of sender: String) {
        for name in providers.names(registeredBy: sender) { removeProvider(name, why: "its connection left the bus") }
    }

    /// Who holds `name` already: a loaded plugin or another provider.
    private func owner(of name: String) -> String? {
        if let endpoint = providers.endpoint(named: name) { return "the provider at \(endpoint.location)" }
        if let plugin = plugins.first(where: { $0.name == name && $0.status == .loaded }) { return "the plugin \(plugin.path)" }
        return nil
    }

    private static func providerProperties(
        _ reply: Result<Message, DBusError>, of sender: String, at path: ObjectPath
    ) throws(DBusError) -> [(key: String, value: DBusValue)] {
        let where_ = "\(PetalBus.providerInterface) at \(path) of \(sender)"
        switch reply {
        case .failure(let error):
            throw PetalError.make(.invalidProvider,
                "its properties could not be read (\(error.name): \(error.message)); serve \(where_) with the properties Name and Actions")
        case .success(let message):
            if let bytes = message.arrayByteLengths().first ?? nil, bytes > ProviderDescription.maximumReplyBytes {
                throw PetalError.make(.invalidProvider,
                    "its properties take \(bytes) bytes; the limit is \(ProviderDescription.maximumReplyBytes)")
            }
            guard message.hasSignature("a{sv}"), let first = (try? message.argumentsWithoutDescriptors())?.first,
                  let properties = DBusVariantDictionary(dbusValue: first) else {
                throw PetalError.make(.invalidProvider, "GetAll of \(where_) did not answer an a{sv}")
            }
            return properties.entries
        }
    }

    private func addProvider(_ description: ProviderDescription, at endpoint: ProviderEndpoint, connection: DBusConnection) {
        providers.add(endpoint)
        let timeout = configuration.actions.timeout + .seconds(5)
        for action in description.actions {
            registry.register(ProviderAction(id: action.id, title: action.title, icon: action.icon, endpoint: endpoint,
                                             connection: connection, callTimeout: timeout), plugin: description.name)
        }
        plugins.append(PluginRecord(name: description.name, version: "", path: endpoint.location, status: .loaded, reason: ""))
        log.info("action provider \(description.name) registered by \(endpoint.sender) at \(endpoint.path): \(description.actions.count) action\(description.actions.count == 1 ? "" : "s")")
        actionsChanged()
    }

    private func removeProvider(_ name: String, why: String) {
        guard let endpoint = providers.remove(name) else { return }
        registry.removeAll(from: name)
        plugins.removeAll { $0.path == endpoint.location }
        log.info("action provider \(name) (\(endpoint.location)) is gone: \(why)")
        actionsChanged()
    }
}
