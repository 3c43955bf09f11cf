import PetalPlugin
import PhonePlugin

/// The C entry point of libpetal-phone.so.
@_cdecl("petal_plugin_entry_v1")
public func petalPluginEntry() -> UnsafeRawPointer { export(PhonePlugin.self) }
