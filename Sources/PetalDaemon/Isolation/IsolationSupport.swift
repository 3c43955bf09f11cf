import DBus
import Glibc
import PetalCore

/// What the loader needs to run plugins isolated: the policy, and the hosts'
/// server and executable, or why there are none (then every plugin the
/// policy isolates fails with that reason rather than running inside petald).
struct IsolationSupport {
    let policy: PluginIsolation
    let loop: EventLoop
    let hosting: Result<(server: HostServer, executable: String), HostServerError>

    /// No plugin is isolated.
    static func none(loop: EventLoop) -> IsolationSupport {
        IsolationSupport(policy: .none, loop: loop, hosting: .failure(HostServerError("plugins.isolate is \"none\"")))
    }

    /// Listens for hosts on `loop` and finds `petal-plugin-host`; off the loop.
    static func prepare(policy: PluginIsolation, loop: EventLoop, log: Logger) -> IsolationSupport {
        guard policy != .none else { return none(loop: loop) }
        let hosting: Result<(server: HostServer, executable: String), HostServerError>
        do {
            let executable = try HostExecutable.locate()
            hosting = .success((try loop.performAndWait { try HostServer(loop: loop, log: log) }, executable))
        } catch let error as HostServerError {
            hosting = .failure(error)
        } catch {
            hosting = .failure(HostServerError("cannot listen for plugin hosts: \(error)"))
        }
        if case .failure(let error) = hosting { log.error("isolated plugins cannot run: \(error)") }
        return IsolationSupport(policy: policy, loop: loop, hosting: hosting)
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
            "\(name) was not found (looked for \(candidates.joined(separator: " and "))); install it with petald, or set plugins.isolate to \"none\" to run plugins inside petald")
    }
}
