import DBus
import Linux
import PetalAPI
import PetalCore
import PetalJSON
import PetalPluginRuntime
import Spelling

/// petald's service: the menus it serves (``ServedMenu``) and the chains
/// they open in (``MenuChains``), the action path (``ActionDispatcher``), the
/// plugins and providers (``PluginDirectory``, ``ProviderService``), the
/// ad-hoc menus connections make (``AdHocMenus``), and what ties them
/// together: start, reload, stop, and the status line.
///
/// Its seams come with `init`: the scheduler and its clock, where signals
/// go, and the object server, which is nil when there is no bus (in-process
/// tests, `--introspect`).
///
/// Unchecked Sendable: confined to its scheduler's thread (the event loop), where every entry point runs.
public final class MenuService: @unchecked Sendable {

    /// Loads the configuration at start-up and on `Reload`.
    public typealias ConfigurationSource = @Sendable () throws -> LoadedConfiguration

    let log: Logger
    let scheduler: any Scheduler
    let signals: any SignalSink
    /// Where objects are registered; nil without a bus.
    let server: ObjectServer?
    let actions: ActionDispatcher
    let plugins: PluginDirectory
    /// Every menu served, by name.
    private(set) var menus: [String: ServedMenu] = [:]
    /// The menus' names in the order `Menus` lists them: configured ones in
    /// configuration order, then ad-hoc ones in creation order.
    var order: [String] = []
    /// The menus' state machines and the chains they open in.
    var chains: MenuChains
    /// The timer for the next transition's deadline, and that deadline.
    var transitionTimer: (timer: ScheduledTimer, deadline: Duration)?
    /// The innermost open menu, as `ActiveMenu` last announced it.
    var announcedActiveMenu: String?
    /// Who made which ad-hoc menu, and the limits.
    var adHoc = AdHocMenus()
    /// The `Context` property: what its last setter gave.
    var context = DesktopContext.none
    /// The unique name of the connection that set ``context``; nil when none is set.
    var contextOwner: String?
    /// The plugins running in hosts of their own, whose rows in `Plugins` change as their hosts come and go.
    let isolated: [IsolatedPlugin]
    /// The folder of the drop-in files that declare activatable providers,
    /// read once the service starts and again on each reload; nil for none.
    let dropInFolder: String?
    /// Where toggle selections are kept across restarts.
    let selections: SelectionStore
    let loadConfiguration: ConfigurationSource
    /// The configuration in force, with where it came from.
    var loaded: LoadedConfiguration
    /// The configuration in force.
    var configuration: MenuConfiguration { loaded.configuration }
    /// The `ConfigWarnings` property: what ``takeWarnings()`` found when the configuration came into force.
    var configWarnings: [String] = []
    /// Registers D-Bus action providers; nil without a bus.
    /// The interfaces of every menu's object but the root's, shared by all of them.
    private(set) lazy var menuInterfaces = [makeMenuInterface()]
    /// The interfaces of every item's object, shared by all of them.
    private(set) lazy var itemInterfaces = [makeItemInterface()]
    private(set) lazy var providers: ProviderService? = server.map { server in
        ProviderService(
            connection: server.connection, actions: actions, plugins: plugins, log: log,
            stopping: { [unowned self] in actions.stopping }, changed: { [unowned self] in actionsChanged() })
    }
    /// Drops what connections that leave the bus leave behind.
    private var departures: SignalSubscriptionToken?
    /// Whether a program draws the menus: started when a menu opens without
    /// one; what `Choose` and `ChooseFrom` wait a little for.
    let frontend: FrontendPresence

    /// A service of `registry`'s actions, configured by `initial` and reloaded
    /// from `configuration`, running on `scheduler`, its signals going to
    /// `signals` and its objects to `server`. Call ``start()`` next, on the
    /// scheduler's thread. The frontend is followed on `server`'s bus unless
    /// `frontend` is given; with neither, one counts as present.
    init(
        registry: ActionRegistry, plugins: [PluginRecord] = [], isolated: [IsolatedPlugin] = [],
        dropInFolder: String? = nil, selections: SelectionStore? = nil, initial: LoadedConfiguration,
        configuration: @escaping ConfigurationSource, scheduler: any Scheduler, signals: any SignalSink,
        server: ObjectServer?, frontend: FrontendPresence? = nil, log: Logger
    ) {
        self.log = log
        self.scheduler = scheduler
        self.signals = signals
        self.server = server
        self.plugins = PluginDirectory(plugins)
        self.isolated = isolated
        self.dropInFolder = dropInFolder
        self.selections = selections ?? SelectionStore(directory: nil, log: log)
        self.loadConfiguration = configuration
        self.loaded = initial
        chains = MenuChains(clock: scheduler.clock)
        self.frontend =
            frontend
            ?? FrontendPresence(
                bus: server.map { BusFrontend(connection: $0.connection) }, scheduler: scheduler, log: log)
        actions = ActionDispatcher(
            registry: registry, settings: initial.configuration.actions, scheduler: scheduler, signals: signals,
            log: log)
        for definition in initial.configuration.menus { addMenu(definition) }
    }

    /// The interfaces of the root object, built without a bus: what `petald --introspect` prints.
    static func rootInterfaces(registry: ActionRegistry, initial: LoadedConfiguration, log: Logger) -> [DBusInterface] {
        let service = MenuService(
            registry: registry, initial: initial, configuration: { initial },
            scheduler: ManualScheduler(), signals: DiscardedSignals(), server: nil, log: log)
        return service.rootObject()
    }

    /// The main menu.
    var main: ServedMenu { menus[PetalBus.mainMenu]! }

    /// The menu called `name`.
    ///
    /// - Throws: `UnknownMenu` naming the menus there are, and the one meant when it is close.
    func menu(_ name: String) throws(DBusError) -> ServedMenu {
        guard let menu = menus[name] else {
            let list = "he Menus property lists them: \(order.joined(separator: ", "))"
            let guess = Spelling.closest(to: name, among: order, maximumDistance: 2)
            throw PetalError.make(
                .unknownMenu, "no menu is called \"\(name)\"; " + (guess.map { "did you mean \($0)? T" } ?? "t") + list)
        }
        return menu
    }

    /// The menu served at `path`, if any.
    func menu(at path: ObjectPath) -> ServedMenu? {
        menus.values.first { $0.path == path }
    }

    /// Starts serving: lists the drop-ins' and isolated plugins' actions,
    /// registers the objects, and follows the frontend and connections
    /// leaving the bus. Call on the scheduler's thread.
    public func start() {
        frontend.start()
        providers?.readDropIns(in: dropInFolder)
        for plugin in isolated {
            plugin.actionTimeout = configuration.actions.timeout
            plugin.onChange = { [unowned self, unowned plugin] in isolatedPluginChanged(plugin) }
            isolatedPluginChanged(plugin)
        }
        for name in order { menus[name]?.start() }
        takeWarnings()
        guard let server else { return }
        server.register(rootObject(), at: PetalBus.path, context: MenuObject(name: PetalBus.mainMenu))
        for name in order {
            guard let menu = menus[name] else { continue }
            if menu.path != PetalBus.path {
                server.register(menuInterfaces, at: menu.path, context: MenuObject(name: name))
            }
            menu.publishItems(replacing: [], interfaces: itemInterfaces)
        }
        departures = server.connection.onDeparture { [unowned self] name in connectionLeft(name) }
    }

    /// The root object's interfaces: the main menu's, the Menus interface, and the object manager.
    private func rootObject() -> [DBusInterface] {
        var interfaces = menuInterfaces + [menusInterface()]
        interfaces.append(
            server?.objectManagerInterface(at: PetalBus.path)
                ?? ObjectServer.objectManagerDescription(at: PetalBus.path))
        return interfaces
    }

    // MARK: Menus coming and going

    /// Serves a new menu from `definition` (its objects registered once started).
    @discardableResult
    func addMenu(
        _ definition: MenuSection, owner: String = "", transient: Bool = false, rows: ReceivedRows? = nil
    ) -> ServedMenu {
        let menu = ServedMenu(
            definition, owner: owner, transient: transient, rows: rows, signals: signals, server: server,
            actions: actions, selections: selections, log: log)
        menus[definition.name] = menu
        order.append(definition.name)
        chains.add(
            definition.name, openDuration: menu.settings.openDuration, closeDuration: menu.settings.closeDuration)
        return menu
    }

    /// Serves `menu` now that petald runs: its object and its items' (InterfacesAdded).
    func publish(_ menu: ServedMenu) {
        menu.start()
        server?.register(menuInterfaces, at: menu.path, context: MenuObject(name: menu.name))
        menu.publishItems(replacing: [], interfaces: itemInterfaces)
    }

    /// Stops serving the menu `name`: closed first if it is open (its
    /// `Choose` callers answered `Cancelled`), then its objects go (InterfacesRemoved).
    func removeMenu(_ name: String) {
        guard let menu = menus[name] else { return }
        apply(chains.remove(name))
        menu.choosers.cancelAll("the menu \(name) was removed before an item was chosen")
        menu.unpublishItems()
        if menu.path != PetalBus.path { server?.unregister(menu.path) }
        menus[name] = nil
        order.removeAll { $0 == name }
        if adHoc.forget(name) >= Self.largeMenuBytes {
            // What a picker of many rows held would otherwise stay in petald's RSS at its peak.
            _ = scheduler.schedule(after: .zero) { FreedMemory.returnToSystem() }
        }
        signals.emitPropertiesChanged(at: PetalBus.path, [PetalBus.Menus.menus])
        announceActiveMenu()
    }

    /// An ad-hoc menu of this much JSON or more gives its memory back to the system when it goes.
    static let largeMenuBytes = 1 << 20

    /// What a connection that left the bus leaves behind: its `Choose`
    /// calls, its providers, its ad-hoc menus, the context it set.
    private func connectionLeft(_ name: String) {
        for menu in menus.values { menu.choosers.dropCalls(from: name) }
        providers?.dropProviders(of: name)
        let made = adHoc.menus(ownedBy: name)
        for menu in made { removeMenu(menu) }
        // Many small menus add up as one large one does.
        if made.count > 1 { _ = scheduler.schedule(after: .zero) { FreedMemory.returnToSystem() } }
        contextOwnerLeft(name)
    }

    /// After actions came or went (a provider): items follow, and `Items`,
    /// `Actions` and `Plugins` are announced.
    private func actionsChanged() {
        for name in order { itemsFollowActions(in: name) }
    }

    /// The items of the menu `name` after actions came or went, announced.
    func itemsFollowActions(in name: String) {
        guard let menu = menus[name] else { return }
        let previous = menu.actionsChanged()
        if name == PetalBus.mainMenu {
            signals.emitPropertiesChanged(
                at: PetalBus.path, [PetalBus.Menu.items, PetalBus.Menu.actions, PetalBus.Menu.plugins])
        } else if previous != menu.items {
            signals.emitPropertiesChanged(at: menu.path, [PetalBus.Menu.items])
        }
        menu.publishItems(replacing: previous, interfaces: itemInterfaces)
    }

    /// An isolated plugin's host started, ended or was given up on: its row in `Plugins` says so.
    private func isolatedPluginChanged(_ plugin: IsolatedPlugin) {
        guard plugins.update(plugin.record) else { return }
        signals.emitPropertiesChanged(at: PetalBus.path, [PetalBus.Menu.plugins])
    }

    // MARK: Stop and status

    /// Stops for good: no new action starts; waiting `Choose` calls are
    /// answered at once; running actions get `grace` to finish and are then
    /// cancelled (their callers answered); then the connection is flushed and
    /// closed and `done` runs, on the scheduler's thread.
    public func shutDown(grace: Duration = .seconds(2), then done: @escaping () -> Void = {}) {
        guard !actions.stopping else { return }
        actions.stop()
        for menu in menus.values { menu.choosers.cancelAll("petald is stopping") }
        var finished = false
        let finish = { [unowned self] in
            guard !finished else { return }
            finished = true
            actions.cancelAll("petald is stopping; the action was cancelled")
            server?.connection.close()
            done()
        }
        // Whichever comes first: the last running action's end, or the grace's.
        let deadline = scheduler.schedule(after: grace, finish)
        actions.whenIdle { [unowned self] in
            scheduler.cancel(deadline)
            finish()
        }
    }

    /// A one-line summary for the service manager's STATUS.
    public var status: String {
        let others = order.count - 1
        var text = "Serving \(main.items.count) items"
        if others > 0 { text += " and \(others) other menu\(others == 1 ? "" : "s")" }
        text += "; " + plugins.summary
        if !selections.isPersistent { text += "; " + selections.status }
        return text
    }
}
