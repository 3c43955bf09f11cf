import PetalJSON

/// A Petal plugin written in Swift: conform a type to this protocol and
/// export it with one line (see ``export(_:)``).
///
/// This is the async form, for plugins whose actions await something: a
/// program's end (``PluginHost/run(_:environment:directory:timeout:outputLimit:)``),
/// a D-Bus reply, a signal. A plugin whose actions end by themselves and soon
/// conforms to ``SynchronousPlugin`` instead, and runs without a task.
///
/// # Implementation requirements
/// - **Where it runs.** `perform` starts on the plugin's own worker thread,
///   where the daemon calls the plugin, and runs there until its first
///   suspension; after an `await` that suspends, it goes on on Swift's
///   cooperative pool. So a `perform` that never suspends completes before
///   the daemon's `invoke` returns, with no thread hop, and one that does
///   leaves the worker free for the plugin's next invocation meanwhile.
/// - **Thread safety.** Several invocations may be running at once, one task
///   each; the type must be `Sendable` and keep any mutable state behind a
///   lock or an actor.
/// - **Exactly one outcome.** Return a result or throw; the SDK turns that into
///   the single completion the daemon expects. Do not call the C completion
///   yourself.
/// - **Errors.** Throw ``PluginError/invalidParams(_:)`` for a parameter that
///   is missing, mistyped or out of range (name it and say what is expected),
///   and ``PluginError/failed(_:)`` for anything else, saying what was wrong and
///   what would be right (for a missing program: which one, and the setting
///   that chooses another). Other errors are reported as `ActionFailed` with
///   their description.
/// - **Cancellation.** When the daemon gives up on an invocation (its timeout
///   passed, or it is stopping), the task running `perform` is cancelled;
///   long work should check `Task.isCancelled` or use cancellable awaits.
/// - **Programs and the bus.** Start programs and call D-Bus only through the
///   ``PluginHost`` given to `init`, never directly, so that the daemon's
///   sandbox and its single bus connection are respected.
public protocol Plugin: Sendable {
    /// The plugin's unique name, `[a-z0-9_-]+`, e.g. `"camera"`.
    static var name: String { get }
    /// The plugin's own version, for display.
    static var version: String { get }
    /// The actions it provides; ids are unique across all plugins.
    static var actions: [PluginAction] { get }

    /// Creates the plugin once, when the daemon loads it.
    ///
    /// - Throws: to refuse loading; the daemon reports the plugin as `failed`
    ///   with the error's description.
    init(host: PluginHost) throws

    /// Runs `action` (one of ``actions``) with its parameters, returning its result.
    func perform(_ action: String, params: Parameters) async throws -> JSONObject
}

/// One action a plugin provides.
public struct PluginAction: Sendable {
    /// The action id, `<plugin>.<verb>` by convention, e.g. `camera.open`.
    public let id: String
    /// A short title for menus.
    public let title: String
    /// A freedesktop icon name, or "".
    public let icon: String

    /// Describes an action.
    public init(_ id: String, title: String, icon: String = "") {
        self.id = id
        self.title = title
        self.icon = icon
    }
}

/// How a plugin reports a failed action.
public enum PluginError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A parameter is missing, mistyped or out of range → `InvalidParams`.
    case invalidParams(String)
    /// The action could not do its work → `ActionFailed`.
    case failed(String)

    /// The Petal error name without its prefix.
    public var name: String {
        switch self {
        case .invalidParams: "InvalidParams"
        case .failed: "ActionFailed"
        }
    }

    /// The message for a person.
    public var message: String {
        switch self {
        case .invalidParams(let message), .failed(let message): message
        }
    }

    public var description: String { "\(name): \(message)" }

    /// What the daemon is told of `error`, thrown by `perform`: itself when it
    /// is a `PluginError`, else `ActionFailed` with its description, or
    /// `the action was cancelled` for a `CancellationError`.
    init(thrown error: any Error) {
        switch error {
        case let error as PluginError: self = error
        case is CancellationError: self = .failed("the action was cancelled")
        default: self = .failed("\(error)")
        }
    }
}
