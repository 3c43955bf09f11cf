import DBus
import PetalAPI
import PetalCore

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
        /// The host says who it is; petald answers what to load (``HostAssignment``).
        package static let begin = DBusMethodDeclaration(
            servicesInterface, "Begin", in: DBusIn("token", String.self), returns: HostAssignment.self)
        /// The plugin's `init` succeeded; it is served with these actions.
        package static let ready = DBusMethodDeclaration(
            servicesInterface, "Ready", in: DBusIn("name", String.self), DBusIn("version", String.self),
            DBusIn("actions", [ProviderActionRow].self))
        /// The plugin could not be loaded (`failed` or `incompatible`); the host exits.
        package static let refused = DBusMethodDeclaration(
            servicesInterface, "Refused", in: DBusIn("status", PluginStatus.self), DBusIn("reason", String.self))
        /// `petal_host.log`, sent without a reply; `cut` bytes were cut off the message.
        package static let log = DBusMethodDeclaration(
            servicesInterface, "Log", in: DBusIn("level", UInt32.self), DBusIn("message", String.self),
            DBusIn("cut", UInt32.self))
        /// `petal_host.launch`: the `started` JSON, as the C ABI gives it.
        package static let launch = DBusMethodDeclaration(
            servicesInterface, "Launch", in: DBusIn("argv", [String].self), DBusIn("options", String.self),
            out: DBusOut("started", String.self))
        /// `run` and `start_run`: whether the program started; its outcome comes as `RunFinished`.
        package static let startRun = DBusMethodDeclaration(
            servicesInterface, "StartRun", in: DBusIn("run", UInt64.self), DBusIn("argv", [String].self),
            DBusIn("options", String.self), out: DBusOut("started", Bool.self))
        /// `stop_run`, sent without a reply.
        package static let stopRun = DBusMethodDeclaration(servicesInterface, "StopRun", in: DBusIn("run", UInt64.self))
        /// `call_method`: the reply's arguments as JSON.
        package static let callMethod = DBusMethodDeclaration(
            servicesInterface, "CallMethod", in: DBusIn("destination", String.self), DBusIn("path", String.self),
            DBusIn("interface", String.self), DBusIn("method", String.self), DBusIn("signature", String.self),
            DBusIn("args", String.self), DBusIn("timeout", Int32.self), out: DBusOut("reply", String.self))
        /// `subscribe_signal(_from)`, sent without a reply; "" matches anything.
        package static let subscribe = DBusMethodDeclaration(
            servicesInterface, "Subscribe", in: DBusIn("subscription", UInt64.self), DBusIn("sender", String.self),
            DBusIn("path", String.self), DBusIn("interface", String.self), DBusIn("member", String.self))
        /// `unsubscribe_signal`, sent without a reply.
        package static let unsubscribe = DBusMethodDeclaration(
            servicesInterface, "Unsubscribe", in: DBusIn("subscription", UInt64.self))
    }

    /// Members of ``pluginInterface``, which petald calls.
    package enum Plugin {
        /// Answered from the plugin's worker thread: a host whose worker is
        /// stuck in the plugin does not answer, and is killed.
        package static let ping = DBusMethodDeclaration(pluginInterface, "Ping")
        /// A program ended, sent without a reply: its result JSON, or an error name and message ("" for none).
        package static let runFinished = DBusMethodDeclaration(
            pluginInterface, "RunFinished", in: DBusIn("run", UInt64.self), DBusIn("result", String.self),
            DBusIn("error", String.self), DBusIn("message", String.self))
        /// A signal the plugin subscribed to, its arguments as JSON, sent without a reply.
        package static let signal = DBusMethodDeclaration(
            pluginInterface, "Signal", in: DBusIn("subscription", UInt64.self), DBusIn("sender", String.self),
            DBusIn("path", String.self), DBusIn("interface", String.self), DBusIn("member", String.self),
            DBusIn("args", String.self))
    }
}

/// petald's answer to a host's `Begin`: the file to load, its identity as
/// petald checked it (the host refuses a file that differs), and the
/// plugin's settings as JSON.
package struct HostAssignment: DBusArgumentList, Equatable {
    package var path: String
    package var settings: String
    /// The file's size and modification time, as ``PluginIdentity`` has them.
    package var size: Int64
    package var modified: Int64

    package init(path: String, settings: String, size: Int64, modified: Int64) {
        (self.path, self.settings, self.size, self.modified) = (path, settings, size, modified)
    }

    package static let arguments = [
        DBusArgument("path", .string), DBusArgument("settings", .string),
        DBusArgument("size", .int64), DBusArgument("modified", .int64),
    ]

    package init?(dbusValues values: [DBusValue]) {
        var reader = DBusValueReader(values)
        guard let path = reader.read(String.self), let settings = reader.read(String.self),
            let size = reader.read(Int64.self), let modified = reader.read(Int64.self), reader.isAtEnd
        else { return nil }
        self.init(path: path, settings: settings, size: size, modified: modified)
    }

    package var dbusValues: [DBusValue] { [.string(path), .string(settings), .int64(size), .int64(modified)] }
}
