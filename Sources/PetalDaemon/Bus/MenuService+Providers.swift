import DBus
import PetalAPI
import PetalCore
import PetalPluginRuntime

/// `RegisterProvider` and `UnregisterProvider` (SPEC §3, "Action providers
/// over D-Bus"): a provider's actions are listed, run and timed like a
/// plugin's, until it unregisters or its connection leaves the bus.
extension MenuService {
    /// At most this many providers may be registered at once.
    static let maximumProviders = 64
    private static let getAll: MemberName = "GetAll"
    private static let properties: InterfaceName = "org.freedesktop.DBus.Properties"
    private static let getNameOwner: MemberName = "GetNameOwner"

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
            let properties: [(key: String, value: DBusValue)]
            do throws(DBusError) {
                properties = try Self.providerProperties(reply, of: sender, at: path)
            } catch {
                return refuse(call, sender, path, error)
            }
            let claimed = properties.first { $0.key == "Name" }?.value.unwrapped.stringValue ?? ""
            // The program of a drop-in, started by the bus, takes its name over if it owns the drop-in's bus name.
            guard let dropIn = providers.dropIn(named: claimed), providers.endpoint(named: claimed) == nil else {
                return admit(properties, of: sender, at: path, call: call, connection: connection, replacing: nil)
            }
            askOwner(of: dropIn.endpoint.busName, on: connection) { [unowned self] owner in
                guard owner == sender else {
                    return refuse(call, sender, path, PetalError.make(.invalidProvider,
                        "its Name \"\(claimed)\" is declared by \(dropIn.file) for the bus name \(dropIn.endpoint.busName), which \(sender) does not own; choose another"))
                }
                admit(properties, of: sender, at: path, call: call, connection: connection, replacing: dropIn)
            }
        }
        return .later
    }

    /// Lists the actions of the activatable providers that drop-in files declare.
    func listDropIns(_ dropIns: [ProviderDropIn], connection: DBusConnection) {
        for dropIn in dropIns {
            providers.addDropIn(dropIn)
            listActions(of: dropIn.description, at: dropIn.endpoint, connection: connection,
                        reason: "activatable, declared in \(dropIn.file)")
        }
        if !dropIns.isEmpty { log.info("\(dropIns.count) activatable provider\(dropIns.count == 1 ? "" : "s") from drop-in files") }
    }

    private func admit(
        _ properties: [(key: String, value: DBusValue)], of sender: String, at path: ObjectPath, call: any PendingCall,
        connection: DBusConnection, replacing dropIn: ProviderDropIn?
    ) {
        providers.finishRegistering(sender, at: path)
        do throws(DBusError) {
            let description = try ProviderDescription(properties: properties) { [unowned self] name in
                name == dropIn?.description.name ? nil : owner(of: name)
            }
            guard !stopping else { throw PetalError.make(.busy, "petald is stopping and takes no new providers") }
            if let dropIn { unlistActions(of: dropIn.endpoint) }
            let endpoint = ProviderEndpoint(name: description.name, busName: sender, path: path)
            providers.add(endpoint)
            listActions(of: description, at: endpoint, connection: connection, reason: "")
            log.info("action provider \(description.name) registered by \(sender) at \(path): \(description.actions.count) action\(description.actions.count == 1 ? "" : "s")")
            actionsChanged()
            call.reply([])
        } catch {
            refuse(call, sender, path, error)
        }
    }

    private func refuse(_ call: any PendingCall, _ sender: String, _ path: ObjectPath, _ error: DBusError) {
        providers.finishRegistering(sender, at: path)
        log.warning("refused the action provider of \(sender) at \(path): \(error.message)")
        call.fail(error)
    }

    private func askOwner(of name: String, on connection: DBusConnection, then answer: @escaping (String?) -> Void) {
        let request = Message.methodCall(destination: .bus, path: .bus, interface: .bus, member: Self.getNameOwner)
        guard (try? request.append([.string(name)])) != nil else { return answer(nil) }
        connection.sendWithReply(request, timeout: .seconds(5)) { reply in
            answer((try? reply.get().arguments())?.first?.stringValue)
        }
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

    /// Who holds `name` already: a loaded plugin, another provider, or a drop-in.
    func owner(of name: String) -> String? {
        if let endpoint = providers.endpoint(named: name) { return "the provider at \(endpoint.location)" }
        if let dropIn = providers.dropIn(named: name) { return "the activatable provider of \(dropIn.file)" }
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

    private func listActions(
        of description: ProviderDescription, at endpoint: ProviderEndpoint, connection: DBusConnection, reason: String
    ) {
        let timeout = configuration.actions.timeout + .seconds(5)
        for action in description.actions {
            registry.register(ProviderAction(id: action.id, title: action.title, icon: action.icon, endpoint: endpoint,
                                             connection: connection, callTimeout: timeout), plugin: description.name)
        }
        plugins.append(PluginRecord(name: description.name, version: "", path: endpoint.location, status: .loaded,
                                    reason: reason))
    }

    private func unlistActions(of endpoint: ProviderEndpoint) {
        registry.removeAll(from: endpoint.name)
        plugins.removeAll { $0.path == endpoint.location }
    }

    private func removeProvider(_ name: String, why: String) {
        guard let endpoint = providers.remove(name) else { return }
        unlistActions(of: endpoint)
        log.info("action provider \(name) (\(endpoint.location)) is gone: \(why)")
        // An activatable provider's actions stay listed: the bus starts it again on the next call.
        if let dropIn = providers.dropIn(named: name), let connection = server?.connection {
            listActions(of: dropIn.description, at: dropIn.endpoint, connection: connection,
                        reason: "activatable, declared in \(dropIn.file)")
        }
        actionsChanged()
    }
}
