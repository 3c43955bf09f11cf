/// The version of Petal's built-in plugins, which ship with the daemon.
public let petalPluginVersion = "0.1.0"
