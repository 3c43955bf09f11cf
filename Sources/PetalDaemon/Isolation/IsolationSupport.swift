import DBus
import Glibc
import Linux
import PetalCore
import PetalPluginRuntime

/// What the loader needs to run plugins isolated: the policy, and the hosts'
/// server and executable, or why there are none (then every plugin the
/// policy isolates fails with that reason rather than running inside petald).
///
/// Unchecked Sendable: prepared once at start-up, before the loop serves; read-only after.
final class IsolationSupport: @unchecked Sendable {
    let policy: PluginIsolation
    let loop: EventLoop
    /// What hosts' start-up limits and deaths are timed with.
    let clock: any MenuClock
    private let log: Logger
    private var prepared: Result<(server: HostServer, executable: String), HostServerError>?

    /// Isolates the plugins `policy` names, with hosts that connect on `loop`.
    init(policy: PluginIsolation, loop: EventLoop, clock: any MenuClock = MonotonicClock(), log: Logger) {
        self.policy = policy
        self.loop = loop
        self.clock = clock
        self.log = log
    }

    /// The hosts' server and executable, set up when the first plugin to isolate is found
    /// (so that a petald with none makes no socket); from start-up, off the loop.
    var hosting: Result<(server: HostServer, executable: String), HostServerError> {
        if let prepared { return prepared }
        let hosting: Result<(server: HostServer, executable: String), HostServerError>
        do {
            let executable = try HostExecutable.locate()
            let folder = try HostServer.prepareFolder()
            let log = log
            let loop = loop
            hosting = .success(
                (try loop.performAndWait { try HostServer(folder: folder, loop: loop, log: log) }, executable))
        } catch let error as HostServerError {
            hosting = .failure(error)
        } catch {
            hosting = .failure(HostServerError("cannot listen for plugin hosts: \(error)"))
        }
        if case .failure(let error) = hosting { log.error("isolated plugins cannot run: \(error)") }
        prepared = hosting
        return hosting
    }

    /// Stops listening, if it did; on the loop, as petald stops.
    func close() {
        if case .success(let hosting)? = prepared { hosting.server.close() }
    }
}

/// Where `petal-plugin-host` is: beside petald's executable (the build
/// folder, or `<prefix>/bin`), else in `<prefix>/libexec/petal/`.
enum HostExecutable {
    static let name = "petal-plugin-host"

    static func locate() throws(HostServerError) -> String {
        let binary = PluginSearchPath.parent(of: PluginSearchPath.executablePath())
        let candidates = [binary + "/" + name, PluginSearchPath.parent(of: binary) + "/libexec/petal/" + name]
        if let found = candidates.first(where: { access($0, X_OK) == 0 }) { return found }
        throw HostServerError(
            "\(name) was not found (looked for \(candidates.joined(separator: " and "))); install it with petald, or set plugins.isolate to \"none\" to run plugins inside petald"
        )
    }
}
