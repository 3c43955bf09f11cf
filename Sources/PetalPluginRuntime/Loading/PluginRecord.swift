import PetalCore

/// One plugin file the daemon found, as the `Plugins` property reports it.
package struct PluginRecord: Equatable, Sendable {
    /// What became of the file.
    package typealias Status = PluginStatus

    /// The plugin's name, or the file's name when it could not be read.
    package var name: String
    /// The plugin's version, "" when unknown.
    package var version: String
    /// The file's path.
    package var path: String
    /// What became of it.
    package var status: Status
    /// Why, for anything but `loaded`.
    package var reason: String

    package init(name: String, version: String, path: String, status: Status, reason: String) {
        self.name = name
        self.version = version
        self.path = path
        self.status = status
        self.reason = reason
    }
}
