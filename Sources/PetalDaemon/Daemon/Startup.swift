import DBus
import Glibc
import Linux
import PetalAPI
import PetalConfiguration
import PetalCore
import PetalPluginRuntime
import Synchronization

/// petald from its connection to serving, one named step at a time, as
/// mako's main reads: connect, know systemd, load the plugins, open the
/// state, restrict the callers, start the service, follow the bus, own the
/// name, say it is ready. Each step's result is kept for the next.
final class Startup: Sendable {
    let options: DaemonOptions
    let log: Logger
    /// Petal's own plugins as linked into the program, taken instead of their libraries.
    let linkedPlugins: [LinkedPlugin]
    let loop: EventLoop
    private let notifier: SystemdNotifier
    private let status = Atomic<Int32>(Daemon.ExitStatus.success.rawValue)
    private let stopRequested = Atomic<Bool>(false)

    /// A start-up with `options`, on a loop of its own.
    init(options: DaemonOptions, log: Logger, linkedPlugins: [LinkedPlugin]) throws {
        self.options = options
        self.log = log
        self.linkedPlugins = linkedPlugins
        loop = try EventLoop(name: "petald")
        notifier = SystemdNotifier(log: log)
    }

    /// Runs every step; the daemon then serves on its loop thread, or start-up ends with an exit status.
    func serve(
        registry: ActionRegistry, initial: LoadedConfiguration, configuration: @escaping MenuService.ConfigurationSource
    ) async throws -> Daemon.Start {
        guard let connection = connect() else { return .exit(Daemon.ExitStatus.fault.rawValue) }
        let launcher = await knowSystemd(on: connection)
        let isolation = IsolationSupport(
            policy: options.safeMode ? .none : initial.configuration.plugins.isolate, loop: loop, log: log)
        var registry = registry
        let plugins = loadPlugins(
            settings: initial.configuration.plugins, connection: connection, launcher: launcher,
            isolation: isolation, into: &registry)
        let serving = Daemon.Serving(
            loop: loop, status: { [self] in Daemon.ExitStatus(rawValue: status.load(ordering: .relaxed)) ?? .fault },
            plugins: plugins.native, isolated: plugins.isolated, log: log)
        let stop = stopping(isolated: plugins.isolated, isolation: isolation)
        try await restrictCallers(of: connection)
        let service = MenuService(
            registry: registry, plugins: plugins.records, isolated: plugins.isolated,
            dropInFolder: ProviderDropIn.folder(), selections: openSelections(), initial: initial,
            configuration: configuration, scheduler: LoopScheduler(loop), signals: connection.objectServer,
            server: connection.objectServer, log: log)
        try await start(service, on: connection, stop: stop)
        follow(connection, service: service, stop: stop)
        switch try await ownName(on: connection) {
        case .owned: break
        case .stopping: return .serving(serving)
        case .taken: return .exit(Daemon.ExitStatus.nameTaken.rawValue)
        }
        await sayReady(service, on: connection)
        return .serving(serving)
    }

    // MARK: Steps

    /// Connects to the bus of the options; nil, said in the log, when it cannot.
    private func connect() -> DBusConnection? {
        do {
            let connection = try DBusConnection.connect(to: options.bus, loop: loop)
            connection.answerCallsOverLimit(with: PetalBus.ErrorName.limitExceeded.errorName)
            return connection
        } catch {
            let hint =
                options.bus == .session
                ? " (is DBUS_SESSION_BUS_ADDRESS set? `make run` starts a private bus when there is none)" : ""
            log.error("\(error)\(hint)")
            return nil
        }
    }

    /// Learns whether systemd runs the session, before any plugin can launch a
    /// program: under systemd, programs go into transient units.
    private func knowSystemd(on connection: DBusConnection) async -> SystemdLauncher {
        let launcher = SystemdLauncher(connection: connection, log: log)
        await launcher.watch()
        return launcher
    }

    /// Loads every plugin of the search path into `registry`.
    private func loadPlugins(
        settings: PluginSettings, connection: DBusConnection, launcher: SystemdLauncher,
        isolation: IsolationSupport, into registry: inout ActionRegistry
    ) -> PluginLoader.Loaded {
        let searchPath = PluginSearchPath(explicit: options.pluginDirectories + settings.paths)
        let binary = PluginSearchPath.parent(of: PluginSearchPath.executablePath())
        let builtIn: Set<String> = [binary, PluginSearchPath.parent(of: binary) + "/lib/petal/plugins"]
        var loader = PluginLoader(
            searchPath: searchPath, builtInDirectories: builtIn, safeMode: options.safeMode, settings: settings,
            quarantine: Quarantine(directory: StateDirectory.path(log: log), log: log), log: log,
            connection: connection, launcher: launcher, isolation: isolation)
        loader.linkedPlugins = Dictionary(linkedPlugins.map { ($0.name, $0) }) { first, _ in first }
        return loader.load(into: &registry)
    }

    /// The toggles' selections kept across restarts, in memory when the state folder cannot be written.
    private func openSelections() -> SelectionStore {
        let store = SelectionStore(directory: StateDirectory.path(log: log), log: log)
        if !store.isPersistent { log.warning(store.status) }
        return store
    }

    /// Only the daemon's user may call anything but Introspectable, Peer and
    /// Properties' Get and GetAll; restricted before anything is served, so no call slips in unchecked.
    private func restrictCallers(of connection: DBusConnection) async throws {
        try await connection.objectServer.restrict(toUser: getuid()) { interface, member in
            interface == IntrospectableInterface.name.rawValue || interface == PeerInterface.name.rawValue
                || (interface == PropertiesInterface.name.rawValue
                    && (member == PropertiesInterface.get.name.rawValue
                        || member == PropertiesInterface.getAll.name.rawValue))
        }
    }

    /// Serves the menus, and answers SIGHUP with a reload and SIGTERM and SIGINT with a stop.
    private func start(
        _ service: MenuService, on connection: DBusConnection, stop: @escaping @Sendable (Daemon.ExitStatus) -> Void
    ) async throws {
        let (log, notifier, loop) = (log, notifier, loop)
        try await loop.perform {
            connection.objectServer.logErrors { log.error($0) }
            service.start()
            try SignalWatcher.watch(on: loop) { signal in
                if signal == SIGHUP {
                    log.info("SIGHUP: reloading the configuration")
                    notifier.notify(
                        "RELOADING=1", SystemdNotifier.monotonicLine(), "STATUS=Reloading the configuration")
                    do { try service.reload() } catch { log.error("reload failed: \(error)") }
                    notifier.notify("READY=1", "STATUS=\(service.status)")
                } else {
                    log.info("\(signal == SIGTERM ? "SIGTERM" : "SIGINT"): stopping")
                    notifier.notify("STOPPING=1", "STATUS=Stopping")
                    Self.releaseName(on: connection)
                    service.shutDown { stop(.success) }
                }
            }
        }
    }

    /// Stops when the bus connection is lost (a fault: systemd restarts
    /// petald) or the name is taken over (`--replace`).
    private func follow(
        _ connection: DBusConnection, service: MenuService, stop: @escaping @Sendable (Daemon.ExitStatus) -> Void
    ) {
        let (log, bus) = (log, options.bus)
        connection.onDisconnect {
            log.error("lost the connection to \(bus); exiting so that the service manager restarts petald")
            stop(.fault)
        }
        connection.onNameLost(Daemon.busName) {
            // Also heard after our own ReleaseName while stopping; shutDown then does nothing new.
            log.notice(
                "\(Daemon.busName) is no longer ours (another petald was started with --replace, or we are stopping)")
            service.shutDown { stop(.success) }
        }
    }

    /// How asking for the name ended.
    private enum NameOutcome {
        case owned, taken, stopping
    }

    /// Asks for `org.petal.Petal1`; when another petald has it, says so and closes the connection.
    private func ownName(on connection: DBusConnection) async throws -> NameOutcome {
        var flags: NameRequestFlags = [.doNotQueue, .allowReplacement]
        if options.replace { flags.insert(.replaceExisting) }
        let outcome: NameRequestReply
        do {
            outcome = try await connection.requestName(Daemon.busName, flags: flags)
        } catch {
            // A signal that arrived while the name was being requested stops the daemon as asked.
            guard stopRequested.load(ordering: .relaxed) else { throw error }
            return .stopping
        }
        switch outcome {
        case .primaryOwner, .alreadyOwner:
            return .owned
        case .exists, .inQueue:
            Daemon.printError(
                """
                petald: \(Daemon.busName) is already owned on \(options.bus) by another petald.
                Stop it first (systemctl --user stop petald), or start this one with --replace to take over.
                """)
            connection.close()
            return .taken
        }
    }

    /// Tells the log and systemd that petald serves, and starts the watchdog.
    private func sayReady(_ service: MenuService, on connection: DBusConnection) async {
        log.info("serving \(Daemon.busName) on \(options.bus) as \(connection.uniqueName)")
        if let ready = try? await loop.perform({ service.status }) {
            notifier.notify("READY=1", "STATUS=\(ready)", "MAINPID=\(getpid())")
        }
        notifier.startWatchdog(on: loop)
    }

    // MARK: The stop

    /// What stops the daemon with an exit status: each isolated plugin's host
    /// is told to stop before the loop ends (so that it calls its plugin's
    /// deinit), then the loop ends, and the main thread winds down (``Daemon/Serving``).
    private func stopping(
        isolated: [IsolatedPlugin], isolation: IsolationSupport
    ) -> @Sendable (Daemon.ExitStatus) -> Void {
        return { [self] exit in
            stopRequested.store(true, ordering: .relaxed)
            status.store(exit.rawValue, ordering: .relaxed)
            _ = loop.execute {
                for plugin in isolated { plugin.stop() }
                isolation.close()
            }
            loop.stop()
        }
    }

    /// Gives the name back at once, so clients stop reaching this instance while it winds down.
    private static func releaseName(on connection: DBusConnection) {
        try? connection.send(BusDaemonInterface.releaseName, on: .bus, at: .bus, Daemon.busName.rawValue)
    }
}
