import CameraPlugin
import CommandPlugin
import MessagePlugin
import OpenPlugin
import PetalPlugin
import PetalPluginRuntime
import PhonePlugin

/// Petal's own plugins, linked into petald so that they run on petald's
/// Swift runtime: a first invocation then maps no plugin library, and not
/// the shared Swift runtime a plugin library brings (docs/plugins.md). Their
/// files beside petald are still what says they are installed, what
/// `plugins.disabled` and the quarantine name, and what `petal-plugin-host`
/// loads when one runs isolated.
package enum BuiltInPlugins {
    /// Each plugin with its table, as `petald` passes them to the loader.
    package static let linked: [LinkedPlugin] = [
        LinkedPlugin(name: CameraPlugin.name, version: CameraPlugin.version) { export(CameraPlugin.self) },
        LinkedPlugin(name: CommandPlugin.name, version: CommandPlugin.version) { export(CommandPlugin.self) },
        LinkedPlugin(name: MessagePlugin.name, version: MessagePlugin.version) { export(MessagePlugin.self) },
        LinkedPlugin(name: OpenPlugin.name, version: OpenPlugin.version) { export(OpenPlugin.self) },
        LinkedPlugin(name: PhonePlugin.name, version: PhonePlugin.version) { export(PhonePlugin.self) },
    ]
}
