import DBus

/// The private protocol between petald and a `petal-plugin-host`, over a
/// peer-to-peer connection of their own (petald's `HostServer`).
///
/// The host serves the plugin as an action provider: the object at
/// ``pluginPath`` has `org.petal.Petal1.ActionProvider` (`Name`, `Actions`,
/// `Invoke`, `Cancel`), exactly as a provider on the bus does, so petald runs
/// an isolated plugin's actions with the same `ProviderAction` as any
/// provider's. Next to it, ``pluginInterface`` carries what only a host
/// needs: `Ping`, and the outcomes of the host-table calls it forwarded.
///
/// petald serves ``servicesInterface`` at ``servicesPath``: the `petal_host`
/// table, one method per function, carried out by the plugin's
/// `PluginContext` exactly as for a plugin in petald. JSON crosses as text,
/// as the C ABI has it, so the plugin sees the same bytes in either mode.
package enum HostProtocol {
    /// petald's object on a host's connection.
    package static let servicesPath: ObjectPath = "/org/petal/Petal1/Host"
    /// The `petal_host` table, served by petald.
    package static let servicesInterface: InterfaceName = "org.petal.Petal1.PluginHost"
    /// The host's object: the plugin as a provider, and ``pluginInterface``.
    package static let pluginPath: ObjectPath = "/org/petal/Petal1/Plugin"
    /// What petald calls on the host besides the provider interface.
    package static let pluginInterface: InterfaceName = "org.petal.Petal1.PluginHost.Plugin"

    /// The environment variable that gives the host petald's server address.
    package static let addressVariable = "PETAL_HOST_ADDRESS"
    /// The one-time token the host presents in `Begin`, so petald knows which plugin it is.
    package static let tokenVariable = "PETAL_HOST_TOKEN"
    /// petald's pid, for a host that is its child: the host stops at once if its parent is not (or no longer) this process.
    package static let parentVariable = "PETAL_HOST_PARENT"
    /// The transient unit a host runs in, under systemd, in place of ``parentVariable``.
    package static let unitVariable = "PETAL_HOST_UNIT"

    /// The most bytes one message on a host's connection may take. A plugin's
    /// params and results are at most 64 KiB as JSON and its D-Bus calls'
    /// replies are bounded by the bus; a host that sends more is cut off.
    package static let maximumMessageBytes = 8 << 20
    /// The most bytes of a host's messages petald holds before it stops reading its socket.
    package static let maximumQueuedBytes = 16 << 20

    /// Members of ``servicesInterface``, which the host calls.
    package enum Services {
        /// `(s token) → (s path, s settings_json)`: the host says who it is; petald answers what to load.
        package static let begin: MemberName = "Begin"
        /// `(s name, s version, a(sss) actions)`: init succeeded; the plugin is served.
        package static let ready: MemberName = "Ready"
        /// `(s status, s reason)`: the plugin could not be loaded (`failed` or `incompatible`); the host exits.
        package static let refused: MemberName = "Refused"
        /// `(u level, s message)`, no reply: `petal_host.log`.
        package static let log: MemberName = "Log"
        /// `(as argv, s options_json) → (s started_json)`: `petal_host.launch`.
        package static let launch: MemberName = "Launch"
        /// `(t run, as argv, s options_json) → (b started)`: `run` and `start_run`; the outcome comes as `RunFinished`.
        package static let startRun: MemberName = "StartRun"
        /// `(t run)`, no reply: `stop_run`.
        package static let stopRun: MemberName = "StopRun"
        /// `(s destination, s path, s interface, s method, s signature, s args_json, i timeout_ms) → (s reply_json)`.
        package static let callMethod: MemberName = "CallMethod"
        /// `(t subscription, s sender, s path, s interface, s member)`, no reply; "" matches anything.
        package static let subscribe: MemberName = "Subscribe"
        /// `(t subscription)`, no reply.
        package static let unsubscribe: MemberName = "Unsubscribe"
    }

    /// Members of ``pluginInterface``, which petald calls.
    package enum Plugin {
        /// `() → ()`, answered from the plugin's worker thread: a host whose
        /// worker is stuck in the plugin does not answer, and is killed.
        package static let ping: MemberName = "Ping"
        /// `(t run, s result_json, s error_name, s message)`, no reply: a program ended; "" for none.
        package static let runFinished: MemberName = "RunFinished"
        /// `(t subscription, s sender, s path, s interface, s member, s args_json)`, no reply.
        package static let signal: MemberName = "Signal"
    }
}
