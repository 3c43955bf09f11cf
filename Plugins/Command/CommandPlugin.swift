import PetalJSON
import PetalPlugin

/// `command.run`: runs an argv (never through a shell) with optional env,
/// cwd and timeout, returning its exit status and the tails of its output;
/// or, with `detach`, starts it and returns at once.
///
/// Settings (`plugins.settings.command`): `timeout` (seconds, default 10) and
/// `allow` (the program names that may be run; all when absent).
public struct CommandPlugin: Plugin {
    public static let name = "command"
    public static let version = petalPluginVersion
    public static let actions = [PluginAction("command.run", title: "Run a command", icon: "utilities-terminal")]

    private let host: PluginHost

    public init(host: PluginHost) { self.host = host }

    public func perform(_ action: String, params: Parameters) async throws -> JSONObject {
        let request = try CommandRequest(params, settings: Settings(plugin: Self.name, host: host))
        do {
            if request.detach {
                return try await host.launch(
                    request.argv, environment: request.environment, directory: request.directory)
            }
            // {"status", "stdout", "stderr"}, and "timedOut": true when it was stopped.
            return try await host.run(
                request.argv, environment: request.environment, directory: request.directory,
                timeout: request.timeout)
        } catch let error as PluginError {
            throw PluginError.failed(
                "command.run cannot start \(request.argv[0]): \(error.message); give the program's full path in argv[0], or install it"
            )
        }
    }
}
