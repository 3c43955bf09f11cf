import DBus
import Dispatch
import Glibc
import Linux
import PetalAPI
import PetalConfiguration
import PetalCore
import PetalPluginRuntime
import Synchronization

/// `petald` from command line to exit status: connect, serve the menu, own
/// `org.petal.Petal1`, run until stopped.
public enum Daemon {
    /// The well-known name Petal serves under.
    public static let busName = PetalBus.name

    /// Exit statuses, as `petald --help` documents them.
    public enum ExitStatus: Int32, Sendable {
        case success = 0
        case fault = 1
        case usage = 2
        case nameTaken = 3
    }

    /// The whole of an executable's `main`: blocks the handled signals before
    /// any thread starts, runs the daemon, and exits with its status.
    ///
    /// `main` must not use top-level `await`: an async main ends in
    /// libdispatch's `dispatch_main()`, which parks the main thread in
    /// `sigsuspend()` with an empty mask, so SIGTERM, SIGHUP and SIGINT would
    /// take their default action instead of reaching the daemon's signalfd.
    public static func main(
        registry: ActionRegistry = ActionRegistry(), configuration: MenuService.ConfigurationSource? = nil
    ) -> Never {
        SignalWatcher.blockHandledSignals()
        let arguments = Array(CommandLine.arguments.dropFirst())
        let started = Handoff<Start>()
        // Start-up is async (bus round trips); the daemon's life is not, and is
        // waited out here on the main thread, never on one of Swift's few
        // cooperative threads, which the plugins' tasks need.
        Task.detached {
            started.put(await start(arguments: arguments, registry: registry, configuration: configuration))
        }
        switch started.take() {
        case .exit(let status): exit(status)
        case .serving(let serving): exit(serving.waitUntilStopped())
        }
    }

    /// How start-up ended: with an exit status at once (`--help`, a bad
    /// configuration, the name taken), or with the daemon serving.
    enum Start: Sendable {
        case exit(Int32)
        case serving(Serving)
    }

    /// A daemon serving on its loop thread, until a signal or the bus stops it.
    struct Serving: Sendable {
        let loop: EventLoop
        let status: @Sendable () -> ExitStatus
        let plugins: [NativePlugin]
        let isolated: [IsolatedPlugin]
        let log: Logger

        /// Blocks until the loop ends, then winds down: every invocation has been
        /// answered or cancelled by then, the programs they ran end with them, and
        /// plugins release what init took once no call into them is left.
        func waitUntilStopped() -> Int32 {
            loop.waitUntilStopped()
            ProgramRunner.stopAll()
            for plugin in plugins { plugin.finish(log: log) }
            // One grace for all hosts: each has had its connection closed already and exits on its own.
            let deadline = MonotonicClock().now + .seconds(5)
            for plugin in isolated { plugin.finish(until: deadline) }
            return status().rawValue
        }
    }

    /// Starts the daemon: parses `arguments` (the command line without the
    /// program name), loads the configuration, connects and owns the name.
    ///
    /// - Parameters:
    ///   - registry: the actions available to items and `Trigger`.
    ///   - configuration: loads the menu at start-up and on reload.
    static func start(
        arguments: [String], registry: ActionRegistry, configuration: MenuService.ConfigurationSource?
    ) async -> Start {
        let options: DaemonOptions
        do {
            options = try DaemonOptions(arguments: arguments)
        } catch {
            printError("petald: \(error)")
            return .exit(ExitStatus.usage.rawValue)
        }
        if options.help {
            print(DaemonOptions.helpText, terminator: "")
            return .exit(0)
        }
        if options.version {
            print(BuildInfo.versionText(), terminator: "")
            return .exit(0)
        }
        if let path = options.checkConfigPath { return .exit(ConfigurationCheck(options: options).run(path: path)) }

        var log = Logger()
        if options.verbose { log.threshold = .debug }
        if options.quiet { log.threshold = .warning }

        let configPath = options.configPath
        // Its warnings are logged once the service knows the actions (MenuService.takeWarnings).
        let configuration = configuration ?? { try ConfigurationFile.loadConfigured(explicitPath: configPath) }
        let initial: LoadedConfiguration
        do {
            initial = try configuration()
        } catch let error as ConfigurationError {
            for problem in error.problems { printError("petald: \(problem)") }
            return .exit(ExitStatus.usage.rawValue)
        } catch {
            printError("petald: \(error)")
            return .exit(ExitStatus.usage.rawValue)
        }
        if options.introspect {
            print(
                Introspection.xml(
                    serving: MenuService.rootInterfaces(registry: registry, initial: initial, log: log),
                    at: PetalBus.path, children: initial.configuration.items.isEmpty ? [] : ["items"]), terminator: "")
            return .exit(0)
        }
        do {
            return try await serve(
                options: options, registry: registry, initial: initial,
                configuration: configuration, log: log)
        } catch {
            log.error("\(error)")
            return .exit(ExitStatus.fault.rawValue)
        }
    }

    private static func serve(
        options: DaemonOptions, registry: ActionRegistry, initial: LoadedConfiguration,
        configuration: @escaping MenuService.ConfigurationSource, log: Logger
    ) async throws -> Start {
        let loop = try EventLoop(name: "petald")
        let connection: DBusConnection
        do {
            connection = try DBusConnection.connect(to: options.bus, loop: loop)
        } catch {
            log.error(
                "\(error)\(options.bus == .session ? " (is DBUS_SESSION_BUS_ADDRESS set? `make run` starts a private bus when there is none)" : "")"
            )
            return .exit(ExitStatus.fault.rawValue)
        }
        var registry = registry
        // Known before any plugin can launch a program: under systemd, programs go into transient units.
        let launcher = SystemdLauncher(connection: connection, log: log)
        await launcher.watch()
        let isolation = IsolationSupport(
            policy: options.safeMode ? .none : initial.configuration.plugins.isolate, loop: loop, log: log)
        let loaded = loadPlugins(
            options: options, settings: initial.configuration.plugins, log: log, connection: connection,
            launcher: launcher, isolation: isolation, into: &registry)
        let plugins = loaded.records
        let store = SelectionStore(directory: StateDirectory.path(log: log), log: log)
        if !store.isPersistent { log.warning(store.status) }
        let notifier = SystemdNotifier(log: log)
        let status = Atomic<Int32>(ExitStatus.success.rawValue)
        let stopRequested = Atomic<Bool>(false)
        let stop: @Sendable (ExitStatus) -> Void = { exit in
            stopRequested.store(true, ordering: .relaxed)
            status.store(exit.rawValue, ordering: .relaxed)
            // Before the loop ends: each host is told to stop, so that it calls its plugin's deinit.
            _ = loop.execute {
                for plugin in loaded.isolated { plugin.stop() }
                isolation.close()
            }
            loop.stop()
        }
        let serving = Serving(
            loop: loop, status: { ExitStatus(rawValue: status.load(ordering: .relaxed)) ?? .fault },
            plugins: loaded.native, isolated: loaded.isolated, log: log)
        // Restrict before serving anything, so no call slips in unchecked.
        try await connection.objectServer.restrict(toUser: getuid()) { interface, member in
            interface == IntrospectableInterface.name.rawValue || interface == PeerInterface.name.rawValue
                || (interface == PropertiesInterface.name.rawValue
                    && (member == PropertiesInterface.get.name.rawValue
                        || member == PropertiesInterface.getAll.name.rawValue))
        }
        let service = MenuService(
            registry: registry, plugins: plugins, isolated: loaded.isolated,
            dropInFolder: ProviderDropIn.folder(), selections: store, initial: initial,
            configuration: configuration, server: connection.objectServer, log: log)
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
                    releaseName(on: connection)
                    service.shutDown { stop(.success) }
                }
            }
        }
        connection.onDisconnect {
            log.error("lost the connection to \(options.bus); exiting so that the service manager restarts petald")
            stop(.fault)
        }
        connection.onNameLost(busName) {
            // Also heard after our own ReleaseName while stopping; shutDown then does nothing new.
            log.notice("\(busName) is no longer ours (another petald was started with --replace, or we are stopping)")
            service.shutDown { stop(.success) }
        }
        var flags: NameRequestFlags = [.doNotQueue, .allowReplacement]
        if options.replace { flags.insert(.replaceExisting) }
        let outcome: NameRequestReply
        do {
            outcome = try await connection.requestName(busName, flags: flags)
        } catch {
            // A signal that arrived while the name was being requested stops the daemon as asked.
            guard stopRequested.load(ordering: .relaxed) else { throw error }
            return .serving(serving)
        }
        switch outcome {
        case .primaryOwner, .alreadyOwner:
            break
        case .exists, .inQueue:
            printError(
                """
                petald: \(busName) is already owned on \(options.bus) by another petald.
                Stop it first (systemctl --user stop petald), or start this one with --replace to take over.
                """)
            connection.close()
            return .exit(ExitStatus.nameTaken.rawValue)
        }
        log.info("serving \(busName) on \(options.bus) as \(connection.uniqueName)")
        if let ready = try? await loop.perform({ service.status }) {
            notifier.notify("READY=1", "STATUS=\(ready)", "MAINPID=\(getpid())")
        }
        notifier.startWatchdog(on: loop)
        return .serving(serving)
    }

    /// Gives the name back at once, so clients stop reaching this instance while it winds down.
    private static func releaseName(on connection: DBusConnection) {
        try? connection.send(BusDaemonInterface.releaseName, on: .bus, at: .bus, busName.rawValue)
    }

    private static func loadPlugins(
        options: DaemonOptions, settings: PluginSettings, log: Logger, connection: DBusConnection,
        launcher: SystemdLauncher, isolation: IsolationSupport, into registry: inout ActionRegistry
    ) -> PluginLoader.Loaded {
        let searchPath = PluginSearchPath(explicit: options.pluginDirectories + settings.paths)
        let executable = PluginSearchPath.executablePath()
        let binary = PluginSearchPath.parent(of: executable)
        let builtIn: Set<String> = [binary, PluginSearchPath.parent(of: binary) + "/lib/petal/plugins"]
        let loader = PluginLoader(
            searchPath: searchPath, builtInDirectories: builtIn, safeMode: options.safeMode, settings: settings,
            quarantine: Quarantine(directory: StateDirectory.path(log: log), log: log), log: log,
            connection: connection, launcher: launcher, isolation: isolation)
        return loader.load(into: &registry)
    }

    static func printError(_ text: String) {
        writeToStandardError(text + "\n")
    }
}
