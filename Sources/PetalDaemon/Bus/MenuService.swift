import DBus
import PetalAPI
import PetalCore
import PetalJSON
import PetalPluginRuntime

/// petald's service: the menu it serves (``ServedMenu``), the action path
/// (``ActionRunner``), the plugins and providers (``PluginDirectory``,
/// ``ProviderService``), and what ties them together: start, reload, stop,
/// and the status line.
///
/// Confined to its scheduler's thread (the event loop in petald): every
/// entry point runs there. Its seams come with `init`: the scheduler and
/// its clock, where signals go, and the object server, which is nil when
/// there is no bus (in-process tests, `--introspect`).
///
/// Unchecked Sendable: confined to its scheduler's thread (the event loop), where every entry point runs.
public final class MenuService: @unchecked Sendable {
    /// Ids and action ids longer than this are refused.
    static let maximumIDBytes = 255

    /// Loads the configuration at start-up and on `Reload`.
    public typealias ConfigurationSource = @Sendable () throws -> MenuConfiguration

    let log: Logger
    let scheduler: any Scheduler
    let signals: any SignalSink
    /// Where objects are registered; nil without a bus.
    let server: ObjectServer?
    let actions: ActionRunner
    let plugins: PluginDirectory
    /// The main menu, at ``PetalBus/path``.
    let menu: ServedMenu
    /// The plugins running in hosts of their own, whose rows in `Plugins` change as their hosts come and go.
    private let isolated: [IsolatedPlugin]
    /// The activatable providers drop-in files declare, listed once the service starts.
    private let providerDropIns: [ProviderDropIn]
    /// Where toggle selections are kept across restarts.
    let selections: SelectionStore
    private let loadConfiguration: ConfigurationSource
    private(set) var configuration: MenuConfiguration
    /// Registers D-Bus action providers; nil without a bus.
    private(set) lazy var providers: ProviderService? = server.map { server in
        ProviderService(
            connection: server.connection, actions: actions, plugins: plugins, log: log,
            stopping: { [unowned self] in actions.stopping }, changed: { [unowned self] in actionsChanged() })
    }
    /// Drops what connections that leave the bus leave behind.
    private var departures: SignalSubscriptionToken?

    /// A service of `registry`'s actions, configured by `initial` and reloaded
    /// from `configuration`, running on `scheduler`, its signals going to
    /// `signals` and its objects to `server`. Call ``start()`` next, on the
    /// scheduler's thread.
    init(
        registry: ActionRegistry, plugins: [PluginRecord] = [], isolated: [IsolatedPlugin] = [],
        providerDropIns: [ProviderDropIn] = [], selections: SelectionStore? = nil, initial: MenuConfiguration,
        configuration: @escaping ConfigurationSource, scheduler: any Scheduler, signals: any SignalSink,
        server: ObjectServer?, log: Logger
    ) {
        self.log = log
        self.scheduler = scheduler
        self.signals = signals
        self.server = server
        self.plugins = PluginDirectory(plugins)
        self.isolated = isolated
        self.providerDropIns = providerDropIns
        let selections = selections ?? SelectionStore(directory: nil, log: log)
        self.selections = selections
        self.loadConfiguration = configuration
        self.configuration = initial
        actions = ActionRunner(
            registry: registry, settings: initial.actions, scheduler: scheduler, signals: signals,
            log: log)
        menu = ServedMenu(
            path: PetalBus.path, settings: initial.menu, items: initial.items, scheduler: scheduler,
            signals: signals, server: server, actions: actions, selections: selections, log: log)
    }

    /// A service on petald's loop: its scheduler, and `server` for signals and objects.
    convenience init(
        registry: ActionRegistry, plugins: [PluginRecord], isolated: [IsolatedPlugin],
        providerDropIns: [ProviderDropIn],
        selections: SelectionStore, initial: MenuConfiguration, configuration: @escaping ConfigurationSource,
        server: ObjectServer, log: Logger
    ) {
        self.init(
            registry: registry, plugins: plugins, isolated: isolated, providerDropIns: providerDropIns,
            selections: selections, initial: initial, configuration: configuration,
            scheduler: LoopScheduler(server.connection.loop), signals: server, server: server, log: log)
    }

    /// The interfaces of the root object, built without a bus: what `petald --introspect` prints.
    static func rootInterfaces(registry: ActionRegistry, initial: MenuConfiguration, log: Logger) -> [DBusInterface] {
        let service = MenuService(
            registry: registry, initial: initial, configuration: { initial },
            scheduler: ManualScheduler(), signals: DiscardedSignals(), server: nil, log: log)
        return [service.menuInterface(), ObjectServer.objectManagerDescription(at: PetalBus.path)]
    }

    /// Starts serving: lists the drop-ins' and isolated plugins' actions,
    /// registers the objects, and follows connections leaving the bus. Call
    /// on the scheduler's thread.
    public func start() {
        providers?.listDropIns(providerDropIns)
        for plugin in isolated {
            plugin.actionTimeout = configuration.actions.timeout
            plugin.onChange = { [unowned self, unowned plugin] in isolatedPluginChanged(plugin) }
            isolatedPluginChanged(plugin)
        }
        menu.start()
        guard let server else { return }
        server.register([menuInterface(), server.objectManagerInterface(at: PetalBus.path)], at: PetalBus.path)
        menu.publishItems(replacing: [], interface: itemInterface)
        departures = server.connection.onDeparture { [unowned self] name in
            menu.choosers.dropCalls(from: name)
            providers?.dropProviders(of: name)
        }
    }

    /// After actions came or went (a provider): items follow, and `Items`,
    /// `Actions` and `Plugins` are announced.
    private func actionsChanged() {
        let previous = menu.actionsChanged()
        signals.emitPropertiesChanged(
            at: PetalBus.path, [PetalBus.Menu.items, PetalBus.Menu.actions, PetalBus.Menu.plugins])
        menu.publishItems(replacing: previous, interface: itemInterface)
    }

    /// An isolated plugin's host started, ended or was given up on: its row in `Plugins` says so.
    private func isolatedPluginChanged(_ plugin: IsolatedPlugin) {
        guard plugins.update(plugin.record) else { return }
        signals.emitPropertiesChanged(at: PetalBus.path, [PetalBus.Menu.plugins])
    }

    // MARK: Reload

    /// Loads the configuration again and swaps it in whole, or keeps the old one.
    ///
    /// The state machine keeps its state; a highlighted item that is gone is cleared;
    /// selections of items that remain are kept.
    public func reload() throws(DBusError) {
        let fresh: MenuConfiguration
        do {
            fresh = try loadConfiguration()
        } catch {
            throw PetalError.make(.invalidConfig, "\(error); the previous configuration stays in force")
        }
        let previousAppearance = appearance
        configuration = fresh
        let (previous, highlightCleared) = menu.reload(settings: fresh.menu, items: fresh.items)
        actions.settings = fresh.actions
        for plugin in isolated { plugin.actionTimeout = fresh.actions.timeout }
        typealias Menu = PetalBus.Menu
        var changed: [any DBusPropertyMember] = [Menu.items, Menu.layout, Menu.layoutStyle, Menu.actions]
        if highlightCleared { changed.append(Menu.highlighted) }
        // Clients redraw on this one, so it is announced only when it changed.
        if appearance != previousAppearance { changed.append(Menu.appearance) }
        signals.emitPropertiesChanged(at: PetalBus.path, changed)
        menu.publishItems(replacing: previous, interface: itemInterface)
        log.info("configuration reloaded: \(menu.items.count) items")
    }

    /// `Appearance`, in the form PetalAPI reads.
    var appearance: DBusVariantDictionary {
        DBusVariantDictionary(MenuAppearance(configuration).entries)
    }

    // MARK: Stop and status

    /// Stops for good: no new action starts; waiting `Choose` calls are
    /// answered at once; running actions get `grace` to finish and are then
    /// cancelled (their callers answered); then the connection is flushed and
    /// closed and `done` runs, on the scheduler's thread.
    public func shutDown(grace: Duration = .seconds(2), then done: @escaping () -> Void = {}) {
        guard !actions.stopping else { return }
        actions.stop()
        menu.choosers.cancelAll("petald is stopping")
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
        var text = "Serving \(menu.items.count) items; " + plugins.summary
        if !selections.isPersistent { text += "; " + selections.status }
        return text
    }

    static func checkLength(_ text: String, what: String, error name: String = DBusError.Name.invalidArgs)
        throws(DBusError)
    {
        let count = text.utf8.count
        guard count <= maximumIDBytes else {
            throw DBusError(name, "the \(what) is \(count) bytes long; the limit is \(maximumIDBytes) bytes")
        }
    }
}
