import OpenPlugin
import PetalPlugin

/// The C entry point of libpetal-open.so.
@_cdecl("petal_plugin_entry_v1")
public func petalPluginEntry() -> UnsafeRawPointer { export(OpenPlugin.self) }
