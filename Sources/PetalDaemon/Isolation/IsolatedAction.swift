import PetalPluginRuntime

/// An action of an isolated plugin.
struct IsolatedAction: Action {
    let plugin: IsolatedPlugin
    let id: String
    let title: String
    let icon: String

    func start(_ params: ActionParams, finish: @escaping @Sendable (ActionOutcome) -> Void) -> ActionCancellation {
        plugin.start(id, params: params, finish: finish)
    }
}

extension IsolatedPlugin {
    /// Runs `action` in the host, starting the host first if none runs.
    func start(
        _ action: String, params: ActionParams, finish: @escaping @Sendable (ActionOutcome) -> Void
    ) -> ActionCancellation {
        let invocation = PendingInvocation()
        ensureHost { [self] result in
            guard !invocation.cancelled else { return }
            switch result {
            case .failure(let error): finish(.failure(error))
            case .success(let host):
                invocation.cancel = host.invoke(
                    action, params, plugin: name, callTimeout: actionTimeout + .seconds(5),
                    finish: finish
                ) { [weak self, weak host] in
                    guard let self, let host else { return }
                    host.ping(plugin: name, timeout: actionTimeout, log: log) { [weak self] host in host === self?.host
                    }
                }
            }
        }
        return ActionCancellation {
            invocation.cancelled = true
            invocation.cancel?()
        }
    }

    /// What a cancellation finds: whether it came, and how to stop the invocation once started.
    ///
    /// Unchecked Sendable: confined to the event loop thread.
    private final class PendingInvocation: @unchecked Sendable {
        var cancelled = false
        var cancel: (() -> Void)?
    }
}
