import Glibc
import Linux
import PetalConfiguration
import PetalCore
import PetalJSON

/// Reads petald's quarantine list (`quarantine.json`: an array of objects
/// with a `path`), to say which plugins clearing it releases.
enum QuarantineList {
    /// The quarantined files' paths; empty when the list is missing or unreadable.
    static func paths(in file: String) -> [String] {
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        guard let bytes = try? readToEnd(fd, limit: 1 << 20),
            case .array(let entries)? = try? JSONValue.parse(bytes)
        else { return [] }
        return entries.compactMap { $0["path"]?.stringValue }
    }
}
