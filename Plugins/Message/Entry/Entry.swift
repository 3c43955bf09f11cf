import MessagePlugin
import PetalPlugin

/// The C entry point of libpetal-message.so.
@_cdecl("petal_plugin_entry_v1")
public func petalPluginEntry() -> UnsafeRawPointer { export(MessagePlugin.self) }
