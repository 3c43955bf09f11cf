import DBus
import Linux
import PetalAPI
import PetalCore
import PetalPluginRuntime

/// `RegisterProvider` and `UnregisterProvider` (docs/providers.md): a
/// provider's actions are listed, run and timed like a plugin's, until it
/// unregisters or its connection leaves the bus; an activatable provider's
/// drop-in file lists its actions before its program runs.
///
/// Confined to the loop thread.
final class ProviderService {
    /// At most this many providers may be registered at once.
    static let maximumProviders = Limits.providers

    private var providers = ProviderDirectory()
    private let connection: DBusConnection
    private let actions: ActionDispatcher
    private let plugins: PluginDirectory
    private let log: Logger
    /// Runs after actions were listed or unlisted.
    private let changed: () -> Void
    /// Whether petald is stopping; no provider registers then.
    private let stopping: () -> Bool
    /// The drop-in files the last ``readDropIns(in:)`` skipped, each with why.
    private(set) var dropInRefusals: [ProviderDropIn.Refusal] = []

    /// Registers providers on `connection`, listing their actions in `actions` and their rows in `plugins`.
    init(
        connection: DBusConnection, actions: ActionDispatcher, plugins: PluginDirectory, log: Logger,
        stopping: @escaping () -> Bool, changed: @escaping () -> Void
    ) {
        self.connection = connection
        self.actions = actions
        self.plugins = plugins
        self.log = log
        self.stopping = stopping
        self.changed = changed
    }

    /// How long a pending `Invoke` is kept: beyond `actions.timeout`, which answers the caller first.
    private var callTimeout: Duration { actions.settings.timeout + .seconds(5) }

    /// Reads the provider's `Name` and `Actions` from the caller's object at
    /// `path`, and answers once its actions are listed, or `InvalidProvider`.
    func register(_ path: ObjectPath, call: any PendingCall<Void>) throws(DBusError) {
        guard !stopping() else { throw PetalError.make(.busy, "petald is stopping and takes no new providers") }
        guard !providers.isKnown(call.sender, at: path) else {
            throw PetalError.make(
                .invalidProvider,
                "\(call.sender) has already registered (or is registering) a provider at \(path); unregister it first")
        }
        guard providers.count < Self.maximumProviders else {
            throw PetalError.make(
                .invalidProvider, "\(Self.maximumProviders) providers are registered, the most petald keeps")
        }
        let request: Message
        do {
            request = try PropertiesInterface.getAll.message(
                to: try BusName(call.sender), at: path, PetalBus.ActionProvider.interface.rawValue)
        } catch {
            throw DBusError.failed("cannot ask \(call.sender) for its properties: \(error)")
        }
        let sender = call.sender
        providers.startRegistering(sender, at: path)
        connection.sendWithReply(request, timeout: .seconds(5)) { [unowned self] reply in
            let properties: DBusPropertyValues
            do throws(DBusError) {
                properties = try Self.providerProperties(reply, of: sender, at: path)
            } catch {
                return refuse(call, sender, path, error)
            }
            let claimed = (try? properties.value(PetalBus.ActionProvider.name)) ?? ""
            // The program of a drop-in, started by the bus, takes its name over if it owns the drop-in's bus name.
            guard let dropIn = providers.dropIn(named: claimed), providers.endpoint(named: claimed) == nil else {
                return admit(properties, of: sender, at: path, call: call, replacing: nil)
            }
            askOwner(of: dropIn.endpoint.busName) { [unowned self] owner in
                guard owner == sender else {
                    return refuse(
                        call, sender, path,
                        PetalError.make(
                            .invalidProvider,
                            "its Name \"\(claimed)\" is declared by \(dropIn.file) for the bus name \(dropIn.endpoint.busName), which \(sender) does not own; choose another"
                        ))
                }
                // The file as it is now: a reload may have changed or removed it meanwhile.
                admit(properties, of: sender, at: path, call: call, replacing: providers.dropIn(named: claimed))
            }
        }
    }

    /// Reads the drop-in files in `folder` and lists the actions of the
    /// activatable providers they declare: at start, and again on each reload.
    ///
    /// A new file's actions are listed, a changed file's replace its old
    /// ones, and a removed file's go. A provider registered now keeps its own
    /// actions either way: its file's declaration is what is listed again
    /// once it leaves, and a removed file has none. A file that breaks a rule
    /// is skipped (kept in ``dropInRefusals``), as is one whose name a
    /// provider with no file has registered.
    ///
    /// - Returns: whether any action or `Plugins` row changed.
    @discardableResult
    func readDropIns(in folder: String?) -> Bool {
        let (fresh, refused) = ProviderDropIn.readAll(in: folder, owner: dropInOwner)
        dropInRefusals = refused
        let freshNames = Set(fresh.map(\.description.name))
        var changed = false
        for old in providers.allDropIns where !freshNames.contains(old.description.name) {
            let name = old.description.name
            providers.removeDropIn(named: name)
            log.info("\(old.file) no longer declares the activatable provider \(name)")
            guard providers.endpoint(named: name) == nil else { continue }
            unlistActions(of: old.endpoint)
            changed = true
        }
        for dropIn in fresh {
            let name = dropIn.description.name
            let old = providers.dropIn(named: name)
            guard old != dropIn else { continue }
            providers.addDropIn(dropIn)
            guard providers.endpoint(named: name) == nil else { continue }
            if let old { unlistActions(of: old.endpoint) }
            listActions(of: dropIn.description, at: dropIn.endpoint, reason: "activatable, declared in \(dropIn.file)")
            changed = true
        }
        if !fresh.isEmpty {
            log.info("\(fresh.count) activatable provider\(fresh.count == 1 ? "" : "s") from drop-in files")
        }
        return changed
    }

    /// Who holds `name` against a drop-in being read: a loaded plugin, or a
    /// provider registered without a drop-in (one with a drop-in is that
    /// file's own program, whose file may change).
    private func dropInOwner(of name: String) -> String? {
        if let endpoint = providers.endpoint(named: name), providers.dropIn(named: name) == nil {
            return "the provider at \(endpoint.location)"
        }
        // Providers are listed in `Plugins` too, at a dbus: location.
        guard let plugin = plugins.loadedPlugin(named: name), !plugin.hasPrefix("dbus:") else { return nil }
        return "the plugin \(plugin)"
    }

    private func admit(
        _ properties: DBusPropertyValues, of sender: String, at path: ObjectPath, call: any PendingCall<Void>,
        replacing dropIn: ProviderDropIn?
    ) {
        providers.finishRegistering(sender, at: path)
        do throws(DBusError) {
            let description = try ProviderDescription(properties: properties) { [unowned self] name in
                name == dropIn?.description.name ? nil : owner(of: name)
            }
            guard !stopping() else { throw PetalError.make(.busy, "petald is stopping and takes no new providers") }
            if let dropIn { unlistActions(of: dropIn.endpoint) }
            let endpoint = ProviderEndpoint(name: description.name, busName: sender, path: path)
            providers.add(endpoint)
            listActions(of: description, at: endpoint, reason: "")
            log.info(
                "action provider \(description.name) registered by \(sender) at \(path): \(description.actions.count) action\(description.actions.count == 1 ? "" : "s")"
            )
            changed()
            call.reply(())
        } catch {
            refuse(call, sender, path, error)
        }
    }

    private func refuse(_ call: any PendingCall<Void>, _ sender: String, _ path: ObjectPath, _ error: DBusError) {
        providers.finishRegistering(sender, at: path)
        log.warning("refused the action provider of \(sender) at \(path): \(error.message)")
        call.fail(error)
    }

    private func askOwner(of name: String, then answer: @escaping (String?) -> Void) {
        connection.callOnLoop(BusDaemonInterface.getNameOwner, on: .bus, at: .bus, name, timeout: .seconds(5)) {
            answer(try? $0.get())
        }
    }

    /// Removes the provider `sender` registered at `path`, or `UnknownProvider`.
    func unregister(_ path: ObjectPath, sender: String) throws(DBusError) {
        guard let name = providers.name(registeredBy: sender, at: path) else {
            throw PetalError.make(
                .unknownProvider,
                "\(sender) has registered no provider at \(path); the Plugins property lists providers as dbus:<unique name><path>"
            )
        }
        remove(name, why: "unregistered")
    }

    /// Removes every provider of `sender`, a connection that has left the bus.
    func dropProviders(of sender: String) {
        for name in providers.names(registeredBy: sender) { remove(name, why: "its connection left the bus") }
    }

    /// Who holds `name` already: a loaded plugin, another provider, or a drop-in.
    func owner(of name: String) -> String? {
        if let endpoint = providers.endpoint(named: name) { return "the provider at \(endpoint.location)" }
        if let dropIn = providers.dropIn(named: name) { return "the activatable provider of \(dropIn.file)" }
        if let plugin = plugins.loadedPlugin(named: name) { return "the plugin \(plugin)" }
        return nil
    }

    /// The provider's properties from its `GetAll` reply, measured before they are decoded.
    private static func providerProperties(
        _ reply: Result<Message, DBusError>, of sender: String, at path: ObjectPath
    ) throws(DBusError) -> DBusPropertyValues {
        let served = "\(PetalBus.ActionProvider.interface) at \(path) of \(sender)"
        switch reply {
        case .failure(let error):
            throw PetalError.make(
                .invalidProvider,
                "its properties could not be read (\(error.name): \(error.message)); serve \(served) with the properties Name and Actions"
            )
        case .success(let message):
            if let bytes = message.argumentByteLengths().first ?? nil, bytes > ProviderDescription.maximumReplyBytes {
                throw PetalError.make(
                    .invalidProvider,
                    "its properties take \(bytes) bytes; the limit is \(ProviderDescription.maximumReplyBytes)")
            }
            guard let values = try? message.argumentsWithoutDescriptors(),
                let all = try? PropertiesInterface.getAll.decodeReply(values, from: sender)
            else {
                throw PetalError.make(.invalidProvider, "GetAll of \(served) did not answer an a{sv}")
            }
            return DBusPropertyValues(all, from: sender)
        }
    }

    private func listActions(of description: ProviderDescription, at endpoint: ProviderEndpoint, reason: String) {
        for action in description.actions {
            actions.register(
                ProviderAction(
                    id: action.id, title: action.title, icon: action.icon, endpoint: endpoint,
                    connection: connection, callTimeout: callTimeout), plugin: description.name)
        }
        plugins.addProvider(named: description.name, at: endpoint.location, reason: reason)
    }

    private func unlistActions(of endpoint: ProviderEndpoint) {
        actions.removeAll(from: endpoint.name)
        plugins.remove(at: endpoint.location)
    }

    private func remove(_ name: String, why: String) {
        guard let endpoint = providers.remove(name) else { return }
        unlistActions(of: endpoint)
        log.info("action provider \(name) (\(endpoint.location)) is gone: \(why)")
        // An activatable provider's actions stay listed: the bus starts it again on the next call.
        if let dropIn = providers.dropIn(named: name) {
            listActions(of: dropIn.description, at: dropIn.endpoint, reason: "activatable, declared in \(dropIn.file)")
        }
        changed()
    }
}
