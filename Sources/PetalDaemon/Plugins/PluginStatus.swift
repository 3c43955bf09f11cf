/// One plugin file the daemon found, as the `Plugins` property reports it.
public struct PluginRecord: Equatable, Sendable {
    /// What became of the file.
    public enum Status: String, Sendable {
        case loaded, disabled, incompatible, failed, quarantined
    }

    /// The plugin's name, or the file's name when it could not be read.
    public var name: String
    /// The plugin's version, "" when unknown.
    public var version: String
    /// The file's path.
    public var path: String
    /// What became of it.
    public var status: Status
    /// Why, for anything but `loaded`.
    public var reason: String
}
