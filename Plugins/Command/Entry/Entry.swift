import CommandPlugin
import PetalPlugin

/// The C entry point of libpetal-command.so.
@_cdecl("petal_plugin_entry_v1")
public func petalPluginEntry() -> UnsafeRawPointer { export(CommandPlugin.self) }
