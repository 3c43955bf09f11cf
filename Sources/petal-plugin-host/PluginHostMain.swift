import CLinux
import DBus
import Dispatch
import Glibc
import Linux
import PetalJSON
import PetalPluginRuntime
import Synchronization

/// `petal-plugin-host`: runs one isolated plugin for petald (docs/plugins.md,
/// "In petald, isolated, or a provider?"). petald starts it with its server's address and a
/// one-time token in the environment; the host connects, learns from
/// `Begin` which file to load, loads it with the checks petald's own loader
/// makes, calls its `init` with a `petal_host` table that forwards to petald,
/// says `Ready`, and serves the plugin until the connection closes. Then it
/// cancels what still runs, calls the plugin's `deinit`, and exits.
///
/// It dies with petald: the kernel sends it SIGKILL when its parent goes
/// (`PR_SET_PDEATHSIG`), and it checks at once that the parent is still the
/// petald that started it.
enum PluginHostMain {
    /// The whole of the executable's `main`.
    static func main() -> Never {
        var log = Logger()
        log.program = "petal-plugin-host"
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.contains("--help") || arguments.contains("-h") {
            print(helpText, terminator: "")
            exit(0)
        }
        if arguments.contains("--version") {
            print(BuildInfo.versionText(), terminator: "")
            exit(0)
        }
        func variable(_ name: String) -> String? {
            guard let value = getenv(name) else { return nil }
            defer { unsetenv(name) }
            return String(cString: value)
        }
        let parent = variable(HostProtocol.parentVariable).flatMap { pid_t($0) }
        let unit = variable(HostProtocol.unitVariable)
        guard let address = variable(HostProtocol.addressVariable), let token = variable(HostProtocol.tokenVariable),
            parent != nil || unit != nil
        else {
            log.error(
                "this program is started by petald, one process per isolated plugin, with \(HostProtocol.addressVariable), \(HostProtocol.tokenVariable) and \(HostProtocol.parentVariable) or \(HostProtocol.unitVariable) set; it is not meant to be run by hand (see petald(8))"
            )
            exit(2)
        }
        if let parent {
            // petald's child dies with it.
            _ = clinux_die_with_parent(SIGKILL)
            // petald may have died before the line above, which would then never fire.
            guard getppid() == parent else { exit(1) }
        }
        // In a unit, systemd stops it with petald's unit (BindsTo=), and it ends when its connection does.
        signal(SIGPIPE, SIG_IGN)
        // petald decides when a host ends (it closes the connection, or kills it). The
        // SIGINT of a terminal's Ctrl-C and the SIGTERM systemd sends to petald's whole
        // unit at stop must not end it before its plugin's deinit; a handler, unlike
        // SIG_IGN, is not inherited by a program the plugin might exec itself.
        for stop in [SIGINT, SIGTERM, SIGHUP] { signal(stop) { _ in } }
        do {
            try serve(address: address, token: token, log: &log)
        } catch {
            log.error("\(error)")
            exit(1)
        }
    }

    static let helpText = """
        Usage: petal-plugin-host

        Runs one isolated plugin for petald, which starts this program itself
        (plugins.isolate in the configuration) and talks to it over a private
        connection. It is not meant to be run by hand. See petald(8).

        """

    private static func serve(address: String, token: String, log: inout Logger) throws -> Never {
        let loop = try EventLoop(name: "petal-host")
        let connection = try DBusConnection.connect(toPeer: address, loop: loop)
        let closed = Handoff<Void>()
        connection.onDisconnect { closed.put(()) }
        let session = HostSession(connection: connection)

        let begun = try session.link.askAndWait(HostProtocol.Services.begin, token, timeout: HostSession.patience).get()
        let (path, settings, size, modified) = (begun.path, begun.settings, begun.size, begun.modified)
        let file: PluginFile
        do {
            file = try PluginFile(path: path, user: getuid())
        } catch {
            session.refuse(.failed, error.description)
        }
        guard file.identity.size == size, file.identity.modified == modified else {
            session.refuse(
                .failed, "\(path) changed between petald's checks and the host's; it is loaded at the next start")
        }
        log.program = "petal-plugin-host[\(file.note?.name ?? PluginRules.stem(of: path))]"
        if let note = file.note,
            let problem = PluginRules.abiProblem(
                major: UInt(note.abiMajor), minor: UInt(note.abiMinor),
                claim: "its \(PluginRules.noteSection) says it was")
        {
            session.refuse(.incompatible, problem)
        }
        let plugin: NativePlugin
        switch PluginLibrary.open(file, slot: CrashSlot(raw: -1), recordsCode: false, log: log) {
        case .success(let opened): plugin = opened
        case .failure(let refusal): session.refuse(refusal.status, refusal.reason)
        }
        let forwarding = ForwardingHost(connection: connection, settings: settings)
        let hosted = HostedPlugin(plugin, loop: loop)
        // Served before init, which may already start programs whose outcomes come back here.
        try loop.performAndWait {
            connection.objectServer.register(
                [
                    hosted.providerInterface,
                    DBusInterface(
                        HostProtocol.pluginInterface, methods: forwarding.callbackMethods + [hosted.pingMethod]),
                ], at: HostProtocol.pluginPath)
        }
        do {
            try plugin.startWorker()
        } catch {
            session.refuse(.failed, "its worker thread could not be started: \(error)")
        }
        if let failure = plugin.initialize(host: forwarding.table) {
            session.refuse(.failed, "its init failed: \(failure)")
        }
        do {
            try session.link.askAndWait(
                HostProtocol.Services.ready, plugin.name, plugin.version, hosted.actionRows,
                timeout: HostSession.patience
            ).get()
            closed.take()
        } catch {
            // petald refused it after all (its name is taken, say): release what init took.
        }
        try? loop.performAndWait { hosted.cancelAll() }
        plugin.finish(log: log)
        exit(0)
    }
}

/// The host's calls to petald while it starts, which it waits for.
private struct HostSession {
    let link: PetaldLink

    init(connection: DBusConnection) { link = PetaldLink(connection: connection) }

    /// How long the host waits for each of petald's answers while it starts.
    static let patience: Duration = .seconds(10)

    /// Tells petald why the plugin is not served, and exits.
    func refuse(_ status: PluginRecord.Status, _ reason: String) -> Never {
        _ = link.askAndWait(HostProtocol.Services.refused, status, reason, timeout: Self.patience)
        exit(0)
    }
}

/// Why the host could not go on, for its log line.
struct HostFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
