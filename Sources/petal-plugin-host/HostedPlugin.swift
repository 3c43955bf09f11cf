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
///
/// Unchecked Sendable: its running invocations are touched on the host's bus thread alone.
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

    /// The plugin's actions: id, title, icon.
    var actionRows: [ProviderActionRow] {
        plugin.declaredActions.map { ProviderActionRow(id: $0.id, title: $0.title, icon: $0.icon) }
    }

    /// `org.petal.Petal1.ActionProvider`, as a provider on the bus serves it.
    var providerInterface: DBusInterface {
        typealias Provider = PetalBus.ActionProvider
        return DBusInterface(
            Provider.interface,
            methods: [
                Provider.invoke.serveLater { [self] reply, invocation, action, params in
                    try invoke(reply, invocation, action, params)
                },
                Provider.cancel.serve { [self] _, invocation in
                    running.removeValue(forKey: invocation)?()
                },
            ],
            properties: [
                Provider.name.serve { [plugin] in plugin.name },
                Provider.actions.serve { [self] in actionRows },
            ])
    }

    /// `Ping`, answered once the worker has run everything queued before it.
    var pingMethod: DBusMethod {
        HostProtocol.Plugin.ping.serveLater { [plugin] reply in
            plugin.afterQueuedCalls { reply.reply(()) }
        }
    }

    private func invoke(
        _ reply: DBusReply<DBusVariantDictionary>, _ invocation: UInt32, _ action: String,
        _ params: DBusVariantDictionary
    ) throws(DBusError) {
        guard actionIDs.contains(action) else {
            throw ActionError.failed("plugin \(plugin.name) has no action \(action)").dbusError
        }
        let loop = loop
        let cancellation = plugin.start(action, params: ActionParams(DBusJSON.object(params))) { [self] outcome in
            switch outcome {
            case .success(let result): reply.reply(DBusJSON.dictionary(result))
            case .failure(let error): reply.fail(error.dbusError)
            }
            loop.execute { [self] in running.removeValue(forKey: invocation) }
        }
        running[invocation] = cancellation
    }

    /// Cancels every invocation still running, as petald does when it stops.
    func cancelAll() {
        let cancellations = running.values
        running.removeAll()
        for cancel in cancellations { cancel() }
    }
}
