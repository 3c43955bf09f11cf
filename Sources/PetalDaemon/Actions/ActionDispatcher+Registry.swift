import DBus
import PetalAPI
import PetalCore
import PetalPluginRuntime

/// The actions that can run: listed by plugins and providers, listed in
/// `Actions`, and run by id for `Trigger`.
extension ActionDispatcher {
    /// The `Actions` rows.
    var rows: [ActionRow] {
        registry.all.map { ActionRow(id: $0.action.id, plugin: $0.plugin, title: $0.action.title) }
    }

    /// Runs action `actionID` for `Trigger`, answering `call` when it finishes.
    func trigger(
        _ actionID: String, params: DBusVariantDictionary, call: any PendingCall<DBusVariantDictionary>
    ) throws(DBusError) {
        try PetalError.checkLength(actionID, what: "action id")
        guard let action = registry.action(actionID) else {
            throw PetalError.make(
                .unknownAction,
                "no loaded plugin or provider provides action \"\(actionID)\"; the Actions property lists those that are available"
            )
        }
        try run(action, params: try ParamsCoding.params(from: params), item: "", call: call)
    }
}
