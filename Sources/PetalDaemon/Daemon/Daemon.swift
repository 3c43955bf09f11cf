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
    ///
    /// - Parameter linkedPlugins: Petal's own plugins, as linked into the program (petald links them).
    package static func main(
        registry: ActionRegistry = ActionRegistry(), linkedPlugins: [LinkedPlugin] = [],
        configuration: MenuService.ConfigurationSource? = nil
    ) -> Never {
        SignalWatcher.blockHandledSignals()
        let arguments = Array(CommandLine.arguments.dropFirst())
        let started = Handoff<Start>()
        // Start-up is async (bus round trips); the daemon's life is not, and is
        // waited out here on the main thread, never on one of Swift's few
        // cooperative threads, which the plugins' tasks need.
        Task.detached {
            started.put(
                await start(
                    arguments: arguments, registry: registry, linkedPlugins: linkedPlugins,
                    configuration: configuration))
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
    ///   - linkedPlugins: Petal's own plugins as linked into the program.
    ///   - configuration: loads the menu at start-up and on reload.
    static func start(
        arguments: [String], registry: ActionRegistry, linkedPlugins: [LinkedPlugin],
        configuration: MenuService.ConfigurationSource?
    ) async -> Start {
        let options: DaemonOptions
        do {
            options = try DaemonOptions(arguments: arguments)
        } catch {
            printError("petald: \(error)\nSee petald --help.")
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
            printError("petald: \(error)\nSee petald --help.")
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
            return try await Startup(options: options, log: log, linkedPlugins: linkedPlugins).serve(
                registry: registry, initial: initial, configuration: configuration)
        } catch {
            log.error("\(error)")
            return .exit(ExitStatus.fault.rawValue)
        }
    }

    static func printError(_ text: String) {
        writeToStandardError(text + "\n")
    }
}
