import DBus
import DBusJSON
import PetalAPI
import PetalJSON
import PetalPluginRuntime

/// A plugin inside `petal-plugin-host`, served to petald as an action
/// provider (``HostProtocol``): `Invoke` starts the plugin's `invoke` on its
/// worker thread, exactly as petald would, and is answered when the plugin
/// completes; `Cancel` reaches its `cancel`; `Ping` is answered from the
/// worker, so a worker stuck inside the plugin leaves it unanswered.
///
/// Its state lives on the host's bus thread.
final class HostedPlugin: @unchecked Sendable {
    let plugin: NativePlugin
    private let loop: EventLoop
    private let actionIDs: Set<String>
    /// The running invocations, by petald's invocation number.
    private var running: [UInt32: ActionCancellation] = [:]

    init(_ plugin: NativePlugin, loop: EventLoop) {
        self.plugin = plugin
        self.loop = loop
        actionIDs = Set(plugin.declaredActions.map(\.id))
    }

    /// The plugin's actions as `a(sss)`: id, title, icon.
    var actionRows: DBusValue {
        .array(.structure([.string, .string, .string]), plugin.declaredActions.map { action in
            .structure([.string(action.id), .string(action.title), .string(action.icon)])
        })
    }

    /// `org.petal.Petal1.ActionProvider`, as a provider on the bus serves it.
    var providerInterface: DBusInterface {
        DBusInterface(PetalBus.providerInterface, methods: [
            DBusMethod("Invoke", in: DBusIn("invocation", UInt32.self), DBusIn("action", String.self),
                       DBusIn("params", DBusVariantDictionary.self),
                       out: [DBusArgument("result", PetalBus.Types.result)]) { [self] call, invocation, action, params in
                try invoke(call, invocation, action, params)
            },
            DBusMethod("Cancel", in: DBusIn("invocation", UInt32.self)) { [self] _, invocation in
                running.removeValue(forKey: invocation)?()
                return .values([])
            },
        ], properties: [
            DBusProperty("Name", .string, emitsChange: .const) { [plugin] in .string(plugin.name) },
            DBusProperty("Actions", PetalBus.Types.actions, emitsChange: .const) { [self] in actionRows },
        ])
    }

    /// `Ping`, answered once the worker has run everything queued before it.
    var pingMethod: DBusMethod {
        DBusMethod(HostProtocol.Plugin.ping) { [plugin] call in
            plugin.afterQueuedCalls { _ = call.reply([]) }
            return .later
        }
    }

    private func invoke(
        _ call: MethodCall, _ invocation: UInt32, _ action: String, _ params: DBusVariantDictionary
    ) throws(DBusError) -> MethodReply {
        guard actionIDs.contains(action) else {
            throw ActionError.failed("plugin \(plugin.name) has no action \(action)").dbusError
        }
        let object = JSONObject(params.entries.map { ($0.key, DBusJSON.json($0.value)) })
        let loop = loop
        let cancellation = plugin.start(action, params: ActionParams(object)) { [self] outcome in
            switch outcome {
            case .success(let result): _ = call.reply([DBusJSON.vardict(result)])
            case .failure(let error): _ = call.fail(error.dbusError)
            }
            loop.execute { [self] in running.removeValue(forKey: invocation) }
        }
        running[invocation] = cancellation
        return .later
    }

    /// Cancels every invocation still running, as petald does when it stops.
    func cancelAll() {
        let cancellations = running.values
        running.removeAll()
        for cancel in cancellations { cancel() }
    }
}
