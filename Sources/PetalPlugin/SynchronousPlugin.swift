import PetalJSON

/// A plugin whose actions run synchronously, on the thread the daemon invokes
/// them on: the plugin's own worker thread (`petal-<name>` in `top -H`).
///
/// Conform to this instead of ``Plugin`` when an action's work ends by
/// itself and soon: checking parameters, computing a result, starting a
/// program with ``PluginHost``'s synchronous `launch` or `open`, logging.
/// The invocation then costs
/// no task and no thread hop: the result is the completion, made before the
/// daemon's `invoke` returns. Everything else of ``Plugin`` applies: `name`,
/// `version`, `actions`, `init(host:)` and ``export(_:)`` are the same.
///
/// # Implementation requirements
/// - **The worker is the plugin's own.** While `perform` runs, the plugin's
///   other invocations wait behind it, and other plugins' do not: blocking on
///   the plugin's own work is fine. An action that waits for something that
///   may not come (a program's end, a D-Bus reply, a signal, the user) is
///   written async, with ``Plugin/perform(_:params:)``, so that the daemon's
///   timeout can cancel it.
/// - **Cancellation.** See ``Invocation``: petald cancels on this same
///   thread, after `perform` returns, so `perform` always runs to its end;
///   ``Invocation/isCancelled`` is set where a cancellation can come sooner.
/// - **Errors** as for ``Plugin``: throw ``PluginError``; anything else is
///   `ActionFailed` with its description.
public protocol SynchronousPlugin: Plugin {
    /// Runs `action` (one of ``Plugin/actions``) with its parameters on the
    /// calling thread, returning its result.
    func perform(_ action: String, params: Parameters, invocation: Invocation) throws -> JSONObject
}

extension SynchronousPlugin {
    /// The async form of a synchronous plugin, for code that awaits it (a
    /// test, say): runs the synchronous `perform` on the calling task's
    /// thread, with the task's cancellation setting ``Invocation/isCancelled``.
    /// The daemon never calls it: ``export(_:)`` calls the synchronous form.
    public func perform(_ action: String, params: Parameters) async throws -> JSONObject {
        let invocation = Invocation()
        return try await withTaskCancellationHandler {
            try perform(action, params: params, invocation: invocation)
        } onCancel: {
            invocation.cancel()
        }
    }
}
