import DBus
import PetalAPI
import PetalPluginRuntime

/// What the `Plugins` property lists: every plugin file found at start-up,
/// kept current as isolated plugins' hosts come and go, then each
/// registered provider. Confined to the loop thread.
final class PluginDirectory {
    private(set) var records: [PluginRecord]

    /// The records of start-up.
    init(_ records: [PluginRecord]) { self.records = records }

    /// The `Plugins` rows.
    var rows: [PluginRow] {
        records.map {
            PluginRow(name: $0.name, version: $0.version, path: $0.path, status: $0.status, reason: $0.reason)
        }
    }

    /// Replaces the record of the file at `record.path`; false when it was already so, or is not listed.
    func update(_ record: PluginRecord) -> Bool {
        guard let index = records.firstIndex(where: { $0.path == record.path }), records[index] != record else {
            return false
        }
        records[index] = record
        return true
    }

    /// Lists a provider (or an activatable provider's drop-in) at `location`.
    func addProvider(named name: String, at location: String, reason: String) {
        records.append(PluginRecord(name: name, version: "", path: location, status: .loaded, reason: reason))
    }

    /// Unlists whatever is at `location`.
    func remove(at location: String) {
        records.removeAll { $0.path == location }
    }

    /// The file of the loaded plugin called `name`, if any.
    func loadedPlugin(named name: String) -> String? {
        records.first { $0.name == name && $0.status == .loaded }?.path
    }

    /// A one-line summary for the service manager's STATUS, after "Serving N items".
    var summary: String {
        let loaded = records.filter { $0.status == .loaded }.count
        var text = "\(loaded) plugin\(loaded == 1 ? "" : "s") loaded"
        let troubled = records.filter {
            $0.status == .failed || $0.status == .quarantined || $0.status == .incompatible
        }
        if !troubled.isEmpty {
            text +=
                "; \(troubled.count) skipped (\(troubled.map { "\($0.name): \($0.status.rawValue)" }.joined(separator: ", ")))"
        }
        return text
    }
}
