import CameraPlugin
import PetalPlugin

/// The C entry point of libpetal-camera.so.
@_cdecl("petal_plugin_entry_v1")
public func petalPluginEntry() -> UnsafeRawPointer { export(CameraPlugin.self) }
