import PetalPluginRuntime

extension NativePlugin {
    /// The daemon-side actions that invoke this plugin.
    func actions() -> [any Action] {
        declaredActions.map { NativeAction(plugin: self, id: $0.id, title: $0.title, icon: $0.icon) }
    }
}

/// An action served by a native plugin.
struct NativeAction: Action {
    let plugin: NativePlugin
    let id: String
    let title: String
    let icon: String

    func start(_ params: ActionParams, finish: @escaping @Sendable (ActionOutcome) -> Void) -> ActionCancellation {
        plugin.start(id, params: params, finish: finish)
    }
}
